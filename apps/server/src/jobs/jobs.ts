import type { Db } from '@rostra/db/client';
import { listOrganisationIdsUnsafe } from '@rostra/db/infra/job-runs';
import { pruneLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { pruneErrorLogs } from '@rostra/db/scheduling/error-logs';
import { refreshExceptionReport } from '@rostra/db/scheduling/exception-report';
import { pruneWorkspaces } from '@rostra/db/scheduling/timeline-workspace';
import type { BackgroundJob } from './scheduler.ts';

/** Live events are kept a day: a client away longer is told to reload. */
export const LIVE_EVENT_RETENTION_MS = 24 * 3600_000;

/**
 * Every minute: each organisation's current exception report, computed with the core; a report
 * that changed is announced on the live `exception_report` topic.
 */
export function exceptionReportJob(db: Db): BackgroundJob {
  return {
    name: 'exception-report',
    periodMs: 60_000,
    run: async (now) => {
      let changed = 0;
      for (const orgId of await listOrganisationIdsUnsafe(db)) {
        if ((await refreshExceptionReport(db, orgId, now)).changed) changed++;
      }
      return changed;
    },
  };
}

/**
 * Every ten minutes: error logs past their ttl (30 days for errors, 10 for requests), workspace
 * documents past theirs (7 days), live events older than a day.
 */
export function retentionJob(db: Db): BackgroundJob {
  return {
    name: 'retention',
    periodMs: 10 * 60_000,
    run: async (now) => {
      const removed = { errorLogs: 0, workspaces: 0, liveEvents: 0 };
      for (const orgId of await listOrganisationIdsUnsafe(db)) {
        removed.errorLogs += await pruneErrorLogs(db, orgId, now);
        removed.workspaces += await pruneWorkspaces(db, orgId, Math.floor(now.getTime() / 1000));
      }
      removed.liveEvents = await pruneLiveEventsUnsafe(db, new Date(now.getTime() - LIVE_EVENT_RETENTION_MS));
      return removed;
    },
  };
}
