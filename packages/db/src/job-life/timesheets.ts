import type { TimerAction } from '@rostra/core/job-life/timer';
import { type TimesheetJob, type TimesheetWeek, timesheetWeeks } from '@rostra/core/job-life/timesheet';
import { and, arrayContains, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { selectAllocationConfig } from '../scheduling/allocation-scenario.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { timeEntries } from '../schema/job-life.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/** The statuses whose work is on a timesheet (the work is done). */
export const TIMESHEET_STATUSES = ['finished', 'reviewed'] as const;

export type TimesheetQuery = {
  /** Wall-clock seconds: jobs beginning in [from, to). */
  from: number;
  to: number;
  resourceId?: string | undefined;
};

/**
 * Weekly worked time per resource from the organisation's finished and reviewed bookings and
 * group events beginning in the range (core `timesheetWeeks`: timer entries when present, else
 * the booking's span in real time in the organisation's zone), weeks starting on the organisation's week start day, which comes with
 * them so that the web's week picker shows the same weeks.
 */
export async function getTimesheets(
  db: Db,
  orgId: string,
  q: TimesheetQuery,
): Promise<{ weekStartDay: number; weeks: TimesheetWeek[] }> {
  return withOrg(db, orgId, async (tx) => {
    const { week_start_day: weekStartDay } = await selectAllocationConfig(tx, orgId);
    const { timeZone } = await loadOrgContext(tx, orgId);
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
    const weeks = timesheetWeeks(
      jobs.map((j) => ({ ...j, entries: byJob.get(j.id) ?? [] })),
      new Map(names.map((n) => [n.id, n.name])),
      weekStartDay,
      q.resourceId,
      timeZone,
    );
    return { weekStartDay, weeks };
  });
}
