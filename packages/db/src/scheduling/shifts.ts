import type { ShiftRecord } from '@rostra/core/api/shifts';
import type { DailyShift } from '@rostra/core/records/shift';
import { WEEK_ID_PATTERN } from '@rostra/core/records/shift';
import { dailyShifts } from '@rostra/core/roster/daily-shifts';
import { DAY, fromYmd, toYmd, WEEK } from '@rostra/core/time/calendar';
import { and, asc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { type Audience, appendLiveEvents } from '../infra/live-events.ts';
import { decodeCursor, InvalidCursorError, type Page, pageOf, pageSize } from '../infra/paging.ts';
import { type ExpectedVersion, invalid, notFound, stale, type WriteResult } from '../infra/write-result.ts';
import { resources, shifts } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { shiftValues, toShift } from './mapping.ts';
import { type Rechecked, recheckBookings } from './recheck-bookings.ts';
import { audienceWith, CATALOGUE_AUDIENCE, recordEvents } from './record-events.ts';

/*
 * Weekly timesheet records (spec §3): one per resource and week, `_id` `resourceId_weekId`, and the
 * daily shifts derived from them by the core.
 */

/** Whether `weekId` names a real 7-day week: `YYYY-MM-DD_YYYY-MM-DD`, six days apart. */
export function isWeekId(weekId: string): boolean {
  if (!WEEK_ID_PATTERN.test(weekId)) return false;
  const [a = '', b = ''] = weekId.split('_');
  const first = fromYmd(a);
  const last = fromYmd(b);
  return !Number.isNaN(first) && last - first === 6 * DAY;
}

export const shiftId = (resourceId: string, weekId: string) => `${resourceId}_${weekId}`;

/** A page of the weekly records of one week (all resources) or of one resource (all weeks). */
export async function listShifts(
  db: Db,
  orgId: string,
  query: {
    weekId?: string | undefined;
    resourceId?: string | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  },
): Promise<Page<ShiftRecord>> {
  const limit = pageSize(query.limit);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 1);
  if (query.cursor !== undefined && after === undefined) throw new InvalidCursorError();
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(shifts)
      .where(
        and(
          eq(shifts.orgId, orgId),
          query.weekId === undefined ? undefined : eq(shifts.weekId, query.weekId),
          query.resourceId === undefined ? undefined : eq(shifts.resourceId, query.resourceId),
          after ? gt(shifts.id, String(after[0])) : undefined,
        ),
      )
      .orderBy(asc(shifts.id))
      .limit(limit + 1),
  );
  return pageOf(rows, limit, (r) => [r.id], toShift);
}

/** Whether the organisation has this resource. */
export async function hasResource(db: Db, orgId: string, resourceId: string): Promise<boolean> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select({ id: resources.id })
      .from(resources)
      .where(and(eq(resources.orgId, orgId), eq(resources.id, resourceId))),
  );
  return rows.length > 0;
}

export async function getShift(
  db: Db,
  orgId: string,
  resourceId: string,
  weekId: string,
): Promise<ShiftRecord | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(shifts)
      .where(and(eq(shifts.orgId, orgId), eq(shifts.id, shiftId(resourceId, weekId)))),
  );
  return row ? toShift(row) : undefined;
}

/**
 * Who may read a resource's weekly records: the catalogue's readers and the resource's own user;
 * undefined when the organisation has no such resource.
 */
async function shiftAudience(tx: Tx, orgId: string, resourceId: string): Promise<Audience | undefined> {
  const [resource] = await tx
    .select({ uid: resources.uid })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), eq(resources.id, resourceId)));
  return resource && audienceWith(CATALOGUE_AUDIENCE, [resource.uid]);
}

/**
 * Sets a resource's weekly record for a week (creating it when `expected` is 0 or absent and
 * none exists). At another version than `expected`, nothing is written (`stale`).
 */
export async function putShift(
  db: Db,
  orgId: string,
  resourceId: string,
  weekId: string,
  fields: Record<string, unknown>,
  expected: ExpectedVersion,
  now: Date = new Date(),
): Promise<WriteResult<ShiftRecord & { rechecked: Rechecked }>> {
  if (!isWeekId(weekId))
    return invalid('invalid_week_id', 'week_id must be YYYY-MM-DD_YYYY-MM-DD (7 days)', 'week_id');
  return withOrg(db, orgId, async (tx) => {
    const audience = await shiftAudience(tx, orgId, resourceId);
    if (!audience) return notFound();
    const id = shiftId(resourceId, weekId);
    const [row] = await tx
      .select()
      .from(shifts)
      .where(and(eq(shifts.orgId, orgId), eq(shifts.id, id)))
      .for('update');
    if (expected !== undefined && (row?.version ?? 0) !== expected)
      return stale(row ? toShift(row) : { version: 0 });
    const values = shiftValues({ ...fields, resourceId, week_id: weekId });
    const [saved] = row
      ? await tx
          .update(shifts)
          .set({ ...values, version: sql`${shifts.version} + 1`, updatedAt: new Date() })
          .where(and(eq(shifts.orgId, orgId), eq(shifts.id, id)))
          .returning()
      : await tx
          .insert(shifts)
          .values({ ...values, orgId, id, resourceId, weekId })
          .returning();
    const record = toShift(saved as typeof shifts.$inferSelect);
    const before = row ? { record: toShift(row), audience } : undefined;
    await appendLiveEvents(tx, orgId, recordEvents('shifts', id, before, { record, audience }));
    const rechecked = await recheckWeek(tx, orgId, resourceId, weekId, now);
    return { ok: true, record: { ...record, rechecked } };
  });
}

/** The resource's bookings of the week record's days (`YYYY-MM-DD_YYYY-MM-DD`), checked again. */
async function recheckWeek(tx: Tx, orgId: string, resourceId: string, weekId: string, now: Date) {
  const [first, last] = weekId.split('_') as [string, string];
  const from = fromYmd(first);
  const to = fromYmd(last) + DAY;
  return recheckBookings(tx, orgId, { from, to, resourceIds: [resourceId] }, now);
}

export async function deleteShift(
  db: Db,
  orgId: string,
  resourceId: string,
  weekId: string,
  expected: ExpectedVersion,
  now: Date = new Date(),
): Promise<WriteResult<ShiftRecord & { rechecked: Rechecked }>> {
  return withOrg(db, orgId, async (tx) => {
    const id = shiftId(resourceId, weekId);
    const [row] = await tx
      .select()
      .from(shifts)
      .where(and(eq(shifts.orgId, orgId), eq(shifts.id, id)))
      .for('update');
    if (!row) return notFound();
    const record = toShift(row);
    if (expected !== undefined && row.version !== expected) return stale(record);
    await tx.delete(shifts).where(and(eq(shifts.orgId, orgId), eq(shifts.id, id)));
    const audience = (await shiftAudience(tx, orgId, resourceId)) ?? CATALOGUE_AUDIENCE;
    await appendLiveEvents(tx, orgId, recordEvents('shifts', id, { record, audience }, undefined));
    const rechecked = await recheckWeek(tx, orgId, resourceId, weekId, now);
    return { ok: true, record: { ...record, rechecked } };
  });
}

/**
 * The daily shifts overlapping `[from, to)` (wall-clock seconds), derived by the core from the
 * weekly records that can hold them (weeks from 7 days before `from`), in time order.
 */
export async function listDailyShifts(
  db: Db,
  orgId: string,
  from: number,
  to: number,
  resourceId?: string,
): Promise<DailyShift[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(shifts)
      .where(
        and(
          eq(shifts.orgId, orgId),
          gte(shifts.weekId, toYmd(from - WEEK)),
          lt(shifts.weekId, `${toYmd(to)}~`),
          resourceId === undefined ? undefined : eq(shifts.resourceId, resourceId),
        ),
      ),
  );
  return rows
    .flatMap((r) => dailyShifts(toShift(r), from, to))
    .sort(
      (a, b) =>
        (a.utc_begin_plus_tz as number) - (b.utc_begin_plus_tz as number) ||
        String(a.unique_id).localeCompare(String(b.unique_id)),
    );
}
