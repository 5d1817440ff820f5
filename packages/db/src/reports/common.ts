import type { Period } from '@rostra/core/reports/period';
import { elapsedSeconds } from '@rostra/core/time/calendar';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';

/*
 * Pieces the report and analytics aggregates share. Every aggregate runs inside `withOrg` on
 * bookings beginning in the period (`utc_begin_plus_tz`, the organisation's wall clock; the begin
 * index serves it). Counts group in the database; hours are summed here from each booking's begin
 * and end, as real elapsed time in the organisation's zone (core `elapsedSeconds`, the app's one
 * duration: 01:00–04:00 is 4 h the night clocks go back).
 */

export type Rows<T> = { rows: T[] };

export async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as Rows<T>).rows;
}

/** Whose numbers: the organisation's, or one resource's (a resource sees only their own). */
export type Scope = { resourceId?: string | undefined };

/** Bookings (not group events, leaves, breaks) of the organisation beginning in the period. */
export function inPeriod(orgId: string, period: Period): SQL {
  return sql`t.org_id = ${orgId} and t.key = 'booking' and not t.inactive
    and t.utc_begin_plus_tz >= ${period.from} and t.utc_begin_plus_tz < ${period.to}`;
}

/**
 * Bookings whose hours count as worked or planned work: not draft, cancelled or parked (a draft
 * is not yet real, a cancelled one will not happen, a parked one is set aside).
 */
export const COUNTED = sql`t.status not in ('draft', 'cancelled', 'parked')`;

/** Only bookings the scoped resource is on (no condition for the organisation's numbers). */
export function scoped(scope: Scope): SQL {
  return scope.resourceId === undefined
    ? sql`true`
    : sql`exists (select 1 from timeline_record_resources s
        where s.org_id = t.org_id and s.record_id = t.id and s.resource_id = ${scope.resourceId})`;
}

/** A booking's span under a grouping key, as the hour queries select it (`b`, `e`: wall clock). */
export type KeyedSpan = { key: string; name: string | null; b: number | string; e: number | string };

/**
 * Per key, in the order the spans come (the query's order): the name of its first span, how many
 * spans, and their real elapsed seconds in `timeZone`.
 */
export function sumSpans(
  spans: readonly KeyedSpan[],
  timeZone: string,
): { key: string; name: string | null; jobs: number; seconds: number }[] {
  const byKey = new Map<string, { key: string; name: string | null; jobs: number; seconds: number }>();
  for (const s of spans) {
    const row = byKey.get(s.key) ?? { key: s.key, name: s.name, jobs: 0, seconds: 0 };
    row.jobs += 1;
    row.seconds += elapsedSeconds(Number(s.b), Number(s.e), timeZone);
    byKey.set(s.key, row);
  }
  return [...byKey.values()];
}
