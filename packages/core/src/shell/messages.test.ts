import fc from 'fast-check';
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

// The texts themselves are not restated here: what a person reads is checked where it is shown
// (the browser tests find each screen's text by the spec's words). These tests are of the rules
// that choose a text.

describe("the What's New entry names the version", () => {
  it("See what's new in {version}", () => {
    expect(whatsNewLabel('3.5.0')).toBe("See what's new in 3.5.0");
    expect(whatsNewLabel('4.0.1')).toBe("See what's new in 4.0.1");
  });
});

describe('identityMessage: the message a person gets for an identity failure (§8)', () => {
  it('a wrong password, an unknown account, an expired code: the spec texts', () => {
    expect(identityMessage('wrong-password')).toBe("The email and password you entered don't match");
    expect(identityMessage('auth/user-not-found')).toBe(
      "That email address doesn't match an existing account",
    );
    expect(identityMessage('auth/code-expired')).toBe('This code is no longer valid');
    expect(identityMessage('auth/too-many-requests')).toBe(
      'You have entered an incorrect password too many times. Please try again in a few minutes.',
    );
  });

  it('a wrong phone code reads the same as the sign-in form says it', () => {
    expect(identityMessage('auth/invalid-verification-code')).toBe(SIGN_IN_TEXT.wrongCode);
  });

  it("the service's auth/ prefix makes no difference", () => {
    for (const code of Object.keys(IDENTITY_MESSAGES)) {
      expect(identityMessage(`auth/${code}`)).toBe(identityMessage(code));
    }
  });

  it('an unknown code (or an inherited property name) gets the generic text, never the raw code', () => {
    expect(identityMessage('auth/internal-error')).toBe('Something went wrong. Please try again.');
    expect(identityMessage('toString')).toBe(IDENTITY_TEXT.somethingWentWrong);
    expect(identityMessage('auth/constructor')).toBe(IDENTITY_TEXT.somethingWentWrong);
    expect(identityMessage('')).toBe(IDENTITY_TEXT.somethingWentWrong);
  });

  it('whatever code comes back, the person reads a sentence of ours, never the code itself', () => {
    const ours = new Set<string>([...Object.values(IDENTITY_MESSAGES), IDENTITY_TEXT.somethingWentWrong]);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.constantFrom(...Object.keys(IDENTITY_MESSAGES))), (code) => {
        const message = identityMessage(code);
        expect(ours.has(message)).toBe(true);
        expect(message).not.toBe(code);
      }),
    );
  });
});

describe('every text is plain ASCII, as the spec writes it', () => {
  it('no typographic quote or other non-ASCII character slips in (the spec has none)', () => {
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
