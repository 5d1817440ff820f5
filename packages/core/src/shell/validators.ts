/**
 * Validators of the shell (spec §4, §5): logo and photo uploads, sign-in fields, time change,
 * customer package, overlap buffer, terms, token login and short links.
 *
 * Checks return a list of issues (empty when valid) and never throw, whatever they are given.
 * Messages come from ./messages.ts only.
 */

import {
  DEFAULT_COUNTRY,
  DEFAULT_TERMS_VERSION,
  LOGO_MAX_BYTES,
  LOGO_MIN_ASPECT_RATIO,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_LENGTH,
  PHONE_COUNTRIES,
  SHORT_LINK_LIFETIME_SECONDS,
} from './constants.ts';
import {
  ALERT_TEXT,
  FORM_TEXT,
  IDENTITY_MESSAGES,
  LOGO_TEXT,
  SIGN_IN_TEXT,
  TOKEN_LOGIN_TEXT,
} from './messages.ts';
import { isTermsRequired, type Role } from './roles.ts';

export type ShellIssueCode =
  | 'logo-missing'
  | 'logo-unreadable'
  | 'logo-too-large'
  | 'logo-bad-dimensions'
  | 'photo-missing'
  | 'photo-multiple'
  | 'photo-not-image'
  | 'photo-too-large'
  | 'email-required'
  | 'email-invalid'
  | 'password-required'
  | 'weak-password'
  | 'name-required'
  | 'phone-code-invalid'
  | 'phone-required'
  | 'phone-country-unsupported'
  | 'phone-invalid'
  | 'captcha-required'
  | 'date-invalid'
  | 'time-invalid'
  | 'package-type-required'
  | 'claim-missing'
  | 'identity-required'
  | 'identity-mismatch'
  | 'link-expired';

export type ShellIssue = {
  code: ShellIssueCode;
  message: string;
  /** The input field or claim the issue is about, when there is one. */
  field?: string;
};

type Settings = Readonly<Record<string, unknown>>;

function issue(code: ShellIssueCode, message: string, field?: string): ShellIssue {
  return field === undefined ? { code, message } : { code, message, field };
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

// --- Logo (§5) -----------------------------------------------------------------------------------

/** A chosen logo: its size and its decoded pixel dimensions. */
export type LogoFile = { sizeBytes: number; width: number; height: number };

/** Size rule alone, so that a too-large file can be refused before it is decoded. */
export function checkLogoSize(sizeBytes: number): ShellIssue[] {
  if (!Number.isFinite(sizeBytes) || sizeBytes < 0) {
    return [issue('logo-unreadable', ALERT_TEXT.somethingWentWrong)];
  }
  return sizeBytes < LOGO_MAX_BYTES ? [] : [issue('logo-too-large', LOGO_TEXT.tooLarge)];
}

/**
 * Dimension rule alone: width / height at least 1.7. Division is exact at the boundary (IEEE
 * division rounds the true ratio 17/10 to the literal 1.7), so e.g. 357×210 passes.
 * Non-positive or non-finite dimensions mean the image could not be decoded.
 */
export function checkLogoDimensions(width: number, height: number): ShellIssue[] {
  const isPositive = (n: number) => Number.isFinite(n) && n > 0;
  if (!isPositive(width) || !isPositive(height)) {
    return [issue('logo-unreadable', ALERT_TEXT.somethingWentWrong)];
  }
  return width / height >= LOGO_MIN_ASPECT_RATIO
    ? []
    : [issue('logo-bad-dimensions', LOGO_TEXT.badDimensions)];
}

/**
 * A logo must be under 500000 bytes and at least 1.7 times as wide as high; no file chosen gives
 * 'Something went wrong! Please try again.'. Both rules are reported when both fail (size
 * first); show the first.
 */
export function checkLogo(file: LogoFile | null | undefined): ShellIssue[] {
  if (file === null || file === undefined) return [issue('logo-missing', ALERT_TEXT.somethingWentWrong)];
  return [...checkLogoSize(file.sizeBytes), ...checkLogoDimensions(file.width, file.height)];
}

// --- Profile photo (§2) --------------------------------------------------------------------------

/** `accept` attribute of the photo input: image files only. */
export const PROFILE_PHOTO_ACCEPT = 'image/*';

/**
 * The largest profile photo kept (the spec sets none): room for a phone camera's picture, while a
 * profile picture needs far less.
 */
export const PROFILE_PHOTO_MAX_BYTES = 5_000_000;

/**
 * A chosen file; `type` is its MIME type, sniffed from the content where the caller can, `size`
 * its bytes where known.
 */
export type UploadCandidate = { type: string; size?: number };

/**
 * Exactly one file, an image (`image/…`) of at most {@link PROFILE_PHOTO_MAX_BYTES}. The spec gives
 * no text for these cases; a photo failure shows 'Something went wrong! Please try again.' (§8),
 * so that is used. The browser checks the chosen file; the server checks the bytes it received.
 */
export function checkProfilePhoto(files: readonly UploadCandidate[]): ShellIssue[] {
  const [first] = files;
  if (first === undefined) return [issue('photo-missing', ALERT_TEXT.somethingWentWrong)];
  if (files.length > 1) return [issue('photo-multiple', ALERT_TEXT.somethingWentWrong)];
  if (!/^image\/[^\s/]+$/i.test(first.type)) return [issue('photo-not-image', ALERT_TEXT.somethingWentWrong)];
  return (first.size ?? 0) > PROFILE_PHOTO_MAX_BYTES
    ? [issue('photo-too-large', ALERT_TEXT.somethingWentWrong)]
    : [];
}

// --- Sign-in (§5) --------------------------------------------------------------------------------

/**
 * "Looks like an address": after trimming, a local part and a domain around one '@', no
 * whitespace, and a domain of at least two non-empty dot-separated labels. Deliverability is the
 * identity service's business, not this check's.
 */
export function checkEmail(value: string): ShellIssue[] {
  const email = value.trim();
  if (email === '') return [issue('email-required', SIGN_IN_TEXT.emailRequired, 'email')];
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)
    ? []
    : [issue('email-invalid', SIGN_IN_TEXT.emailInvalid, 'email')];
}

/** Sign-in password: required. Not trimmed — spaces may be part of a password. */
export function checkPassword(value: string): ShellIssue[] {
  return value === '' ? [issue('password-required', SIGN_IN_TEXT.passwordRequired, 'password')] : [];
}

/**
 * New password: required ('Enter your password'), then at least 6 characters (code points) with
 * at least one letter and at least one decimal digit. A weak one gets the identity service's
 * weak-password message (see IDENTITY_MESSAGES for how that text was chosen).
 */
export function checkNewPassword(value: string): ShellIssue[] {
  if (value === '') return [issue('password-required', SIGN_IN_TEXT.passwordRequired, 'newPassword')];
  const isStrong = [...value].length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(value) && /\p{Nd}/u.test(value);
  return isStrong ? [] : [issue('weak-password', IDENTITY_MESSAGES['weak-password'], 'newPassword')];
}

/** Account name: when the form asks for it, it must not be blank. */
export function checkAccountName(value: string, isEnabled: boolean): ShellIssue[] {
  return isEnabled && value.trim() === '' ? [issue('name-required', SIGN_IN_TEXT.nameRequired, 'name')] : [];
}

/** Phone verification code: exactly 6 ASCII digits once surrounding spaces are trimmed. */
export function checkPhoneCode(value: string): ShellIssue[] {
  const pattern = new RegExp(`^[0-9]{${PHONE_CODE_LENGTH}}$`);
  return pattern.test(value.trim()) ? [] : [issue('phone-code-invalid', SIGN_IN_TEXT.wrongCode, 'code')];
}

/** The dialling code of a country of PHONE_COUNTRIES by its ISO code (the default country's otherwise). */
export const dialCodeOf = (country: string): string =>
  PHONE_COUNTRIES.find((c) => c.code === country)?.dial ?? DEFAULT_COUNTRY.code;

/** '+61' and '0400 000 001' → '+61400000001' (E.164: no trunk zero, no separators). */
export function toE164(dial: string, number: string): string {
  const digits = number.replace(/[\s\-.()]/g, '');
  return `${dial}${digits.startsWith('0') ? digits.slice(1) : digits}`;
}

export type PhoneInput = {
  /** The number as typed, without the country's dialling code. */
  number: string;
  /** Dialling code of the chosen country, e.g. '+61'. */
  dialCode: string;
  /** Dialling codes the identity service accepts; undefined = any well-formed code. */
  supportedDialCodes?: readonly string[] | undefined;
};

/**
 * Phone number: required, a supported country, then a plausible number. The spec has no text
 * for "required", so an empty number gets the generic 'Enter a valid phone number.'. Plausible
 * means: after removing spaces, dashes, dots and brackets, only digits; after dropping one
 * leading trunk '0', at least 4 digits and, with the dialling code, at most 15 (E.164).
 */
export function checkPhoneNumber(input: PhoneInput): ShellIssue[] {
  if (input.number.trim() === '') return [issue('phone-required', SIGN_IN_TEXT.phoneInvalid, 'phone')];
  const dial = input.dialCode.trim();
  const isWellFormedDial = /^\+[0-9]{1,4}$/.test(dial);
  if (
    !isWellFormedDial ||
    (input.supportedDialCodes !== undefined && !input.supportedDialCodes.includes(dial))
  ) {
    return [issue('phone-country-unsupported', SIGN_IN_TEXT.phoneCountryUnsupported, 'country')];
  }
  const digits = input.number.replace(/[\s\-.()]/g, '');
  const national = digits.startsWith('0') ? digits.slice(1) : digits;
  const isPlausible =
    /^[0-9]+$/.test(digits) && national.length >= 4 && national.length + (dial.length - 1) <= 15;
  return isPlausible ? [] : [issue('phone-invalid', SIGN_IN_TEXT.phoneInvalid, 'phone')];
}

export function checkCaptcha(isSolved: boolean): ShellIssue[] {
  return isSolved ? [] : [issue('captcha-required', SIGN_IN_TEXT.captchaRequired, 'captcha')];
}

// --- Time change (§5) ----------------------------------------------------------------------------

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A real calendar date in the default format dd/mmm/yyyy (`05/Jan/2026`; one-digit day and any
 * letter case accepted): 31/Feb/2026 is not a date.
 */
export function isValidDateText(text: string | null | undefined): boolean {
  const m = /^(\d{1,2})\/([A-Za-z]{3})\/(\d{4})$/.exec(text?.trim() ?? '');
  if (!m) return false;
  const day = Number(m[1]);
  const month = MONTHS.indexOf((m[2] ?? '').toLowerCase());
  const year = Number(m[3]);
  if (month < 0 || day < 1) return false;
  const d = new Date(Date.UTC(year, month, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month && d.getUTCDate() === day;
}

/**
 * A time of day as the pickers write it: 12-hour `hh:MM AM|PM` (hour 1–12, case and the space
 * before AM/PM optional) or 24-hour `HH:MM` (hour 0–23); minutes 00–59.
 */
export function isValidTimeText(text: string | null | undefined): boolean {
  const t = text?.trim() ?? '';
  const h12 = /^(\d{1,2}):([0-5]\d)\s?([AaPp][Mm])$/.exec(t);
  if (h12) {
    const hour = Number(h12[1]);
    return hour >= 1 && hour <= 12;
  }
  const h24 = /^(\d{1,2}):([0-5]\d)$/.exec(t);
  return h24 !== null && Number(h24[1]) <= 23;
}

/** Time change form: 'you must enter a valid date' and/or 'you must enter a valid time'. */
export function checkTimeChange(input: {
  date: string | null | undefined;
  time: string | null | undefined;
}): ShellIssue[] {
  const issues: ShellIssue[] = [];
  if (!isValidDateText(input.date)) issues.push(issue('date-invalid', FORM_TEXT.invalidDate, 'date'));
  if (!isValidTimeText(input.time)) issues.push(issue('time-invalid', FORM_TEXT.invalidTime, 'time'));
  return issues;
}

// --- Customer package (§5) -----------------------------------------------------------------------

export function checkPackageType(type: string | null | undefined): ShellIssue[] {
  return isBlank(type) ? [issue('package-type-required', FORM_TEXT.packageTypeRequired, 'type')] : [];
}

// --- Terms (§4, §5) ------------------------------------------------------------------------------

/**
 * Key of the accepted-terms record: the whole-number part of the terms version ('3.0' → '3',
 * '3.9' → '3', 10 → '10'). A version without a leading whole number falls back to the default.
 */
export function termsWholeVersion(version: string | number = DEFAULT_TERMS_VERSION): string {
  const m = /^\s*(\d+)/.exec(String(version));
  return m?.[1] !== undefined ? String(Number(m[1])) : termsWholeVersion(DEFAULT_TERMS_VERSION);
}

/**
 * Whether the user must be sent to /terms: a non-customer without an `accepted: true` record for
 * the whole number of the current terms version. `acceptedTerms` maps whole version → record.
 */
export function mustAcceptTerms(input: {
  role: Role;
  acceptedTerms: Readonly<Record<string, { accepted?: unknown } | null | undefined>>;
  termsVersion?: string | number;
}): boolean {
  if (!isTermsRequired(input.role)) return false;
  const key = termsWholeVersion(input.termsVersion);
  const record = Object.hasOwn(input.acceptedTerms, key) ? input.acceptedTerms[key] : undefined;
  return record?.accepted !== true;
}

// --- Token login (§4, §5) ------------------------------------------------------------------------

/** Claims a token login cannot do without. */
export const REQUIRED_TOKEN_CLAIMS = ['org_id', 'alg_client', 'alg_key', 'uid', 'role'] as const;

/**
 * One issue per missing claim (absent, null, blank text; a finite number counts as present).
 * The spec says missing claims block entry and send the user to login without quoting a text;
 * its 'Sorry your account is missing vital information.' alert is used.
 */
export function checkTokenClaims(claims: Settings): ShellIssue[] {
  return REQUIRED_TOKEN_CLAIMS.filter((name) => {
    const value = Object.hasOwn(claims, name) ? claims[name] : undefined;
    return !(typeof value === 'number' ? Number.isFinite(value) : !isBlank(value));
  }).map((name) => issue('claim-missing', ALERT_TEXT.missingVitalInformation, name));
}

function phoneDigits(value: string): string {
  return value.replace(/[\s\-.()]/g, '');
}

/**
 * The value the person entered must be the token's email (`email` claim, compared trimmed and
 * without regard to case) or its phone (`phone_number` claim, compared after removing spaces,
 * dashes, dots and brackets). Empty → 'identity-required'; no match → 'identity-mismatch', on
 * which the caller signs out. Both carry the prompt text, as no other text is given.
 */
export function checkTokenIdentity(entered: string, claims: Settings): ShellIssue[] {
  const value = entered.trim();
  if (value === '') return [issue('identity-required', TOKEN_LOGIN_TEXT.identityPrompt, 'identity')];
  const email = claims.email;
  const phone = claims.phone_number;
  const isEmailMatch =
    typeof email === 'string' && email.trim() !== '' && email.trim().toLowerCase() === value.toLowerCase();
  const isPhoneMatch =
    typeof phone === 'string' && phoneDigits(phone) !== '' && phoneDigits(phone) === phoneDigits(value);
  return isEmailMatch || isPhoneMatch
    ? []
    : [issue('identity-mismatch', TOKEN_LOGIN_TEXT.identityPrompt, 'identity')];
}

// --- Short link (§5) -----------------------------------------------------------------------------

/**
 * A short link is valid while fewer than 3599 s have passed since its creation `utc_qa` (epoch
 * seconds): valid at 3598 s, expired at 3599 s. A link dated in the future (clock skew) is
 * valid; a missing or non-numeric `utc_qa` is expired.
 */
export function checkShortLink(link: { utc_qa?: unknown }, nowSeconds: number): ShellIssue[] {
  const created = link.utc_qa;
  const isValid =
    typeof created === 'number' &&
    Number.isFinite(created) &&
    Number.isFinite(nowSeconds) &&
    nowSeconds - created < SHORT_LINK_LIFETIME_SECONDS;
  return isValid ? [] : [issue('link-expired', ALERT_TEXT.linkExpired)];
}
