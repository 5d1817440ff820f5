import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { CALENDAR_EVENTS, PROJECT_TASKS } from '../scheduling/record-kinds.ts';
import { overlapsOpenWindow } from '../scheduling/window-overlap.ts';
import { calendarEvents, projectTasks } from '../schema/planning.ts';
import { withOrg } from '../tenant.ts';
import { containsPattern, type NumberedPage, numberedPage } from './lists.ts';

/*
 * Project tasks and calendar events as numbered, searchable lists (issue 8), through the
 * readers-list rule: dispatchers read the organisation's, everyone else what lists them.
 */

export function listDirectoryTasks(
  db: Db,
  orgId: string,
  reader: Reader,
  query: { q?: string | undefined; status?: string | undefined; page: number; limit: number },
): Promise<NumberedPage<Record<string, unknown>>> {
  const text = query.q?.trim() ?? '';
  const where = and(
    eq(projectTasks.orgId, orgId),
    readableBy(projectTasks.readers, reader),
    query.status === undefined ? undefined : eq(projectTasks.status, query.status),
    text === ''
      ? undefined
      : sql`(${projectTasks.id} ilike ${containsPattern(text)} or ${projectTasks.name} ilike ${containsPattern(text)})`,
  );
  return withOrg(db, orgId, async (tx) => {
    return numberedPage(
      tx,
      projectTasks,
      where,
      [desc(projectTasks.updatedAt), asc(projectTasks.id)],
      query,
      (r) => PROJECT_TASKS.toRecord(r as never),
    );
  });
}

export function listDirectoryCalendarEvents(
  db: Db,
  orgId: string,
  reader: Reader,
  query: {
    q?: string | undefined;
    task_id?: string | undefined;
    /** Exactly this `type` (a field of the event's data). */
    type?: string | undefined;
    from?: number | undefined;
    to?: number | undefined;
    page: number;
    limit: number;
  },
): Promise<NumberedPage<Record<string, unknown>>> {
  const text = query.q?.trim() ?? '';
  const conditions: (SQL | undefined)[] = [
    eq(calendarEvents.orgId, orgId),
    readableBy(calendarEvents.readers, reader),
    query.task_id === undefined ? undefined : eq(calendarEvents.taskId, query.task_id),
    query.type === undefined ? undefined : sql`${calendarEvents.data}->>'type' = ${query.type}`,
    // The events overlapping the window; one without an end is a point at its begin.
    overlapsOpenWindow(query.from, query.to, {
      begin: calendarEvents.beginAt,
      end: sql`coalesce(${calendarEvents.endAt}, ${calendarEvents.beginAt})`,
    }),
    text === ''
      ? undefined
      : sql`(${calendarEvents.id} ilike ${containsPattern(text)} or ${calendarEvents.name} ilike ${containsPattern(text)})`,
  ];
  const where = and(...conditions);
  return withOrg(db, orgId, async (tx) => {
    // Timed events soonest first, then those without a time.
    return numberedPage(
      tx,
      calendarEvents,
      where,
      [sql`${calendarEvents.beginAt} asc nulls last`, asc(calendarEvents.id)],
      query,
      (r) => CALENDAR_EVENTS.toRecord(r as never),
    );
  });
}
