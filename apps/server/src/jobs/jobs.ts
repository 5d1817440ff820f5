import { SHORT_LINK_LIFETIME_SECONDS } from '@rostra/core/shell/constants';
import type { Db } from '@rostra/db/client';
import {
  forgetExpiredOutboxSecretsUnsafe,
  pruneExpiredIdentityRowsUnsafe,
  pruneInvitations,
  pruneShortLinks,
  pruneThrottleUnsafe,
} from '@rostra/db/identity/retention';
import { listOrganisationIdsUnsafe } from '@rostra/db/infra/job-runs';
import { pruneLiveEventsUnsafe } from '@rostra/db/infra/live-events';
import { pruneErrorLogs } from '@rostra/db/scheduling/error-logs';
import { refreshExceptionReport } from '@rostra/db/scheduling/exception-report';
import { pruneWorkspaces } from '@rostra/db/scheduling/timeline-workspace';
import type { FileStore } from '../files/file-store.ts';
import { sweepFiles } from '../files/sweep.ts';
import {
  EMAIL_VERIFICATION_LIFETIME_SECONDS,
  type IdentityOptions,
  RESET_PASSWORD_LIFETIME_SECONDS,
} from '../identity/options.ts';
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

/** Accepted, revoked and expired invitations stay in the settings list this long after they closed. */
export const CLOSED_INVITATION_DAYS = 30;

/** What the identity layer's rows live by: each message purpose's secret, the longest rate window. */
export type IdentityRetention = {
  /** Seconds a message's link or code is good for, by the message's purpose. */
  secretLifetimeSeconds: Readonly<Record<string, number>>;
  /** The longest rate-limit window, in seconds: a counter older than that is closed. */
  longestThrottleWindowSeconds: number;
};

/** The identity options' lifetimes and windows, as the retention job reads them. */
export function identityRetentionOf(options: IdentityOptions): IdentityRetention {
  const { limits } = options;
  return {
    secretLifetimeSeconds: {
      'magic-link': options.magicLinkLifetimeSeconds,
      'phone-code': options.phoneCodeLifetimeSeconds,
      'password-reset': RESET_PASSWORD_LIFETIME_SECONDS,
      'verify-email': EMAIL_VERIFICATION_LIFETIME_SECONDS,
    },
    longestThrottleWindowSeconds: Math.max(
      limits.perIp.windowSeconds,
      limits.wrongPasswords.windowSeconds,
      limits.wrongPasswordsPerAccount.windowSeconds,
      limits.methodLookups.windowSeconds,
      limits.phoneCodes.windowSeconds,
      limits.phoneResendSeconds,
    ),
  };
}

/**
 * Every ten minutes: error logs past their ttl (30 days for errors, 10 for requests), workspace
 * documents past theirs (7 days), live events older than a day; expired sessions and verification
 * rows; rate-limit counters whose window has closed; the links and codes of outbox messages past
 * their lifetime (a used one goes at once: identity/mount.ts); short links past 3599 s;
 * invitations 30 days after they closed.
 */
export function retentionJob(db: Db, identity: IdentityRetention): BackgroundJob {
  return {
    name: 'retention',
    periodMs: 10 * 60_000,
    run: async (now) => {
      const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);
      const removed = {
        errorLogs: 0,
        workspaces: 0,
        liveEvents: 0,
        shortLinks: 0,
        invitations: 0,
        throttle: 0,
        outboxSecrets: 0,
        sessions: 0,
        verifications: 0,
      };
      const nowSeconds = Math.floor(now.getTime() / 1000);
      for (const orgId of await listOrganisationIdsUnsafe(db)) {
        removed.errorLogs += await pruneErrorLogs(db, orgId, now);
        removed.workspaces += await pruneWorkspaces(db, orgId, nowSeconds);
        removed.shortLinks += await pruneShortLinks(db, orgId, nowSeconds - SHORT_LINK_LIFETIME_SECONDS);
        removed.invitations += await pruneInvitations(db, orgId, at(CLOSED_INVITATION_DAYS * 86_400));
      }
      removed.liveEvents = await pruneLiveEventsUnsafe(db, new Date(now.getTime() - LIVE_EVENT_RETENTION_MS));
      Object.assign(removed, await pruneExpiredIdentityRowsUnsafe(db, now));
      removed.throttle = await pruneThrottleUnsafe(db, at(identity.longestThrottleWindowSeconds));
      for (const [purpose, seconds] of Object.entries(identity.secretLifetimeSeconds)) {
        removed.outboxSecrets += await forgetExpiredOutboxSecretsUnsafe(db, purpose, at(seconds));
      }
      return removed;
    },
  };
}

/** Daily: files no record names any more (files/sweep.ts), in whichever store is configured. */
export function fileSweepJob(db: Db, files: FileStore): BackgroundJob {
  return {
    name: 'file-sweep',
    periodMs: 24 * 3_600_000,
    run: async (now) => sweepFiles(db, files, await listOrganisationIdsUnsafe(db), now),
  };
}
