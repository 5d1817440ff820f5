/**
 * Every user-facing text of the shell specification (§2, §4, §5, §6, §8), copied character for
 * character (the spec uses the plain ASCII apostrophe throughout). The web app and the server
 * take texts from here only, so that a wording change is made once and the tests beside this
 * file catch an accidental edit.
 */

// --- Routes and layout (§2) ----------------------------------------------------------------------

export const ROUTE_TEXT = {
  troubleSigningIn: 'Trouble signing in?',
  pageNotFound: 'Page not found',
  errorOccurred: 'An error occurred',
  backToDefaultPage: 'Click here to go back to the default page',
} as const;

export const OVERLAY_TEXT = {
  waitTitle: 'Please wait',
  waitBody: 'This will only take a short moment',
  unsavedChanges: 'Close - There are unsaved changes. Do you want to leave and discard your changes?',
  yes: 'Yes',
  no: 'No',
} as const;

/** Profile-menu entry that opens the What's New panel, e.g. `See what's new in 3.5.0`. */
export function whatsNewLabel(version: string): string {
  return `See what's new in ${version}`;
}

// --- Logo and uploads (§4, §5, §8) ---------------------------------------------------------------

export const LOGO_TEXT = {
  confirmUpdate: 'Please confirm the logo update',
  tooLarge: 'File size is bigger than 500KB',
  badDimensions: 'Image dimensions are not compatible (Square and Vertical images are not accepted)',
} as const;

export const ALERT_TEXT = {
  /** Upload failure, missing download URL, failed callable, logo or photo failure. */
  somethingWentWrong: 'Something went wrong! Please try again.',
  photoNotSaved:
    'Sorry we could not save your photo at this time, please check your internet and try again. If your problem persists please contact your administrator.',
  messageNotSent:
    'Sorry we could not send your message, please check your internet and try again. If your problem persists please contact your administrator.',
  notAMember:
    'Sorry you are not currently setup as a member of a organisation. This could be due to a connectivity issue, please check your internet connection and try again. If the problem continues, please contact your administrator.',
  missingVitalInformation: 'Sorry your account is missing vital information.',
  linkExpired: 'Sorry your link got expired',
  noBarcode: 'No barcode detected in the image',
  accessDenied:
    'Access denied - Currently your profile is not allowed to add records. Please contact your administrator for access.',
} as const;

export const EXCEPTION_BANNER_TEXT = {
  body: "Urgent: Exception report for current hours' bookings is available. Take immediate action to resolve issues.",
  viewDetails: 'View Details',
  close: 'Close',
} as const;

// --- Forms (§5) ----------------------------------------------------------------------------------

export const FORM_TEXT = {
  invalidDate: 'you must enter a valid date',
  invalidTime: 'you must enter a valid time',
  packageTypeRequired: 'Please select a type before sending a package',
} as const;

export const TOKEN_LOGIN_TEXT = {
  identityPrompt: 'Please provide your company email or phone number.',
} as const;

// --- Sign-in (§5, §8) ----------------------------------------------------------------------------

export const SIGN_IN_TEXT = {
  emailRequired: 'Enter your email address to continue',
  emailInvalid: "That email address isn't correct",
  passwordRequired: 'Enter your password',
  nameRequired: 'Enter your account name',
  wrongCode: 'Wrong code. Try again.',
  phoneInvalid: 'Enter a valid phone number.',
  phoneCountryUnsupported: 'The country code provided is not supported.',
  captchaRequired: 'Solve the reCAPTCHA',
} as const;

/**
 * Identity-service messages keyed by the service's error code (§8).
 *
 * `weak-password`: the spec gives no quoted text, only the note "(strong passwords have at least
 * 6 characters and a mix of letters and numbers)". The note is used as the message, with its
 * first letter capitalised because it stands alone as a sentence.
 */
export const IDENTITY_MESSAGES = {
  'email-already-in-use': 'The email address is already used by another account',
  'too-many-requests':
    'You have entered an incorrect password too many times. Please try again in a few minutes.',
  'user-cancelled': 'Please authorize the required permissions to sign in to the application',
  'user-not-found': "That email address doesn't match an existing account",
  'weak-password': 'Strong passwords have at least 6 characters and a mix of letters and numbers',
  'wrong-password': "The email and password you entered don't match",
  'network-request-failed': 'A network error has occurred',
  'invalid-verification-code': 'Wrong code. Try again.',
  'code-expired': 'This code is no longer valid',
  'expired-action-code': 'This code has expired.',
  'invalid-action-code':
    'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
} as const;

export type IdentityErrorCode = keyof typeof IDENTITY_MESSAGES;

/**
 * The further identity messages of §8. The spec lists them without an error code, so they are
 * keyed by what they say rather than by a guessed code.
 */
export const IDENTITY_TEXT = {
  sessionExpired: 'Your sign-in session has expired. Please try again.',
  tooManyAccountRequests:
    'Too many account requests are coming from your IP address. Try again in a few minutes.',
  phoneUsedTooOften: 'This phone number has been used too many times',
  resetCodeNotSent: 'Unable to send password reset code to specified email',
  emailWithoutSignInMethod:
    'This email already exists without any means of sign-in. Please reset the password to recover.',
  loginAgain: 'Please login again to perform this operation.',
  somethingWentWrong: 'Something went wrong. Please try again.',
} as const;

/**
 * Message for an identity error code. Accepts the code with or without the service's `auth/`
 * prefix; an unknown code gets the identity service's generic 'Something went wrong. Please try
 * again.' (no raw code is ever shown to the user).
 */
export function identityMessage(code: string): string {
  const bare = code.startsWith('auth/') ? code.slice('auth/'.length) : code;
  return Object.hasOwn(IDENTITY_MESSAGES, bare)
    ? IDENTITY_MESSAGES[bare as IdentityErrorCode]
    : IDENTITY_TEXT.somethingWentWrong;
}

// --- Job detail tabs (§4) ------------------------------------------------------------------------

/**
 * Tab captions. The spec names the review tab only as "a review form"; 'Review' is this
 * module's caption for it, not a spec text.
 */
export const JOB_TAB_LABELS = {
  resource: 'Resource',
  review: 'Review',
  chats: 'Chats',
  details: 'Details',
  quotes_and_invoices: 'Quotes And Invoices',
  notes: 'Notes',
} as const;
