import {
  bookingsToCancelOnEnd,
  expandRepeat,
  type RepeatFrequency,
  type RepeatRule,
} from '@rostra/core/records/recurrence';
import { formatDate } from '@rostra/core/time/calendar';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { invalid, notFound, type WriteFailure } from '../infra/write-result.ts';
import { applyActionIn } from '../scheduling/apply-action.ts';
import { newRecordId } from '../scheduling/create-record.ts';
import type { VersionedRecord } from '../scheduling/mapping.ts';
import { loadOrgContext, wallClockOf } from '../scheduling/org-context.ts';
import type { Rechecked } from '../scheduling/recheck-bookings.ts';
import { selectTimelineRecords } from '../scheduling/records.ts';
import {
  createTimelineRecordIn,
  RefusedSave,
  refusedAsAnswer,
  type SaveContext,
} from '../scheduling/save-timeline-record.ts';
import { recurringBookingRecords, recurringBookings } from '../schema/recurrence.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * Booking series (issue 22 point 1, `planner_recurrence` and `planner_plan`): a booking repeated
 * by a rule is saved as its bookings, each through the one booking write path (its rules, the
 * flag rules, the overlap validator, the blacklist guard, its state, notices and live event), all
 * in one transaction: one booking refused refuses the series and nothing is written.
 */

export type SeriesSummary = {
  _id: string;
  frequency: RepeatFrequency;
  until: number | null;
  count: number | null;
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  reference: string | null;
  customerId: string | null;
  resIds: string[];
  occurrences: number;
  next: { _id: string; utc_begin_plus_tz: number } | null;
  ended_at: number | null;
};

export type CreatedSeries = {
  ok: true;
  series: SeriesSummary;
  first: VersionedRecord;
  rechecked: Rechecked;
  conflicts: number;
};

/**
 * Saves the booking `fields` and its repeats by `rule` as one series. A rule the core refuses is
 * `invalid` (its code and message, field `repeat…`); a booking the write path refuses refuses the
 * series, its message prefixed with that booking's day.
 */
export async function createBookingSeries(
  db: Db,
  orgId: string,
  fields: Record<string, unknown>,
  rule: RepeatRule,
  ctx: SaveContext,
): Promise<CreatedSeries | WriteFailure> {
  const begin = fields.utc_begin_plus_tz;
  const end = fields.utc_end_plus_tz;
  if (typeof begin !== 'number' || typeof end !== 'number') {
    return invalid(
      'invalid_time_range',
      'utc_begin_plus_tz and utc_end_plus_tz are required',
      'utc_begin_plus_tz',
    );
  }
  const expansion = expandRepeat(begin, end, rule);
  if (!expansion.ok) return invalid(expansion.issue.code, expansion.issue.message, expansion.issue.field);
  return refusedAsAnswer(
    withOrg(db, orgId, async (tx): Promise<CreatedSeries | WriteFailure> => {
      const org = await loadOrgContext(tx, orgId);
      const seriesId = newRecordId();
      await tx.insert(recurringBookings).values({
        orgId,
        id: seriesId,
        frequency: rule.frequency,
        until: typeof rule.count === 'number' ? null : (rule.until ?? null),
        count: typeof rule.count === 'number' ? rule.count : null,
        beginAt: begin,
        endAt: end,
        createdBy: ctx.uid,
      });
      let first: { record: VersionedRecord; rechecked: Rechecked } | undefined;
      let conflicts = 0;
      for (const [position, occ] of expansion.occurrences.entries()) {
        const saved = await createTimelineRecordIn(
          tx,
          orgId,
          { ...fields, _id: undefined, utc_begin_plus_tz: occ.begin, utc_end_plus_tz: occ.end },
          ctx,
        ).catch((e: unknown) => {
          if (e instanceof RefusedSave) return e.failure;
          throw e;
        });
        if (!saved.ok) {
          // Thrown, so that the bookings saved before this one go too.
          throw new RefusedSave(
            saved.error === 'invalid'
              ? { ...saved, message: `${formatDate(occ.begin, org.dateFormat)}: ${saved.message}` }
              : saved,
          );
        }
        if (saved.record.isConflict === true) conflicts++;
        first ??= { record: saved.record, rechecked: saved.rechecked };
        await tx
          .insert(recurringBookingRecords)
          .values({ orgId, seriesId, recordId: saved.record._id, position });
      }
      if (!first) throw new Error('a series without bookings');
      const [series] = await summaries(tx, orgId, [seriesId], wallClockOf(org, ctx.now));
      if (!series) throw new Error(`series ${seriesId} vanished while being saved`);
      return { ok: true, series, first: first.record, rechecked: first.rechecked, conflicts };
    }),
  );
}

/** The organisation's series, newest first (by first booking), with what each has left. */
export async function listBookingSeries(
  db: Db,
  orgId: string,
  opts: { page: number; limit: number; now: Date },
): Promise<{ items: SeriesSummary[]; total: number; page: number; limit: number }> {
  return withOrg(db, orgId, async (tx) => {
    const [{ total = 0 } = {}] = await tx
      .select({ total: count() })
      .from(recurringBookings)
      .where(eq(recurringBookings.orgId, orgId));
    const ids = await tx
      .select({ id: recurringBookings.id })
      .from(recurringBookings)
      .where(eq(recurringBookings.orgId, orgId))
      .orderBy(
        sql`${recurringBookings.endedAt} is not null`,
        asc(recurringBookings.beginAt),
        recurringBookings.id,
      )
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit);
    const org = await loadOrgContext(tx, orgId);
    const items = await summaries(
      tx,
      orgId,
      ids.map((r) => r.id),
      wallClockOf(org, opts.now),
    );
    return { items, total: Number(total), page: opts.page, limit: opts.limit };
  });
}

/**
 * Ends a series: its bookings from now on that are not cancelled, under way or done are cancelled
 * (core `bookingsToCancelOnEnd`), each by the cancel action (its state, notices and live event),
 * in one transaction, and the series is marked ended. Ending an ended series cancels what is left.
 */
export async function endBookingSeries(
  db: Db,
  orgId: string,
  id: string,
  ctx: { uid: string; now: Date },
): Promise<{ ok: true; series: SeriesSummary; cancelled: number } | WriteFailure> {
  return withOrg(db, orgId, async (tx) => {
    const [row] = await tx
      .select({ id: recurringBookings.id })
      .from(recurringBookings)
      .where(and(eq(recurringBookings.orgId, orgId), eq(recurringBookings.id, id)))
      .for('update');
    if (!row) return notFound();
    const org = await loadOrgContext(tx, orgId);
    const now = wallClockOf(org, ctx.now);
    const bookings = await seriesBookings(tx, orgId, id);
    const doomed = bookingsToCancelOnEnd(bookings, now);
    for (const booking of doomed) {
      const done = await applyActionIn(tx, orgId, {
        recordId: booking._id,
        action: 'cancel',
        uid: ctx.uid,
        byDispatcher: true,
        now: ctx.now,
      });
      if (!done.ok) throw new Error(`cancelling ${booking._id} of series ${id}: ${done.error}`);
    }
    await tx
      .update(recurringBookings)
      .set({ endedAt: now })
      .where(and(eq(recurringBookings.orgId, orgId), eq(recurringBookings.id, id)));
    const [series] = await summaries(tx, orgId, [id], now);
    if (!series) return notFound();
    return { ok: true, series, cancelled: doomed.length };
  });
}

/** Whether a series of this id exists in the organisation (the access hook's record check). */
export async function hasBookingSeries(db: Db, orgId: string, id: string): Promise<boolean> {
  return withOrg(db, orgId, async (tx) => {
    const [row] = await tx
      .select({ id: recurringBookings.id })
      .from(recurringBookings)
      .where(and(eq(recurringBookings.orgId, orgId), eq(recurringBookings.id, id)));
    return row !== undefined;
  });
}

async function seriesBookings(tx: Tx, orgId: string, seriesId: string): Promise<VersionedRecord[]> {
  const members = tx
    .select({ id: recurringBookingRecords.recordId })
    .from(recurringBookingRecords)
    .where(and(eq(recurringBookingRecords.orgId, orgId), eq(recurringBookingRecords.seriesId, seriesId)));
  return selectTimelineRecords(
    tx,
    and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, members)),
  );
}

/** Each series of `ids` (in that order) with its first booking's fields, its count and next booking. */
async function summaries(tx: Tx, orgId: string, ids: string[], now: number): Promise<SeriesSummary[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(recurringBookings)
    .where(and(eq(recurringBookings.orgId, orgId), inArray(recurringBookings.id, ids)));
  const live = sql`${timelineRecords.status} <> 'cancelled'`;
  const upcoming = sql`${live} and ${timelineRecords.beginAt} >= ${now}`;
  const counts = await tx
    .select({
      seriesId: recurringBookingRecords.seriesId,
      occurrences: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
      nextId: sql<
        string | null
      >`(array_agg(${timelineRecords.id} order by ${timelineRecords.beginAt}, ${timelineRecords.id}) filter (where ${upcoming}))[1]`,
      nextBegin: sql<number | null>`min(${timelineRecords.beginAt}) filter (where ${upcoming})`,
      headId: sql<
        string | null
      >`min(${recurringBookingRecords.recordId}) filter (where ${recurringBookingRecords.position} = 0)`,
    })
    .from(recurringBookingRecords)
    .innerJoin(
      timelineRecords,
      and(
        eq(timelineRecords.orgId, recurringBookingRecords.orgId),
        eq(timelineRecords.id, recurringBookingRecords.recordId),
      ),
    )
    .where(and(eq(recurringBookingRecords.orgId, orgId), inArray(recurringBookingRecords.seriesId, ids)))
    .groupBy(recurringBookingRecords.seriesId);
  const headIds = counts.flatMap((c) => (c.headId ? [c.headId] : []));
  const heads =
    headIds.length > 0
      ? await selectTimelineRecords(
          tx,
          and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, headIds)),
        )
      : [];
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    const agg = counts.find((c) => c.seriesId === id);
    const head = heads.find((h) => h._id === agg?.headId);
    return [
      {
        _id: row.id,
        frequency: row.frequency as RepeatFrequency,
        until: row.until,
        count: row.count,
        utc_begin_plus_tz: row.beginAt,
        utc_end_plus_tz: row.endAt,
        reference: typeof head?.reference === 'string' ? head.reference : null,
        customerId: typeof head?.customerId === 'string' ? head.customerId : null,
        resIds: head?.resIds ?? [],
        occurrences: agg?.occurrences ?? 0,
        next:
          agg?.nextId && agg.nextBegin !== null
            ? { _id: agg.nextId, utc_begin_plus_tz: Number(agg.nextBegin) }
            : null,
        ended_at: row.endedAt,
      },
    ];
  });
}
