import { z } from 'zod';
import { type AllocationIssue, messages } from './messages.ts';

/**
 * The blacklist rule of a hand-made assignment (issue 16 point 5). Spec §5 "Resources on a
 * customer's blacklist are excluded": the engine's check 3 fails such a candidate, but a manual
 * assignment (allocate in manual mode, a timeline record written with `resIds`) would still save
 * it "with a conflict". A resource the job's customer has blacklisted may be newly assigned only
 * with an explicit override naming why; the override is recorded in the booking's history.
 * Resources already on the booking are not re-judged (the rule is about the assignment being
 * made), and while the organisation skips the blacklist check (RESOURCE_BLACKLISTED_NOT_CHECK)
 * there is nothing to override.
 */

/** The override a caller sends with a manual assignment across a blacklist: why, in words. */
export const blacklistOverrideSchema = z
  .strictObject({
    reason: z.string().trim().min(1).max(500).describe('why the blacklisted resource is assigned anyway'),
  })
  .describe('assign resources the customer has blacklisted anyway (recorded in the booking history)');
export type BlacklistOverride = z.infer<typeof blacklistOverrideSchema>;

/** The history action recording an override (a state of the booking, with who, when and why). */
export const BLACKLIST_OVERRIDE_ACTION = 'blacklist_override';

/**
 * The resources of `next` that are not in `previous` and that `blacklist` holds, in `next`'s
 * order; none when the blacklist check is switched off.
 */
export function newlyBlacklisted(
  previous: readonly string[],
  next: readonly string[],
  blacklist: readonly string[],
  switches: Readonly<Record<string, boolean>> = {},
): string[] {
  if (switches.RESOURCE_BLACKLISTED_NOT_CHECK === true) return [];
  const banned = new Set(blacklist);
  const had = new Set(previous);
  return next.filter((id, i) => banned.has(id) && !had.has(id) && next.indexOf(id) === i);
}

/** The refusal of an assignment across a blacklist without an override: the spec's message. */
export function blacklistRefusal(customer: string, resourceIds: readonly string[]): AllocationIssue {
  return {
    code: 'resource_blacklisted',
    message: messages.resourceBlacklisted(customer),
    ...(resourceIds[0] === undefined ? {} : { resourceId: resourceIds[0] }),
  };
}
