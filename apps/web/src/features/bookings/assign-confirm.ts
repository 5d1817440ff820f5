/**
 * Asking before a failing assignment (issue 16 point 5), for every screen that assigns by hand
 * (the timeline's drag and candidate panel, the booking form, the booking detail's picker): the
 * failing candidates' reasons are listed in the spec's words and the dispatcher chooses "Assign
 * anyway" or Cancel; a resource the customer has blacklisted also needs a reason in words, which
 * goes to the server as the override (recorded in the booking's history).
 */
import type { BlacklistOverride } from '@rostra/core/allocation/blacklist-override';
import type { AllocationIssue, AssignmentCheckBody } from '@rostra/core/api/allocation';
import type { BookingInput } from '@rostra/core/api/bookings';
import { askConfirmWithDetails } from '../../lib/overlays.ts';
import { checkAssignment } from '../timeline/api.ts';

export const ASSIGN_TEXT = {
  question: (names: string) =>
    `${names} ${names.includes(', ') ? 'fail' : 'fails'} the checks. Assign anyway?`,
  assignAnyway: 'Assign anyway',
  cancel: 'Cancel',
  blacklistReason: "Why assign a worker the customer has blacklisted? (kept in the booking's history)",
};

/** A candidate about to be assigned, with the checks it fails (none: it passes). */
export type AssignCandidate = { resourceId: string; name: string; errors: readonly AllocationIssue[] };

/**
 * Nothing to ask when every candidate passes: `{}`. Otherwise asks "Assign anyway?" naming each
 * reason; null when the dispatcher cancels, else `{ override }` when a blacklist needs one.
 */
export async function confirmAssign(
  candidates: readonly AssignCandidate[],
): Promise<{ override?: BlacklistOverride } | null> {
  const failing = candidates.filter((c) => c.errors.length > 0);
  if (failing.length === 0) return {};
  const isBlacklisted = failing.some((c) => c.errors.some((e) => e.code === 'resource_blacklisted'));
  const answer = await askConfirmWithDetails(ASSIGN_TEXT.question(failing.map((c) => c.name).join(', ')), {
    yes: ASSIGN_TEXT.assignAnyway,
    no: ASSIGN_TEXT.cancel,
    details: failing.flatMap((c) => c.errors.map((e) => `${c.name}: ${e.message}`)),
    ...(isBlacklisted ? { reasonLabel: ASSIGN_TEXT.blacklistReason } : {}),
  });
  if (!answer.ok) return null;
  return isBlacklisted && answer.reason ? { override: { reason: answer.reason } } : {};
}

/**
 * Checks the resources newly assigned by a hand-made change on the server (the booking as it
 * would be) and asks as `confirmAssign` does. `{}` when nothing is newly assigned.
 */
export async function confirmDraftAssignment(
  draft: AssignmentCheckBody,
  names: (id: string) => string,
): Promise<{ override?: BlacklistOverride } | null> {
  if (draft.candidateIds.length === 0) return {};
  const { candidates } = await checkAssignment(draft);
  return confirmAssign(
    candidates.map((c) => ({
      resourceId: c.resourceId,
      name: c.name || names(c.resourceId),
      errors: c.errors,
    })),
  );
}

/**
 * The booking form's step before saving: the resources the form newly assigns are checked against
 * the booking as it would be saved (times, customer, labels) and a failing one asks first. A check
 * that cannot be made asks nothing (the server still refuses a blacklisted one without override).
 */
export async function confirmBookingAssignment(
  base: { _id: string; resIds: readonly string[] } | undefined,
  input: Pick<BookingInput, 'resIds' | 'utc_begin_plus_tz' | 'utc_end_plus_tz' | 'customerId' | 'labels'>,
  names: (id: string) => string,
): Promise<{ override?: BlacklistOverride } | null> {
  const added = (input.resIds ?? []).filter((id) => !(base?.resIds ?? []).includes(id));
  if (added.length === 0) return {};
  try {
    return await confirmDraftAssignment(
      {
        ...(base ? { booking_id: base._id } : {}),
        utc_begin_plus_tz: input.utc_begin_plus_tz,
        utc_end_plus_tz: input.utc_end_plus_tz,
        ...(input.customerId !== undefined ? { customerId: input.customerId } : {}),
        ...(input.labels ? { labels: input.labels } : {}),
        candidateIds: added,
      },
      names,
    );
  } catch {
    return {};
  }
}
