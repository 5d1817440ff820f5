import { describe, expect, it } from 'vitest';
import {
  ALERT_TEXT,
  EXCEPTION_BANNER_TEXT,
  FORM_TEXT,
  IDENTITY_MESSAGES,
  IDENTITY_TEXT,
  identityMessage,
  JOB_TAB_LABELS,
  LOGO_TEXT,
  OVERLAY_TEXT,
  ROUTE_TEXT,
  SIGN_IN_TEXT,
  TOKEN_LOGIN_TEXT,
  whatsNewLabel,
} from './messages.ts';

// Expected values are copied from the spec (shell-and-access.md) by hand, so an edit to a text
// in messages.ts fails here.

describe('shell texts are the spec texts, character for character', () => {
  it('routes and layout (§2)', () => {
    expect(ROUTE_TEXT).toEqual({
      troubleSigningIn: 'Trouble signing in?',
      pageNotFound: 'Page not found',
      errorOccurred: 'An error occurred',
      backToDefaultPage: 'Click here to go back to the default page',
    });
    expect(OVERLAY_TEXT).toEqual({
      waitTitle: 'Please wait',
      waitBody: 'This will only take a short moment',
      unsavedChanges: 'Close - There are unsaved changes. Do you want to leave and discard your changes?',
      yes: 'Yes',
      no: 'No',
    });
  });

  it("the What's New entry inserts the version: See what's new in {version}", () => {
    expect(whatsNewLabel('3.5.0')).toBe("See what's new in 3.5.0");
    expect(whatsNewLabel('')).toBe("See what's new in ");
  });

  it('logo texts (§4, §5)', () => {
    expect(LOGO_TEXT).toEqual({
      confirmUpdate: 'Please confirm the logo update',
      tooLarge: 'File size is bigger than 500KB',
      badDimensions: 'Image dimensions are not compatible (Square and Vertical images are not accepted)',
    });
  });

  it('alerts, toasts and access denied (§5, §6, §8)', () => {
    expect(ALERT_TEXT).toEqual({
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
    });
  });

  it("exception banner keeps the straight apostrophe of hours'", () => {
    expect(EXCEPTION_BANNER_TEXT.body).toBe(
      "Urgent: Exception report for current hours' bookings is available. Take immediate action to resolve issues.",
    );
    expect(EXCEPTION_BANNER_TEXT.body.charCodeAt(EXCEPTION_BANNER_TEXT.body.indexOf('hours') + 5)).toBe(0x27);
    expect(EXCEPTION_BANNER_TEXT.viewDetails).toBe('View Details');
    expect(EXCEPTION_BANNER_TEXT.close).toBe('Close');
  });

  it('form and token-login texts (§5)', () => {
    expect(FORM_TEXT).toEqual({
      invalidDate: 'you must enter a valid date',
      invalidTime: 'you must enter a valid time',
      packageTypeRequired: 'Please select a type before sending a package',
    });
    expect(TOKEN_LOGIN_TEXT.identityPrompt).toBe('Please provide your company email or phone number.');
  });

  it('sign-in field texts (§5)', () => {
    expect(SIGN_IN_TEXT).toEqual({
      emailRequired: 'Enter your email address to continue',
      emailInvalid: "That email address isn't correct",
      passwordRequired: 'Enter your password',
      nameRequired: 'Enter your account name',
      wrongCode: 'Wrong code. Try again.',
      phoneInvalid: 'Enter a valid phone number.',
      phoneCountryUnsupported: 'The country code provided is not supported.',
      captchaRequired: 'Solve the reCAPTCHA',
    });
  });

  it('identity messages keyed by their codes (§8)', () => {
    expect(IDENTITY_MESSAGES).toEqual({
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
    });
    expect(IDENTITY_TEXT).toEqual({
      sessionExpired: 'Your sign-in session has expired. Please try again.',
      tooManyAccountRequests:
        'Too many account requests are coming from your IP address. Try again in a few minutes.',
      phoneUsedTooOften: 'This phone number has been used too many times',
      resetCodeNotSent: 'Unable to send password reset code to specified email',
      emailWithoutSignInMethod:
        'This email already exists without any means of sign-in. Please reset the password to recover.',
      loginAgain: 'Please login again to perform this operation.',
      somethingWentWrong: 'Something went wrong. Please try again.',
    });
  });

  it('job detail tab captions (§4)', () => {
    expect(JOB_TAB_LABELS).toEqual({
      resource: 'Resource',
      review: 'Review',
      chats: 'Chats',
      details: 'Details',
      quotes_and_invoices: 'Quotes And Invoices',
      notes: 'Notes',
    });
  });

  it('no text uses a typographic quote or any non-ASCII character (the spec has none)', () => {
    const all = [
      ROUTE_TEXT,
      OVERLAY_TEXT,
      LOGO_TEXT,
      ALERT_TEXT,
      EXCEPTION_BANNER_TEXT,
      FORM_TEXT,
      TOKEN_LOGIN_TEXT,
      SIGN_IN_TEXT,
      IDENTITY_MESSAGES,
      IDENTITY_TEXT,
      JOB_TAB_LABELS,
    ].flatMap((group) => Object.values(group));
    expect(all.length).toBeGreaterThan(40);
    for (const text of all) expect(text).toMatch(/^[\x20-\x7E]+$/);
  });
});

describe('identityMessage maps an identity error code to its text', () => {
  it('known codes, with or without the auth/ prefix', () => {
    expect(identityMessage('wrong-password')).toBe("The email and password you entered don't match");
    expect(identityMessage('auth/user-not-found')).toBe(
      "That email address doesn't match an existing account",
    );
    expect(identityMessage('auth/code-expired')).toBe('This code is no longer valid');
  });

  it('an unknown code (or an inherited property name) gets the generic text, never the raw code', () => {
    expect(identityMessage('auth/internal-error')).toBe('Something went wrong. Please try again.');
    expect(identityMessage('toString')).toBe('Something went wrong. Please try again.');
    expect(identityMessage('')).toBe('Something went wrong. Please try again.');
  });
});
