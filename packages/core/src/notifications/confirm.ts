import { z } from 'zod';

/*
 * Confirm or decline a job (issue #19 point 3), the parts the server and the web share: the
 * states of a worker's answer, the confirm link's page path and its API shapes, and the words of
 * the page a link that cannot be used shows (the "Bad input", verbatim).
 */

export const CONFIRMATION_STATES = ['pending', 'confirmed', 'declined'] as const;
export type ConfirmationState = (typeof CONFIRMATION_STATES)[number];

export { CONFIRM_PAGE_PREFIX, isConfirmPage } from './confirm-page.ts';

/** `POST /confirm/:token` and `POST /bookings/:id/confirmation`. */
export const decisionBody = z.strictObject({
  decision: z.enum(['confirm', 'decline']),
  reason: z.string().max(500).optional(),
});
export type DecisionBody = z.infer<typeof decisionBody>;
export const decisionAnswer = z.object({ state: z.enum(['confirmed', 'declined']) });
export type DecisionAnswer = z.infer<typeof decisionAnswer>;

/** `GET /confirm/:token`: the job the link asks about. */
export const confirmLinkAnswer = z.object({
  job: z.string(),
  when: z.string(),
  state: z.string(),
});
export type ConfirmLinkAnswer = z.infer<typeof confirmLinkAnswer>;

/** `GET /me/confirmations`: the jobs the caller is still asked to confirm. */
export const myConfirmations = z.object({
  items: z.array(z.object({ record_id: z.string(), expires_at: z.string() })),
});
export type MyConfirmations = z.infer<typeof myConfirmations>;

/** What a confirm link page says when the link cannot be used; the API's error code names which. */
export const LINK_TEXT = {
  expired: 'This link has expired — open the app to confirm',
  used: 'This link has already been used — open the app to confirm',
  invalid: 'This link is not valid — open the app to confirm',
} as const;

export const LINK_ERROR_CODES = {
  link_expired: 'expired',
  link_used: 'used',
  link_invalid: 'invalid',
} as const satisfies Record<string, keyof typeof LINK_TEXT>;

/** Each worker's answer on a job, by resource id (the timeline window's `confirmations`). */
export const jobConfirmations = z.record(z.string(), z.enum(CONFIRMATION_STATES));
export type JobConfirmations = z.infer<typeof jobConfirmations>;

/**
 * The answer a bar shows in a row: the row's worker's, else (the Unassigned row, a board card)
 * the job's as a whole: declined when anyone declined, pending while anyone is still asked,
 * confirmed when all who were asked confirmed. Undefined when nobody was asked.
 */
export function shownConfirmation(
  confirmations: JobConfirmations | undefined,
  resourceId?: string,
): ConfirmationState | undefined {
  if (!confirmations) return undefined;
  if (resourceId !== undefined && confirmations[resourceId]) return confirmations[resourceId];
  const states = Object.values(confirmations);
  if (states.length === 0) return undefined;
  if (states.includes('declined')) return 'declined';
  if (states.includes('pending')) return 'pending';
  return 'confirmed';
}

export const CONFIRMATION_TEXT: Readonly<Record<ConfirmationState, string>> = {
  pending: 'Not yet confirmed',
  confirmed: 'Confirmed by the worker',
  declined: 'Declined by the worker',
};
