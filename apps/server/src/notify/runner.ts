import { retryAt } from '@rostra/core/notifications/rules';
import type { Db } from '@rostra/db/client';
import { listOrganisationIdsUnsafe } from '@rostra/db/infra/job-runs';
import { claimDeliveries, type Delivery, markFailed, markSent } from '@rostra/db/notifications/deliveries';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundJob } from '../jobs/scheduler.ts';
import { type NotificationChannel, type OutgoingDelivery, PermanentFailure } from './channels.ts';

/*
 * The notification runner (issue #19 point 5): claims the due sends of each organisation, hands
 * each to its channel, and marks it sent, due again after the channel's backoff, or failed. The
 * channels run side by side, each through its own sends in order, so a slow or failing channel
 * never holds up the others.
 */

export type RunReport = { sent: number; retried: number; failed: number };

export type NotificationRunner = { runOnce(now: Date): Promise<RunReport> };

export function createNotificationRunner(input: {
  db: Db;
  channels: readonly NotificationChannel[];
  leaseMs: number;
  /** The clock sends are marked by (the app's). */
  now: () => Date;
  log?: FastifyBaseLogger | undefined;
  /** Completes a send before it goes (the confirm link of notify/notifications.ts). */
  prepare?: ((d: Delivery) => Promise<OutgoingDelivery>) | undefined;
}): NotificationRunner {
  const byName = new Map(input.channels.map((c) => [c.name as string, c]));
  const sendOne = async (orgId: string, d: Delivery, report: RunReport) => {
    const channel = byName.get(d.channel);
    try {
      if (!channel) throw new PermanentFailure(`no channel ${d.channel}`);
      const outcome = await channel.send(input.prepare ? await input.prepare(d) : d);
      if (await markSent(input.db, orgId, d, outcome.providerId, input.now())) report.sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const next =
        err instanceof PermanentFailure ? undefined : retryAt(d.channel as 'push', d.attempts, input.now());
      await markFailed(input.db, orgId, d, message, next);
      if (next) report.retried++;
      else report.failed++;
      input.log?.warn(
        { orgId, delivery: d.id, channel: d.channel, err: message },
        'notification send failed',
      );
    }
  };
  return {
    async runOnce(now) {
      const report: RunReport = { sent: 0, retried: 0, failed: 0 };
      for (const orgId of await listOrganisationIdsUnsafe(input.db)) {
        const claimed = await claimDeliveries(input.db, orgId, now, input.leaseMs);
        if (claimed.length === 0) continue;
        const lanes = new Map<string, Delivery[]>();
        for (const d of claimed) lanes.set(d.channel, [...(lanes.get(d.channel) ?? []), d]);
        await Promise.all(
          [...lanes.values()].map(async (lane) => {
            for (const d of lane) await sendOne(orgId, d, report);
          }),
        );
      }
      return report;
    },
  };
}

/**
 * The runner as a background job, every 5 seconds. The sends are claimed row by row, so an
 * instance that dies mid-run blocks nothing for longer than the lease: the job may be taken up
 * again by another instance once the lease is over.
 */
export function notificationJob(runner: NotificationRunner, leaseMs: number): BackgroundJob {
  return {
    name: 'notifications',
    periodMs: 5_000,
    abandonedAfterMs: leaseMs,
    run: (now) => runner.runOnce(now),
  };
}
