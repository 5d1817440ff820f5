import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAccountName,
  checkCaptcha,
  checkEmail,
  checkLogo,
  checkLogoDimensions,
  checkLogoSize,
  checkNewPassword,
  checkPackageType,
  checkPassword,
  checkPhoneCode,
  checkPhoneNumber,
  checkProfilePhoto,
  checkShortLink,
  checkTimeChange,
  checkTokenClaims,
  checkTokenIdentity,
  isValidDateText,
  isValidTimeText,
  mustAcceptTerms,
  PROFILE_PHOTO_MAX_BYTES,
  termsWholeVersion,
} from './validators.ts';

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

describe('logo', () => {
  const wide = { width: 340, height: 200 };

  it('499999 bytes is accepted, 500000 bytes is too large', () => {
    expect(checkLogo({ sizeBytes: 499_999, ...wide })).toEqual([]);
    expect(checkLogo({ sizeBytes: 500_000, ...wide })).toEqual([
      { code: 'logo-too-large', message: 'File size is bigger than 500KB' },
    ]);
  });

  it('width/height exactly 1.7 is accepted (including ratios like 357×210), 1.69 is refused', () => {
    expect(checkLogo({ sizeBytes: 1000, width: 170, height: 100 })).toEqual([]);
    expect(checkLogo({ sizeBytes: 1000, width: 357, height: 210 })).toEqual([]);
    expect(checkLogo({ sizeBytes: 1000, width: 169, height: 100 })).toEqual([
      {
        code: 'logo-bad-dimensions',
        message: 'Image dimensions are not compatible (Square and Vertical images are not accepted)',
      },
    ]);
  });

  it('square and vertical images are refused', () => {
    expect(codes(checkLogoDimensions(500, 500))).toEqual(['logo-bad-dimensions']);
    expect(codes(checkLogoDimensions(200, 400))).toEqual(['logo-bad-dimensions']);
  });

  it('integer dimensions pass exactly when 10·width ≥ 17·height', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 20_000 }), (w, h) => {
        expect(checkLogoDimensions(w, h).length === 0).toBe(10 * w >= 17 * h);
      }),
    );
  });

  it("no file chosen: 'Something went wrong! Please try again.'", () => {
    const missing = [{ code: 'logo-missing', message: 'Something went wrong! Please try again.' }];
    expect(checkLogo(undefined)).toEqual(missing);
    expect(checkLogo(null)).toEqual(missing);
  });

  it('too large and too narrow report both, size first', () => {
    expect(codes(checkLogo({ sizeBytes: 600_000, width: 100, height: 100 }))).toEqual([
      'logo-too-large',
      'logo-bad-dimensions',
    ]);
  });

  it('undecodable sizes or dimensions are reported, never thrown', () => {
    expect(codes(checkLogoSize(Number.NaN))).toEqual(['logo-unreadable']);
    expect(codes(checkLogoSize(-1))).toEqual(['logo-unreadable']);
    expect(checkLogoSize(0)).toEqual([]);
    expect(codes(checkLogoDimensions(100, 0))).toEqual(['logo-unreadable']);
    expect(codes(checkLogoDimensions(Number.POSITIVE_INFINITY, 10))).toEqual(['logo-unreadable']);
  });
});

describe('profile photo: image files only, single file', () => {
  it('one image file is accepted', () => {
    expect(checkProfilePhoto([{ type: 'image/png' }])).toEqual([]);
    expect(checkProfilePhoto([{ type: 'image/jpeg' }])).toEqual([]);
  });

  it('a photo of up to the limit is kept; one byte more is refused', () => {
    expect(checkProfilePhoto([{ type: 'image/jpeg', size: PROFILE_PHOTO_MAX_BYTES }])).toEqual([]);
    expect(codes(checkProfilePhoto([{ type: 'image/jpeg', size: PROFILE_PHOTO_MAX_BYTES + 1 }]))).toEqual([
      'photo-too-large',
    ]);
  });

  it('a non-image file is refused', () => {
    expect(checkProfilePhoto([{ type: 'application/pdf' }])).toEqual([
      { code: 'photo-not-image', message: 'Something went wrong! Please try again.' },
    ]);
    expect(codes(checkProfilePhoto([{ type: '' }]))).toEqual(['photo-not-image']);
    expect(codes(checkProfilePhoto([{ type: 'image/' }]))).toEqual(['photo-not-image']);
  });

  it('two files are refused even when both are images; none is refused', () => {
    expect(codes(checkProfilePhoto([{ type: 'image/png' }, { type: 'image/png' }]))).toEqual([
      'photo-multiple',
    ]);
    expect(codes(checkProfilePhoto([]))).toEqual(['photo-missing']);
  });
});

describe('sign-in: email', () => {
  it("required: 'Enter your email address to continue'", () => {
    expect(checkEmail('')).toEqual([
      { code: 'email-required', message: 'Enter your email address to continue', field: 'email' },
    ]);
    expect(codes(checkEmail('   '))).toEqual(['email-required']);
  });

  it("must look like an address: 'That email address isn't correct'", () => {
    for (const bad of ['jo', 'jo@', '@x.com', 'jo@x', 'jo@@x.com', 'jo x@y.com', 'jo@x..com', 'jo@.com']) {
      expect(checkEmail(bad)).toEqual([
        { code: 'email-invalid', message: "That email address isn't correct", field: 'email' },
      ]);
    }
  });

  it('addresses (surrounding spaces trimmed) are accepted', () => {
    for (const good of ['jo@x.co', 'a.b+c@mail.example.com.au', '  jo@x.com  '])
      expect(checkEmail(good)).toEqual([]);
  });
});

describe('sign-in: passwords', () => {
  it("password required: 'Enter your password'; any non-empty password passes", () => {
    expect(checkPassword('')).toEqual([
      { code: 'password-required', message: 'Enter your password', field: 'password' },
    ]);
    expect(checkPassword(' ')).toEqual([]);
    expect(checkPassword('a')).toEqual([]);
  });

  it("new password required: 'Enter your password'", () => {
    expect(checkNewPassword('')).toEqual([
      { code: 'password-required', message: 'Enter your password', field: 'newPassword' },
    ]);
  });

  it('new password: 6 characters with letters and numbers passes, 5 does not', () => {
    expect(checkNewPassword('abc123')).toEqual([]);
    expect(checkNewPassword('abc12')).toEqual([
      {
        code: 'weak-password',
        message: 'Strong passwords have at least 6 characters and a mix of letters and numbers',
        field: 'newPassword',
      },
    ]);
  });

  it('new password without a digit or without a letter is weak, however long', () => {
    expect(codes(checkNewPassword('abcdefghij'))).toEqual(['weak-password']);
    expect(codes(checkNewPassword('1234567890'))).toEqual(['weak-password']);
    expect(codes(checkNewPassword('!!!!!!!!'))).toEqual(['weak-password']);
  });

  it('length counts characters, not UTF-16 units', () => {
    expect(codes(checkNewPassword('a1😀😀'))).toEqual(['weak-password']); // 4 characters, 6 units
    expect(checkNewPassword('é1😀😀xy')).toEqual([]);
  });
});

describe('sign-in: name, code, phone, captcha', () => {
  it("name when enabled must not be blank: 'Enter your account name'", () => {
    expect(checkAccountName('  ', true)).toEqual([
      { code: 'name-required', message: 'Enter your account name', field: 'name' },
    ]);
    expect(checkAccountName('Jo', true)).toEqual([]);
    expect(checkAccountName('', false)).toEqual([]);
  });

  it("phone code is exactly 6 digits: 'Wrong code. Try again.'", () => {
    expect(checkPhoneCode('123456')).toEqual([]);
    expect(checkPhoneCode(' 012345 ')).toEqual([]);
    for (const bad of ['12345', '1234567', '12345a', '', '12 456', '１２３４５６']) {
      expect(checkPhoneCode(bad)).toEqual([
        { code: 'phone-code-invalid', message: 'Wrong code. Try again.', field: 'code' },
      ]);
    }
  });

  it("phone required: 'Enter a valid phone number.'", () => {
    expect(checkPhoneNumber({ number: ' ', dialCode: '+61' })).toEqual([
      { code: 'phone-required', message: 'Enter a valid phone number.', field: 'phone' },
    ]);
  });

  it("unsupported country: 'The country code provided is not supported.'", () => {
    const unsupported = [
      {
        code: 'phone-country-unsupported',
        message: 'The country code provided is not supported.',
        field: 'country',
      },
    ];
    expect(
      checkPhoneNumber({ number: '412345678', dialCode: '+999', supportedDialCodes: ['+61', '+64'] }),
    ).toEqual(unsupported);
    expect(checkPhoneNumber({ number: '412345678', dialCode: '61' })).toEqual(unsupported);
    expect(
      checkPhoneNumber({ number: '412345678', dialCode: '+64', supportedDialCodes: ['+61', '+64'] }),
    ).toEqual([]);
  });

  it('a national number with separators and a trunk 0 is accepted', () => {
    expect(checkPhoneNumber({ number: '0412 345 678', dialCode: '+61' })).toEqual([]);
    expect(checkPhoneNumber({ number: '(02) 9876-5432', dialCode: '+61' })).toEqual([]);
  });

  it("letters, too few or too many digits: 'Enter a valid phone number.'", () => {
    const invalid = [{ code: 'phone-invalid', message: 'Enter a valid phone number.', field: 'phone' }];
    expect(checkPhoneNumber({ number: '0412 ABC 678', dialCode: '+61' })).toEqual(invalid);
    expect(checkPhoneNumber({ number: '123', dialCode: '+61' })).toEqual(invalid);
    expect(checkPhoneNumber({ number: '1234', dialCode: '+61' })).toEqual([]);
    // E.164: at most 15 digits with the country code (+61 has 2).
    expect(checkPhoneNumber({ number: '1234567890123', dialCode: '+61' })).toEqual([]);
    expect(checkPhoneNumber({ number: '12345678901234', dialCode: '+61' })).toEqual(invalid);
  });

  it("captcha must be solved: 'Solve the reCAPTCHA'", () => {
    expect(checkCaptcha(false)).toEqual([
      { code: 'captcha-required', message: 'Solve the reCAPTCHA', field: 'captcha' },
    ]);
    expect(checkCaptcha(true)).toEqual([]);
  });
});

describe('time change', () => {
  it('a valid date and time pass', () => {
    expect(checkTimeChange({ date: '05/Jan/2026', time: '09:30 AM' })).toEqual([]);
    expect(checkTimeChange({ date: '5/jan/2026', time: '17:45' })).toEqual([]);
  });

  it("an invalid date: 'you must enter a valid date'", () => {
    expect(checkTimeChange({ date: '31/Feb/2026', time: '09:30 AM' })).toEqual([
      { code: 'date-invalid', message: 'you must enter a valid date', field: 'date' },
    ]);
  });

  it("an invalid time: 'you must enter a valid time'", () => {
    expect(checkTimeChange({ date: '05/Jan/2026', time: '13:00 PM' })).toEqual([
      { code: 'time-invalid', message: 'you must enter a valid time', field: 'time' },
    ]);
  });

  it('both missing: both messages, date first', () => {
    expect(codes(checkTimeChange({ date: undefined, time: null }))).toEqual(['date-invalid', 'time-invalid']);
  });

  it('date boundaries: 29 Feb only in leap years, day 0 and month names are checked', () => {
    expect(isValidDateText('29/Feb/2028')).toBe(true);
    expect(isValidDateText('29/Feb/2026')).toBe(false);
    expect(isValidDateText('31/Dec/2026')).toBe(true);
    expect(isValidDateText('32/Dec/2026')).toBe(false);
    expect(isValidDateText('00/Jan/2026')).toBe(false);
    expect(isValidDateText('05/Jun/26')).toBe(false);
    expect(isValidDateText('05/Foo/2026')).toBe(false);
    expect(isValidDateText('2026-01-05')).toBe(false);
  });

  it('time boundaries: 12-hour 1–12, 24-hour 0–23, minutes 00–59', () => {
    expect(isValidTimeText('12:00 AM')).toBe(true);
    expect(isValidTimeText('12:59pm')).toBe(true);
    expect(isValidTimeText('00:30 AM')).toBe(false);
    expect(isValidTimeText('13:00 PM')).toBe(false);
    expect(isValidTimeText('00:00')).toBe(true);
    expect(isValidTimeText('23:59')).toBe(true);
    expect(isValidTimeText('24:00')).toBe(false);
    expect(isValidTimeText('09:60')).toBe(false);
    expect(isValidTimeText('')).toBe(false);
  });
});

describe('customer package', () => {
  it("needs a type first: 'Please select a type before sending a package'", () => {
    const missing = [
      {
        code: 'package-type-required',
        message: 'Please select a type before sending a package',
        field: 'type',
      },
    ];
    expect(checkPackageType(undefined)).toEqual(missing);
    expect(checkPackageType('')).toEqual(missing);
    expect(checkPackageType('  ')).toEqual(missing);
    expect(checkPackageType('care')).toEqual([]);
  });
});

describe('terms', () => {
  it('the default version 3.0 is recorded under 3; whole part only', () => {
    expect(termsWholeVersion()).toBe('3');
    expect(termsWholeVersion('3.0')).toBe('3');
    expect(termsWholeVersion('3.9')).toBe('3');
    expect(termsWholeVersion(4)).toBe('4');
    expect(termsWholeVersion('10.2')).toBe('10');
    expect(termsWholeVersion('v')).toBe('3');
  });

  it('a non-customer without an accepted record for the current whole version must accept', () => {
    expect(mustAcceptTerms({ role: 'resource', acceptedTerms: {} })).toBe(true);
    expect(mustAcceptTerms({ role: 'dispatcher', acceptedTerms: { '3': { accepted: false } } })).toBe(true);
    expect(mustAcceptTerms({ role: 'scheduler', acceptedTerms: { '3': {} } })).toBe(true);
  });

  it('an accepted record for the current whole version is enough', () => {
    expect(mustAcceptTerms({ role: 'resource', acceptedTerms: { '3': { accepted: true } } })).toBe(false);
    expect(
      mustAcceptTerms({ role: 'resource', acceptedTerms: { '3': { accepted: true } }, termsVersion: '3.7' }),
    ).toBe(false);
  });

  it('acceptance of an older whole version does not count for a newer one', () => {
    expect(
      mustAcceptTerms({ role: 'resource', acceptedTerms: { '3': { accepted: true } }, termsVersion: '4.0' }),
    ).toBe(true);
  });

  it('customers never have to accept', () => {
    expect(mustAcceptTerms({ role: 'customer', acceptedTerms: {} })).toBe(false);
  });
});

describe('token login', () => {
  const claims = { org_id: 'o1', alg_client: 'c', alg_key: 'k', uid: 'u1', role: 'resource' };

  it('all of org_id, alg_client, alg_key, uid and role present: no issue', () => {
    expect(checkTokenClaims(claims)).toEqual([]);
  });

  it('each missing or blank claim blocks entry', () => {
    for (const name of ['org_id', 'alg_client', 'alg_key', 'uid', 'role']) {
      const { [name as keyof typeof claims]: _, ...rest } = claims;
      expect(checkTokenClaims(rest)).toEqual([
        { code: 'claim-missing', message: 'Sorry your account is missing vital information.', field: name },
      ]);
      expect(codes(checkTokenClaims({ ...claims, [name]: ' ' }))).toEqual(['claim-missing']);
      expect(codes(checkTokenClaims({ ...claims, [name]: null }))).toEqual(['claim-missing']);
    }
    expect(checkTokenClaims({}).map((i) => i.field)).toEqual([
      'org_id',
      'alg_client',
      'alg_key',
      'uid',
      'role',
    ]);
  });

  it('the entered value must match the token email (any case) or phone (ignoring separators)', () => {
    const token = { email: 'Jo@Example.com', phone_number: '+61412345678' };
    expect(checkTokenIdentity(' jo@example.com ', token)).toEqual([]);
    expect(checkTokenIdentity('+61 412 345 678', token)).toEqual([]);
  });

  it('a different value is a mismatch (the caller signs out)', () => {
    const token = { email: 'jo@example.com', phone_number: '+61412345678' };
    expect(checkTokenIdentity('al@example.com', token)).toEqual([
      {
        code: 'identity-mismatch',
        message: 'Please provide your company email or phone number.',
        field: 'identity',
      },
    ]);
    expect(codes(checkTokenIdentity('0412345678', token))).toEqual(['identity-mismatch']);
    expect(codes(checkTokenIdentity('x', {}))).toEqual(['identity-mismatch']);
    expect(codes(checkTokenIdentity('-', { phone_number: '' }))).toEqual(['identity-mismatch']);
  });

  it('nothing entered: the prompt', () => {
    expect(checkTokenIdentity('  ', { email: 'jo@example.com' })).toEqual([
      {
        code: 'identity-required',
        message: 'Please provide your company email or phone number.',
        field: 'identity',
      },
    ]);
  });
});

describe('short link: valid for less than 3599 s after creation', () => {
  const created = 1_800_000_000;

  it('valid at 3598 s', () => {
    expect(checkShortLink({ utc_qa: created }, created + 3598)).toEqual([]);
  });

  it("expired at 3599 s: 'Sorry your link got expired'", () => {
    expect(checkShortLink({ utc_qa: created }, created + 3599)).toEqual([
      { code: 'link-expired', message: 'Sorry your link got expired' },
    ]);
  });

  it('valid right at creation and when dated slightly in the future', () => {
    expect(checkShortLink({ utc_qa: created }, created)).toEqual([]);
    expect(checkShortLink({ utc_qa: created + 10 }, created)).toEqual([]);
  });

  it('a missing or non-numeric creation time is expired', () => {
    expect(codes(checkShortLink({}, created))).toEqual(['link-expired']);
    expect(codes(checkShortLink({ utc_qa: String(created) }, created))).toEqual(['link-expired']);
    expect(codes(checkShortLink({ utc_qa: Number.NaN }, created))).toEqual(['link-expired']);
  });
});
