import type { Period } from '@rostra/core/reports/period';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { withOrg } from '../tenant.ts';
import { inPeriod, rows, type Scope, scoped } from './common.ts';

/** Code of a conflict whose record carries no validator errors (e.g. imported already flagged). */
export const UNSPECIFIED_REASON = 'unspecified';

export type ConflictReason = { code: string; jobs: number };

/**
 * Allocation conflicts by reason: bookings of the period flagged `isConflict`, counted once per
 * error code the validator stored on them (`conflict_errors`), most frequent first.
 */
export function conflictsByReason(
  db: Db,
  orgId: string,
  period: Period,
  scope: Scope = {},
): Promise<ConflictReason[]> {
  return withOrg(db, orgId, async (tx) =>
    (
      await rows<ConflictReason>(
        tx,
        sql`select coalesce(e->>'code', ${UNSPECIFIED_REASON}) as code, count(distinct t.id)::int as jobs
            from timeline_records t
            left join lateral jsonb_array_elements(
              case when jsonb_typeof(t.conflict_errors) = 'array' then t.conflict_errors else '[]'::jsonb end
            ) e on true
            where ${inPeriod(orgId, period)} and t.is_conflict and ${scoped(scope)}
            group by 1 order by 2 desc, 1`,
      )
    ).map((r) => ({ code: r.code, jobs: Number(r.jobs) })),
  );
}
