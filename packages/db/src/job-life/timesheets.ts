import type { TimerAction } from '@rostra/core/job-life/timer';
import { type TimesheetJob, type TimesheetWeek, timesheetWeeks } from '@rostra/core/job-life/timesheet';
import { and, arrayContains, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { timeEntries } from '../schema/job-life.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { getSettings } from '../settings.ts';
import { withOrg } from '../tenant.ts';

/** The statuses whose work is on a timesheet (the work is done). */
export const TIMESHEET_STATUSES = ['finished', 'reviewed'] as const;

export type TimesheetQuery = {
  /** Wall-clock seconds: jobs beginning in [from, to). */
  from: number;
  to: number;
  resourceId?: string | undefined;
  /** The organisation's week start day when the caller has read it already ({@link timesheetWeekStartDay}). */
  weekStartDay?: number | undefined;
};

/**
 * The day the organisation's weeks start on (0 = Sunday … 6 = Saturday): the allocation settings'
 * `week_start_day`, Sunday when unset (the spec's default). Timesheet weeks start on it, and the
 * timesheets answer states it so that the web's week picker shows the same weeks.
 */
export async function timesheetWeekStartDay(db: Db, orgId: string): Promise<number> {
  const allocation = await getSettings(db, orgId, 'allocation');
  const wsd = allocation.week_start_day;
  return typeof wsd === 'number' && Number.isInteger(wsd) && wsd >= 0 && wsd <= 6 ? wsd : 0;
}

/**
 * Weekly worked time per resource from the organisation's finished and reviewed bookings and
 * group events beginning in the range (core `timesheetWeeks`: timer entries when present, else
 * the booking's span), weeks starting on the organisation's week start day.
 */
export async function getTimesheets(db: Db, orgId: string, q: TimesheetQuery): Promise<TimesheetWeek[]> {
  const wsd = q.weekStartDay ?? (await timesheetWeekStartDay(db, orgId));
  return withOrg(db, orgId, async (tx) => {
    const jobs = await tx
      .select({
        id: timelineRecords.id,
        begin: timelineRecords.beginAt,
        end: timelineRecords.endAt,
        resIds: timelineRecords.resIds,
      })
      .from(timelineRecords)
      .where(
        and(
          eq(timelineRecords.orgId, orgId),
          inArray(timelineRecords.key, ['booking', 'groupevent']),
          inArray(timelineRecords.status, [...TIMESHEET_STATUSES]),
          eq(timelineRecords.inactive, false),
          gte(timelineRecords.beginAt, q.from),
          lt(timelineRecords.beginAt, q.to),
          q.resourceId ? arrayContains(timelineRecords.resIds, [q.resourceId]) : undefined,
        ),
      );
    const ids = jobs.map((j) => j.id);
    const entries = ids.length
      ? await tx
          .select({
            jobId: timeEntries.jobId,
            resource_id: timeEntries.resourceId,
            action: timeEntries.action,
            at: timeEntries.at,
          })
          .from(timeEntries)
          .where(
            and(
              eq(timeEntries.orgId, orgId),
              inArray(timeEntries.jobId, ids),
              ne(timeEntries.action, 'mileage'),
            ),
          )
          .orderBy(timeEntries.at, timeEntries.createdAt, timeEntries.id)
      : [];
    const byJob = new Map<string, TimesheetJob['entries'][number][]>();
    entries.forEach((e, seq) => {
      const list = byJob.get(e.jobId) ?? [];
      list.push({ resource_id: e.resource_id, action: e.action as TimerAction, at: e.at, seq });
      byJob.set(e.jobId, list);
    });
    const resourceIds = [...new Set(jobs.flatMap((j) => j.resIds))];
    const names = resourceIds.length
      ? await tx
          .select({ id: resources.id, name: resources.name })
          .from(resources)
          .where(and(eq(resources.orgId, orgId), inArray(resources.id, resourceIds)))
      : [];
    return timesheetWeeks(
      jobs.map((j) => ({ ...j, entries: byJob.get(j.id) ?? [] })),
      new Map(names.map((n) => [n.id, n.name])),
      wsd,
      q.resourceId,
    );
  });
}
