import type { Period } from '@rostra/core/reports/period';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';

/*
 * Pieces the report and analytics aggregates share. Every aggregate runs in the database (SQL
 * `group by`), inside `withOrg`, on bookings beginning in the period (`utc_begin_plus_tz`, the
 * organisation's wall clock; the begin index serves it).
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
