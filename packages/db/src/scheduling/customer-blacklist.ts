import type { Blacklist } from '@rostra/core/records/blacklist';
import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { decodeCursor, InvalidCursorError, type Page, pageOf, pageSize } from '../infra/paging.ts';
import { type ExpectedVersion, invalid, notFound, stale, type WriteResult } from '../infra/write-result.ts';
import { blacklists, customers, resources } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { toBlacklist } from './mapping.ts';
import { fromToday, type Rechecked, recheckBookings } from './recheck-bookings.ts';
import { recordEvents } from './record-events.ts';

/*
 * A customer's blacklist (spec §3): `_id` is the customer, `resIds` the resources never to be
 * scheduled for them. A customer without a stored list has an empty one (version 0).
 */

export type StoredBlacklist = Blacklist & { version: number };

const withVersion = (row: typeof blacklists.$inferSelect): StoredBlacklist => ({
  ...toBlacklist(row),
  version: row.version,
});

/** The customer's blacklist; undefined when the organisation has no such customer. */
export async function getBlacklist(
  db: Db,
  orgId: string,
  customerId: string,
): Promise<StoredBlacklist | undefined> {
  return withOrg(db, orgId, async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId)));
    if (!customer) return undefined;
    const [row] = await tx
      .select()
      .from(blacklists)
      .where(and(eq(blacklists.orgId, orgId), eq(blacklists.customerId, customerId)));
    return row ? withVersion(row) : { _id: customerId, resIds: [], _qa_update_utc: null, version: 0 };
  });
}

/** Replaces the customer's blacklist when it is still at `expected` (0: none stored yet). */
export async function putBlacklist(
  db: Db,
  orgId: string,
  customerId: string,
  resIds: readonly string[],
  expected: ExpectedVersion,
  now: Date = new Date(),
): Promise<WriteResult<StoredBlacklist & { rechecked: Rechecked }>> {
  return withOrg(db, orgId, async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.orgId, orgId), eq(customers.id, customerId)));
    if (!customer) return notFound();
    const [row] = await tx
      .select()
      .from(blacklists)
      .where(and(eq(blacklists.orgId, orgId), eq(blacklists.customerId, customerId)))
      .for('update');
    const current: StoredBlacklist = row ? withVersion(row) : { _id: customerId, resIds: [], version: 0 };
    if (expected !== undefined && current.version !== expected) return stale(current);
    const ids = [...new Set(resIds)];
    if (ids.length) {
      const known = await tx
        .select({ id: resources.id })
        .from(resources)
        .where(and(eq(resources.orgId, orgId), inArray(resources.id, ids)));
      const missing = ids.filter((id) => !known.some((k) => k.id === id));
      if (missing.length)
        return invalid(
          'unknown_resource',
          `No resource ${missing.join(', ')} in this organisation`,
          'resIds',
        );
    }
    const [saved] = row
      ? await tx
          .update(blacklists)
          .set({ resIds: ids, version: sql`${blacklists.version} + 1`, updatedAt: new Date() })
          .where(and(eq(blacklists.orgId, orgId), eq(blacklists.customerId, customerId)))
          .returning()
      : await tx
          .insert(blacklists)
          .values({ orgId, customerId, resIds: ids, updatedAt: new Date() })
          .returning();
    const record = withVersion(saved as typeof blacklists.$inferSelect);
    // Blacklists are the dispatchers' alone (spec §6: nobody else loads them).
    const audience = { dispatchers: true };
    const before = row ? { record: current, audience } : undefined;
    await appendLiveEvents(tx, orgId, recordEvents('blacklists', customerId, before, { record, audience }));
    // The resources added or taken off: their bookings from today on are checked again.
    const turned = [
      ...ids.filter((r) => !current.resIds.includes(r)),
      ...current.resIds.filter((r) => !ids.includes(r)),
    ];
    const rechecked = await recheckBookings(
      tx,
      orgId,
      { ...(await fromToday(tx, orgId, now)), resourceIds: turned },
      now,
    );
    return { ok: true, record: { ...record, rechecked } };
  });
}

/**
 * Blacklists changed after `updatedAfter` (epoch seconds; all when absent), oldest change first:
 * the spec's incremental load by update time. Throws InvalidCursorError.
 */
export async function listBlacklists(
  db: Db,
  orgId: string,
  query: { updatedAfter?: number | undefined; cursor?: string | undefined; limit?: number | undefined },
): Promise<Page<StoredBlacklist>> {
  const limit = pageSize(query.limit);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 2);
  if (query.cursor !== undefined && (after === undefined || typeof after[0] !== 'number'))
    throw new InvalidCursorError();
  const since = query.updatedAfter === undefined ? undefined : new Date(query.updatedAfter * 1000);
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(blacklists)
      .where(
        and(
          eq(blacklists.orgId, orgId),
          since ? gt(blacklists.updatedAt, since) : undefined,
          after
            ? or(
                gt(blacklists.updatedAt, new Date(after[0] as number)),
                and(
                  eq(blacklists.updatedAt, new Date(after[0] as number)),
                  gt(blacklists.customerId, String(after[1])),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(asc(blacklists.updatedAt), asc(blacklists.customerId))
      .limit(limit + 1),
  );
  return pageOf(rows, limit, (r) => [r.updatedAt.getTime(), r.customerId], withVersion);
}
