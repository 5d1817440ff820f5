import { z } from 'zod';
import { PHONE_COUNTRIES } from '../shell/constants.ts';
import {
  checkAccountName,
  checkEmail,
  checkNewPassword,
  checkPassword,
  checkPhoneCode,
  checkPhoneNumber,
  checkTokenIdentity,
  dialCodeOf,
  type ShellIssue,
  toE164,
} from '../shell/validators.ts';

/*
 * The sign-in screens' forms (spec §4, §5) as zod schemas, for react-hook-form's zod resolver.
 * Each field is checked by the shell's validator (./shell/validators.ts), so the messages are the
 * spec's, word for word, and the first issue a validator finds is the one the field shows.
 */

/** A text field checked by `check`: its first issue, if any, is the field's message. */
const checked = (check: (value: string) => readonly ShellIssue[]) =>
  z.string().superRefine((value, ctx) => {
    const issue = check(value)[0];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
  });

const email = checked(checkEmail);
const password = checked(checkPassword);
const newPassword = checked(checkNewPassword);
const name = checked((v) => checkAccountName(v, true));

/** The e-mail step, the password-reset request and the e-mail link's confirmation. */
export const emailForm = z.object({ email });
/** The password step. */
export const passwordForm = z.object({ password });
/** A new password (the reset link's form). */
export const newPasswordForm = z.object({ password: newPassword });
/** A new account for the e-mail given. */
export const createAccountForm = z.object({ name, password: newPassword });

/** A guest keeps their session: as a new account, or by signing in to an existing one. */
export const guestForm = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('create'), email, name, password: newPassword }),
  z.object({ mode: z.literal('existing'), email, name: z.string(), password }),
]);
export type GuestMode = z.infer<typeof guestForm>['mode'];

/** The phone verification code. */
export const phoneCodeForm = z.object({ code: checked(checkPhoneCode) });

const SUPPORTED_DIAL_CODES = [...new Set(PHONE_COUNTRIES.map((c) => c.dial))];

/**
 * The phone number and its country; an unsupported country is the country's message. Gives the
 * number to send the code to (E.164) and as the code step shows it.
 */
export const phoneNumberForm = z
  .object({ country: z.string(), number: z.string() })
  .superRefine((values, ctx) => {
    const issue = checkPhoneNumber({
      number: values.number,
      dialCode: dialCodeOf(values.country),
      supportedDialCodes: SUPPORTED_DIAL_CODES,
    })[0];
    if (issue)
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: [issue.field === 'country' ? 'country' : 'number'],
      });
  })
  .transform(({ country, number }) => {
    const dial = dialCodeOf(country);
    return { phone: toE164(dial, number), shown: `${dial} ${number.trim()}` };
  });

/** Token login: the company e-mail or phone the token names (matched by the server). */
export const tokenIdentityForm = z.object({
  identity: checked((v) => checkTokenIdentity(v, {}).filter((i) => i.code === 'identity-required')),
});
