import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedCookieValue } from './identity.ts';

const SECRET = 'a-secret-long-enough-for-signing-0123456789';
/** A signed cookie value as the identity library writes it: `value.base64(HMAC)`, URI-encoded. */
const signed = (value: string, secret = SECRET) =>
  encodeURIComponent(`${value}.${createHmac('sha256', secret).update(value).digest('base64')}`);

describe('signedCookieValue (the access check’s fast path)', () => {
  it('gives the value of a cookie whose signature holds, among other cookies', () => {
    const header = `theme=dark; rostra.session_token=${signed('tok123')}; other=1`;
    expect(signedCookieValue(header, 'rostra.session_token', SECRET)).toBe('tok123');
  });

  it('refuses a changed value, a signature of another secret, and an unsigned value', () => {
    const good = signed('tok123');
    const forged = good.replace('tok123', 'tok124');
    expect(
      signedCookieValue(`rostra.session_token=${forged}`, 'rostra.session_token', SECRET),
    ).toBeUndefined();
    expect(
      signedCookieValue(
        `rostra.session_token=${signed('tok123', 'another')}`,
        'rostra.session_token',
        SECRET,
      ),
    ).toBeUndefined();
    expect(signedCookieValue('rostra.session_token=tok123', 'rostra.session_token', SECRET)).toBeUndefined();
    expect(
      signedCookieValue('rostra.session_token=%E0%A4%A', 'rostra.session_token', SECRET),
    ).toBeUndefined();
  });

  it('reads only the named cookie, the first of that name, and not a name it merely ends with', () => {
    expect(
      signedCookieValue(`x.rostra.session_token=${signed('t')}`, 'rostra.session_token', SECRET),
    ).toBeUndefined();
    const twice = `rostra.session_token=${signed('first')}; rostra.session_token=${signed('second')}`;
    expect(signedCookieValue(twice, 'rostra.session_token', SECRET)).toBe('first');
  });
});
