import { PROFILE_LOCKED_TEXT } from '@rostra/core/settings/flag-rules';
import { ALERT_TEXT, IDENTITY_MESSAGES, IDENTITY_TEXT, SIGN_IN_TEXT } from '@rostra/core/shell/messages';

/**
 * Texts the server answers with where the spec has none. Everything the spec does quote comes
 * from core's shell messages; these few are ours and are kept here, in one place.
 */
export const SERVER_IDENTITY_TEXT = {
  signInRequired: IDENTITY_TEXT.loginAgain,
  termsRequired: 'Please accept the terms and conditions to continue.',
  readDenied: 'Access denied - Currently your profile is not allowed to see this.',
  originRefused: 'This request did not come from the Rostra app.',
  resendTooSoon: 'Please wait a few seconds before asking for a new code.',
  emailLinkOtherDevice:
    'This link was opened on a different device or browser from the one it was requested on. Enter your email address to finish signing in.',
  emailLinkMismatch: 'The email address you entered is not the one this link was sent to.',
  mergeConflict:
    'This sign-in belongs to an existing account. Sign out of the guest session, then sign in to that account.',
  notFound: 'Not found',
  switchRefused: 'You are not a member of that organisation with that role.',
  sessionBound:
    'You signed in with a sign-in link, which opens only the organisation that sent it. To switch organisation or change your account, sign in with your email, phone or password.',
} as const;

/** A failure of an identity call as the API answers it: stable code, spec text, HTTP status. */
export type IdentityFailure = { status: number; code: string; message: string };

const spec = (status: number, code: keyof typeof IDENTITY_MESSAGES): IdentityFailure => ({
  status,
  code,
  message: IDENTITY_MESSAGES[code],
});

/**
 * The identity library's error codes mapped to the spec's codes and texts (shell spec §5, §8).
 * INVALID_EMAIL_OR_PASSWORD is not here: the sign-in route tells an unknown email from a wrong
 * password itself. A code not listed gets 'Something went wrong. Please try again.'.
 */
export const LIBRARY_ERRORS: Readonly<Record<string, IdentityFailure>> = {
  USER_ALREADY_EXISTS: spec(422, 'email-already-in-use'),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: spec(422, 'email-already-in-use'),
  PHONE_NUMBER_EXIST: { status: 422, code: 'phone-already-in-use', message: IDENTITY_TEXT.phoneUsedTooOften },
  PASSWORD_TOO_SHORT: spec(400, 'weak-password'),
  PASSWORD_TOO_LONG: spec(400, 'weak-password'),
  INVALID_EMAIL: { status: 400, code: 'email-invalid', message: SIGN_IN_TEXT.emailInvalid },
  INVALID_PHONE_NUMBER: { status: 400, code: 'phone-invalid', message: SIGN_IN_TEXT.phoneInvalid },
  INVALID_OTP: spec(400, 'invalid-verification-code'),
  OTP_NOT_FOUND: spec(400, 'code-expired'),
  OTP_EXPIRED: spec(400, 'code-expired'),
  TOO_MANY_ATTEMPTS: spec(400, 'code-expired'),
  INVALID_TOKEN: spec(400, 'invalid-action-code'),
  TOKEN_EXPIRED: spec(400, 'expired-action-code'),
  SESSION_EXPIRED: { status: 401, code: 'requires-recent-login', message: IDENTITY_TEXT.loginAgain },
  SESSION_NOT_FRESH: { status: 401, code: 'requires-recent-login', message: IDENTITY_TEXT.loginAgain },
  FAILED_TO_GET_SESSION: { status: 401, code: 'session-expired', message: IDENTITY_TEXT.sessionExpired },
  CREDENTIAL_ACCOUNT_NOT_FOUND: {
    status: 400,
    code: 'email-without-sign-in-method',
    message: IDENTITY_TEXT.emailWithoutSignInMethod,
  },
  ANONYMOUS_USERS_CANNOT_SIGN_IN_AGAIN_ANONYMOUSLY: {
    status: 400,
    code: 'already-signed-in-as-guest',
    message: IDENTITY_TEXT.somethingWentWrong,
  },
  // Rostra's own refusal of a session started from a sign-in token (auth.ts, refuseTokenSession).
  session_bound: { status: 403, code: 'session_bound', message: SERVER_IDENTITY_TEXT.sessionBound },
  // Rostra's refusal of a profile change the organisation keeps (auth.ts, refuseLockedProfile).
  edit_disabled_resource: { status: 403, code: 'edit_disabled', message: PROFILE_LOCKED_TEXT.resource },
  edit_disabled_customer: { status: 403, code: 'edit_disabled', message: PROFILE_LOCKED_TEXT.customer },
  RESET_PASSWORD_DISABLED: {
    status: 400,
    code: 'reset-unavailable',
    message: IDENTITY_TEXT.resetCodeNotSent,
  },
};

export const FAILURES = {
  userNotFound: spec(404, 'user-not-found'),
  wrongPassword: spec(401, 'wrong-password'),
  tooManyWrongPasswords: spec(429, 'too-many-requests'),
  emailWithoutSignInMethod: {
    status: 401,
    code: 'email-without-sign-in-method',
    message: IDENTITY_TEXT.emailWithoutSignInMethod,
  },
  tooManyFromIp: { status: 429, code: 'too-many-ip-requests', message: IDENTITY_TEXT.tooManyAccountRequests },
  phoneUsedTooOften: { status: 429, code: 'phone-quota-exceeded', message: IDENTITY_TEXT.phoneUsedTooOften },
  resendTooSoon: { status: 429, code: 'resend-too-soon', message: SERVER_IDENTITY_TEXT.resendTooSoon },
  codeExpired: spec(400, 'code-expired'),
  wrongCode: spec(400, 'invalid-verification-code'),
  linkExpired: spec(400, 'expired-action-code'),
  linkInvalid: spec(400, 'invalid-action-code'),
  emailLinkOtherDevice: {
    status: 409,
    code: 'email-link-other-device',
    message: SERVER_IDENTITY_TEXT.emailLinkOtherDevice,
  },
  emailLinkMismatch: {
    status: 400,
    code: 'email-link-mismatch',
    message: SERVER_IDENTITY_TEXT.emailLinkMismatch,
  },
  mergeConflict: {
    status: 409,
    code: 'anonymous-upgrade-merge-conflict',
    message: SERVER_IDENTITY_TEXT.mergeConflict,
  },
  resetUnknownEmail: spec(404, 'user-not-found'),
  somethingWentWrong: { status: 500, code: 'internal', message: IDENTITY_TEXT.somethingWentWrong },
  notAMember: { status: 403, code: 'not_a_member', message: ALERT_TEXT.notAMember },
} as const satisfies Record<string, IdentityFailure>;

/** The answer for an identity-library error code (see LIBRARY_ERRORS). */
export function libraryFailure(code: string | undefined, status: number): IdentityFailure {
  const known = code ? LIBRARY_ERRORS[code] : undefined;
  if (known) return known;
  if (status === 429) return FAILURES.tooManyFromIp;
  return {
    status: status >= 400 && status < 600 ? status : 500,
    code: 'identity-error',
    message: IDENTITY_TEXT.somethingWentWrong,
  };
}
