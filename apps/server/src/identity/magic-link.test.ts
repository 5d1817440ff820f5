import { IDENTITY_MESSAGES, SIGN_IN_TEXT } from '@rostra/core/shell/messages';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { SERVER_IDENTITY_TEXT } from './messages.ts';
import { addOrg, addUser, asBrowser, cookiesFrom, latestMessage, originOf, pathOf } from './testing.ts';

describe.each(testDatabaseKinds())('email link (magic link) sign-in on %s', (kind) => {
  let t: TestApp;
  const JSON_ACCEPT = { accept: 'application/json' };

  /** Asks for a link from a fresh browser; returns that browser's cookies and the mailed link. */
  const requestLink = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: originOf(t) },
      payload: { email, callbackURL: '/' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await latestMessage(t, email, 'magic-link');
    return { cookie: cookiesFrom(res), link: pathOf(mail.link ?? '') };
  };
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me', headers: asBrowser(t, cookie) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'org-a');
    await addUser(t, {
      id: 'u-link',
      email: 'link@a.test',
      memberships: [{ orgId: 'org-a', role: 'resource' }],
    });
  });
  afterAll(() => t?.close());

  it('the link opened in the browser that asked for it signs in and returns to the app', async () => {
    const { cookie, link } = await requestLink('link@a.test');
    const res = await t.app.inject({ method: 'GET', url: link, headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${originOf(t)}/`);
    expect((await me(cookiesFrom(res, cookie))).json()).toMatchObject({ uid: 'u-link', org_id: 'org-a' });
  });

  it('opened on another device it asks for the email address instead of signing in', async () => {
    const { link } = await requestLink('link@a.test');
    const api = await t.app.inject({ method: 'GET', url: link, headers: JSON_ACCEPT });
    expect(api.statusCode).toBe(409);
    expect(api.json().error).toEqual({
      code: 'email-link-other-device',
      message: SERVER_IDENTITY_TEXT.emailLinkOtherDevice,
      details: { confirm: 'email' },
    });
    expect(api.headers['set-cookie']).toBeUndefined();
    // A browser is sent to the app's confirm-email step, with the link's token to finish with.
    const page = await t.app.inject({ method: 'GET', url: link, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(302);
    const back = new URL(page.headers.location as string, originOf(t));
    expect(back.searchParams.get('error')).toBe('email-link-other-device');
    expect(back.searchParams.get('email_link')).toBe(new URL(link, originOf(t)).searchParams.get('token'));
  });

  it('on another device, the confirmed address signs in; a different address does not', async () => {
    const { link } = await requestLink('link@a.test');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `${link}&email=someone%40a.test`,
      headers: JSON_ACCEPT,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'email-link-mismatch',
      message: SERVER_IDENTITY_TEXT.emailLinkMismatch,
    });
    const right = await t.app.inject({
      method: 'GET',
      url: `${link}&email=LINK%40a.test`,
      headers: JSON_ACCEPT,
    });
    expect(right.statusCode).toBe(302);
    expect((await me(cookiesFrom(right))).json()).toMatchObject({ uid: 'u-link' });
  });

  it('a used link is invalid and an old one has expired, with the spec’s texts', async () => {
    const { cookie, link } = await requestLink('link@a.test');
    await t.app.inject({ method: 'GET', url: link, headers: { cookie } });
    const reused = await t.app.inject({ method: 'GET', url: link, headers: { cookie, ...JSON_ACCEPT } });
    expect(reused.json().error).toEqual({
      code: 'invalid-action-code',
      message: IDENTITY_MESSAGES['invalid-action-code'],
    });
    const fresh = await requestLink('link@a.test');
    const asked = t.clock.now();
    try {
      t.clock.set(new Date(Date.now() + 901_000));
      const late = await t.app.inject({
        method: 'GET',
        url: fresh.link,
        headers: { cookie: fresh.cookie, ...JSON_ACCEPT },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toEqual({
        code: 'expired-action-code',
        message: IDENTITY_MESSAGES['expired-action-code'],
      });
    } finally {
      t.clock.set(asked);
    }
  });

  it('an unknown address gets an account made by the link (sign-up by email link)', async () => {
    const { cookie, link } = await requestLink('brand-new@a.test');
    const res = await t.app.inject({ method: 'GET', url: link, headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect((await me(cookiesFrom(res, cookie))).json()).toMatchObject({
      user_details: { email: 'brand-new@a.test', emailVerified: true },
      memberships: [],
    });
  });

  it('asking for a link checks the address with the sign-in form texts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/magic-link',
      headers: { origin: originOf(t) },
      payload: { email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(SIGN_IN_TEXT.emailInvalid);
  });
});
