import { z } from 'zod';

/** A customer as the scheduling core needs it: an id and a display name. Extra fields pass through. */
export const customerSchema = z.looseObject({
  _id: z.string(),
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The organisation's display flags as read from its settings (values not yet trusted). */
export type CustomerFlags = { readonly customer_phone_optional?: unknown };

export const CUSTOMER_MESSAGES = {
  phoneRequired: 'Enter a phone number.',
} as const;

/** A customer rule's refusal: a code for callers, the field it is about and the message shown. */
export type CustomerIssue = { code: string; field: 'phone'; message: string };

/**
 * Phone required unless the organisation's `customer_phone_optional` flag is on (shell spec §3
 * flags): a phone that is missing, null or only spaces is refused. Checked by the server on every
 * customer create and on every change that gives a phone, and by the customer form before it sends.
 */
export function customerPhoneIssue(
  phone: unknown,
  flags: CustomerFlags | undefined,
): CustomerIssue | undefined {
  if (flags?.customer_phone_optional === true) return undefined;
  if (typeof phone === 'string' && phone.trim() !== '') return undefined;
  return { code: 'phone_required', field: 'phone', message: CUSTOMER_MESSAGES.phoneRequired };
}
