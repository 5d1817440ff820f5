import type { ExceptionEntry, ExceptionJob } from '@rostra/core/exceptions/report';
import { CURRENT_JOB_STATUSES } from '@rostra/core/exceptions/status-order';
import type { Period } from '@rostra/core/reports/period';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { readExceptionConfig, reportOfJobs } from '../scheduling/exception-report.ts';
import { loadOrgContext, wallClockOf } from '../scheduling/org-context.ts';
import { selectTimelineRecords } from '../scheduling/records.ts';
import { overlapsWindow } from '../scheduling/window-overlap.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/** At most this many jobs of a period are examined (a report is for reading, not a dump). */
export const EXCEPTION_JOB_LIMIT = 5000;

export type PeriodException = ExceptionEntry & {
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  customer: string | null;
  reference: string | null;
};

export type PeriodExceptions = {
  /** The wall-clock second the exceptions were worked out for. */
  computed_for: number;
  entries: PeriodException[];
  /** Exceptions per configured action status (every config listed, 0 when none). */
  by_action_status: { action_status: string; jobs: number }[];
  truncated: boolean;
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The exceptions among the current jobs (rostered, confirmed, dispatched, active) overlapping the
 * period, at the real instant `now`: the same rule as the urgent banner's report (the core's
 * `buildExceptionReport` with the organisation's configs and each job's latest state), limited to
 * the period instead of every current job.
 */
export function exceptionsInPeriod(
  db: Db,
  orgId: string,
  period: Period,
  now: Date,
): Promise<PeriodExceptions> {
  return withOrg(db, orgId, async (tx) => {
    const org = await loadOrgContext(tx, orgId);
    const wall = wallClockOf(org, now);
    const { configs } = await readExceptionConfig(tx, orgId);
    const jobs = configs.length
      ? await selectTimelineRecords(
          tx,
          and(
            eq(timelineRecords.orgId, orgId),
            eq(timelineRecords.key, 'booking'),
            inArray(timelineRecords.status, [...CURRENT_JOB_STATUSES]),
            eq(timelineRecords.inactive, false),
            overlapsWindow(period.from, period.to),
          ),
          EXCEPTION_JOB_LIMIT,
        )
      : [];
    const built = await reportOfJobs(tx, orgId, jobs as ExceptionJob[], configs, wall, org.timeZone);
    const byId = new Map(jobs.map((j) => [j._id, j]));
    const entries = built.entries.map((e): PeriodException => {
      const job = byId.get(e._id) as Record<string, unknown> | undefined;
      const customer = [text(job?.customer_first_name), text(job?.customer_last_name)]
        .filter(Boolean)
        .join(' ');
      return {
        ...e,
        utc_begin_plus_tz: Number(job?.utc_begin_plus_tz ?? 0),
        utc_end_plus_tz: Number(job?.utc_end_plus_tz ?? 0),
        customer: customer === '' ? null : customer,
        reference: text(job?.reference),
      };
    });
    const counts = new Map<string, number>(configs.map((c) => [c.action_status, 0]));
    for (const e of entries) counts.set(e.action_status, (counts.get(e.action_status) ?? 0) + 1);
    return {
      computed_for: wall,
      entries,
      by_action_status: [...counts].map(([action_status, jobs]) => ({ action_status, jobs })),
      truncated: jobs.length === EXCEPTION_JOB_LIMIT,
    };
  });
}
