import type { HomeFeedItem, TodayNumbers } from '@rostra/core/api/home';
import { DAY, dayStart } from '@rostra/core/time/calendar';
import { and, count, desc, eq, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { loadOrgContext, wallClockOf } from '../scheduling/org-context.ts';
import { listDailyShifts } from '../scheduling/shifts.ts';
import { IS_LIVE_RECORD } from '../scheduling/template-items.ts';
import { overlapsWindow } from '../scheduling/window-overlap.ts';
import { jobStates } from '../schema/jobs.ts';
import { notifications } from '../schema/messaging.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * The home page (issue 8): today's numbers and a feed of recent activity, both read from the
 * tables the rest of the app writes (timeline records, their states, notifications), through the
 * readers-list rule: a dispatcher sees the organisation's, anyone else what they may read.
 */

/** Today's numbers as the database counts them (the route hides `conflicts` from non-dispatchers). */
export type TodayCounts = TodayNumbers & { conflicts: number };

export async function todayNumbers(
  db: Db,
  orgId: string,
  reader: Reader,
  now: Date,
  options: { withShifts: boolean },
): Promise<TodayCounts> {
  const counts = await withOrg(db, orgId, async (tx) => {
    const ctx = await loadOrgContext(tx, orgId);
    const from = dayStart(wallClockOf(ctx, now));
    const to = from + DAY;
    const today = and(
      eq(timelineRecords.orgId, orgId),
      eq(timelineRecords.key, 'booking'),
      eq(timelineRecords.inactive, false),
      overlapsWindow(from, to),
      readableBy(timelineRecords.readers, reader),
    );
    const rows = await tx
      .select({
        status: timelineRecords.status,
        n: count(),
        unassigned: sql<number>`count(*) filter (where cardinality(${timelineRecords.resIds}) = 0 and ${timelineRecords.status} not in ('draft', 'cancelled'))`,
        conflicts: sql<number>`count(*) filter (where ${timelineRecords.isConflict})`,
      })
      .from(timelineRecords)
      .where(today)
      .groupBy(timelineRecords.status);
    const [leave] = await tx
      .select({ n: sql<number>`count(distinct r)` })
      .from(sql`${timelineRecords}, unnest(${timelineRecords.resIds}) as r`)
      .where(
        and(
          eq(timelineRecords.orgId, orgId),
          eq(timelineRecords.key, 'leave'),
          overlapsWindow(from, to),
          readableBy(timelineRecords.readers, reader),
        ),
      );
    return { from, to, rows, onLeave: Number(leave?.n ?? 0) };
  });
  const by_status: Record<string, number> = {};
  let total = 0;
  let unassigned = 0;
  let conflicts = 0;
  for (const r of counts.rows) {
    by_status[r.status] = Number(r.n);
    total += Number(r.n);
    unassigned += Number(r.unassigned);
    conflicts += Number(r.conflicts);
  }
  const onShift = options.withShifts
    ? new Set((await listDailyShifts(db, orgId, counts.from, counts.to)).map((s) => String(s.resourceId)))
        .size
    : null;
  return {
    from: counts.from,
    to: counts.to,
    by_status,
    total,
    unassigned,
    conflicts,
    on_shift: onShift,
    on_leave: counts.onLeave,
  };
}

const recordName = sql<
  string | null
>`coalesce(nullif(${timelineRecords.data}->>'reference', ''), nullif(concat_ws(' ', ${timelineRecords.data}->>'customer_first_name', ${timelineRecords.data}->>'customer_last_name'), ''))`;

/**
 * Recent activity, newest first: status changes (allocations and every action are states), new
 * bookings and notifications; `before` (epoch ms) pages further back.
 */
export async function activityFeed(
  db: Db,
  orgId: string,
  reader: Reader,
  query: { before?: number | undefined; limit: number },
): Promise<HomeFeedItem[]> {
  const before = query.before === undefined ? undefined : new Date(query.before);
  const readable = readableBy(timelineRecords.readers, reader);
  const notificationFor: SQL | undefined = reader.seesAll
    ? or(isNull(notifications.uid), eq(notifications.uid, reader.uid))
    : eq(notifications.uid, reader.uid);
  return withOrg(db, orgId, async (tx) => {
    const states = await tx
      .select({
        id: jobStates.id,
        at: jobStates.createdAt,
        recordId: jobStates.recordId,
        status: jobStates.status,
        previous: jobStates.previousStatus,
        action: jobStates.action,
        name: recordName,
      })
      .from(jobStates)
      .innerJoin(
        timelineRecords,
        and(eq(timelineRecords.orgId, jobStates.orgId), eq(timelineRecords.id, jobStates.recordId)),
      )
      .where(
        and(
          eq(jobStates.orgId, orgId),
          readable,
          // Master-roster template items are no one's activity (issue 16, point 8).
          IS_LIVE_RECORD,
          before ? lt(jobStates.createdAt, before) : undefined,
          // A booking's first state is its creation, listed as a new booking below.
          ne(jobStates.action, 'create'),
        ),
      )
      .orderBy(desc(jobStates.createdAt), desc(jobStates.seq))
      .limit(query.limit);
    const created = await tx
      .select({
        id: timelineRecords.id,
        at: timelineRecords.createdAt,
        status: timelineRecords.status,
        name: recordName,
      })
      .from(timelineRecords)
      .where(
        and(
          eq(timelineRecords.orgId, orgId),
          eq(timelineRecords.key, 'booking'),
          readable,
          IS_LIVE_RECORD,
          before ? lt(timelineRecords.createdAt, before) : undefined,
        ),
      )
      .orderBy(desc(timelineRecords.createdAt), desc(timelineRecords.id))
      .limit(query.limit);
    const notes = await tx
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.orgId, orgId),
          notificationFor,
          notInArray(notifications.kind, ['announcement']),
          before ? lt(notifications.createdAt, before) : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit);
    const items: HomeFeedItem[] = [
      ...states.map((s) => ({
        id: `state:${s.id}`,
        kind: 'state' as const,
        at: s.at.getTime(),
        record_id: s.recordId,
        record_name: s.name,
        status: s.status,
        previous_status: s.previous,
        action: s.action,
        title: null,
        body: null,
      })),
      ...created.map((b) => ({
        id: `booking:${b.id}`,
        kind: 'booking' as const,
        at: b.at.getTime(),
        record_id: b.id,
        record_name: b.name,
        status: b.status,
        previous_status: null,
        action: null,
        title: null,
        body: null,
      })),
      ...notes.map((n) => ({
        id: `notification:${n.id}`,
        kind: 'notification' as const,
        at: n.createdAt.getTime(),
        record_id: n.recordId,
        record_name: null,
        status: null,
        previous_status: null,
        action: null,
        title: n.title,
        body: n.body,
      })),
    ];
    return items.sort((a, b) => b.at - a.at || a.id.localeCompare(b.id)).slice(0, query.limit);
  });
}
