import {
  BLACKLIST_OVERRIDE_ACTION,
  type BlacklistOverride,
  blacklistRefusal,
  newlyBlacklisted,
} from '@rostra/core/allocation/blacklist-override';
import { customerDisplayName } from '@rostra/core/allocation/scenario-index';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { invalid, type WriteFailure } from '../infra/write-result.ts';
import { selectAllocationConfig } from './allocation-scenario.ts';
import { customerPartColumns, toCustomerPart } from './customer-part.ts';
import type { StoredRecord } from './mapping.ts';
import { addState } from './timeline-writes.ts';

/** Who overrides a blacklist, when (wall-clock seconds), and why. */
export type OverrideContext = {
  override?: BlacklistOverride | undefined;
  uid: string | null;
  /** Wall-clock seconds of the write (the history's time). */
  at: number;
};

export type BlacklistGuard =
  | { ok: true; overridden: string[] }
  | (WriteFailure & { ok: false; resourceIds?: string[] });

/**
 * Every hand-made assignment passes here, inside its write transaction (the core's
 * `newlyBlacklisted` decides): resources newly assigned that the job customer has blacklisted are
 * refused with the spec's `resource_blacklisted` message unless `override` names why; with it,
 * they are answered as `overridden` for `recordBlacklistOverride` to write into the history.
 */
export async function guardBlacklist(
  tx: Tx,
  orgId: string,
  customerId: string | null | undefined,
  previous: readonly string[],
  next: readonly string[],
  override: BlacklistOverride | undefined,
): Promise<BlacklistGuard> {
  if (!customerId || next.every((id) => previous.includes(id))) return { ok: true, overridden: [] };
  const res = (await tx.execute(
    sql`select ${customerPartColumns(orgId, sql`= ${customerId}`, sql`is null`)}`,
  )) as unknown as { rows: Parameters<typeof toCustomerPart>[0][] };
  const part = toCustomerPart(res.rows[0]);
  const blacklist = part.blacklists.find((b) => b._id === customerId)?.resIds ?? [];
  if (blacklist.length === 0) return { ok: true, overridden: [] };
  const config = await selectAllocationConfig(tx, orgId);
  const banned = newlyBlacklisted(previous, next, blacklist, config.switches);
  if (banned.length === 0) return { ok: true, overridden: [] };
  if (override) return { ok: true, overridden: banned };
  const customer = part.customers.find((c) => c._id === customerId);
  const issue = blacklistRefusal((customer && customerDisplayName(customer)) || customerId, banned);
  return { ...invalid(issue.code, issue.message, 'resIds'), resourceIds: banned };
}

/** Writes the override into the booking's history: who, when, why, and whom it let through. */
export async function recordBlacklistOverride(
  tx: Tx,
  orgId: string,
  record: StoredRecord,
  overridden: readonly string[],
  ctx: OverrideContext,
): Promise<Record<string, unknown> | null> {
  if (overridden.length === 0 || !ctx.override) return null;
  return addState(tx, orgId, {
    recordId: record._id,
    status: record.status ?? 'draft',
    previousStatus: record.status ?? null,
    action: BLACKLIST_OVERRIDE_ACTION,
    uid: ctx.uid,
    at: ctx.at,
    data: { reason: ctx.override.reason, resIds: [...overridden] },
  });
}
