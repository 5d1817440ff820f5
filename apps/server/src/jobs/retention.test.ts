import { FORGOTTEN_SECRET_BODY } from '@rostra/db/identity/retention';
import { acceptTerms } from '@rostra/db/identity/terms';
import {
  authThrottle,
  invitations,
  messageOutbox,
  session,
  shortLinks,
  verification,
} from '@rostra/db/schema/auth';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addOrg,
  addUser,
  type Browser,
  cookiesFrom,
  FIXTURE_PASSWORD,
  latestMessage,
  originOf,
  pathOf,
  signIn,
  withCaptcha,
} from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';

/*
 * Issue 21 point 6: what sign-in leaves behind is removed by the background `retention` job, and
 * a link or code in the message outbox goes as soon as it is used.
 */
describe.each(testDatabaseKinds())('retention of identity rows on %s', (kind) => {
  let t: TestApp;
  const EMAIL = 'keep@a.test';
  const PHONE = '+61400000031';
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, headers: { origin: originOf(t), ...headers }, payload });
  const requestLink = async () => {
    const res = await post('/api/auth/sign-in/magic-link', { email: EMAIL, callbackURL: '/' });
    expect(res.statusCode, res.body).toBe(200);
    return { cookie: cookiesFrom(res), mail: await latestMessage(t, EMAIL, 'magic-link') };
  };
  const sendCode = async () => {
    const res = await post('/api/auth/phone-number/send-otp', await withCaptcha(t, { phoneNumber: PHONE }));
    expect(res.statusCode, res.body).toBe(200);
    return latestMessage(t, PHONE, 'phone-code');
  };
  const outboxRow = async (id: string) =>
    (await t.db.db.select().from(messageOutbox).where(eq(messageOutbox.id, id)))[0];
  const sessionsOf = async (userId: string) =>
    (await t.db.db.select().from(session).where(eq(session.userId, userId))).length;
  const retention = () => t.app.jobs.runNow('retention');
  const days = (n: number) => n * 86_400;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'org-a');
    await addUser(t, {
      id: 'u-keep',
      email: EMAIL,
      phone: PHONE,
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'org-a', role: 'dispatcher' }],
    });
    await acceptTerms(t.db.db, 'u-keep', '3', new Date());
  });
  afterAll(() => t?.close());

  it('a used sign-in link or code leaves the outbox at once; an unused one stays until it expires', async () => {
    const unused = await sendCode();
    t.clock.advance(16); // a new code for the same number only after 15 s
    const used = await sendCode();
    expect(used.code).toMatch(/^[0-9]{6}$/);
    const verified = await post('/api/auth/phone-number/verify', {
      phoneNumber: PHONE,
      code: used.code ?? '',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await outboxRow(used.id)).toMatchObject({ code: null, link: null, body: FORGOTTEN_SECRET_BODY });

    const { cookie, mail } = await requestLink();
    expect(mail.link).toContain('token=');
    const opened = await t.app.inject({ method: 'GET', url: pathOf(mail.link ?? ''), headers: { cookie } });
    expect(opened.statusCode).toBe(302);
    expect(await outboxRow(mail.id)).toMatchObject({ link: null, body: FORGOTTEN_SECRET_BODY });

    // The first code was never used: it keeps its code until its 5 minutes are up.
    expect((await outboxRow(unused.id))?.code).toBe(unused.code);
    await retention();
    expect((await outboxRow(unused.id))?.code).toBe(unused.code);
    t.clock.advance(301);
    await retention();
    expect(await outboxRow(unused.id)).toMatchObject({ code: null, body: FORGOTTEN_SECRET_BODY });
    // The message itself stays (who was sent what, when); only its secret is gone.
    expect((await outboxRow(unused.id))?.recipient).toBe(PHONE);
  });

  it('expired sessions, verifications, closed rate windows and short links go; live ones stay', async () => {
    const browser: Browser = await signIn(t, EMAIL);
    const { mail } = await requestLink();
    const wrong = await post('/api/auth/sign-in/email', { email: EMAIL, password: 'not-it' });
    expect(wrong.statusCode).toBe(401);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shortlinks',
      headers: browser,
      payload: { target: '/timesheets' },
    });
    expect(link.statusCode, link.body).toBe(200);
    const shortLinkCount = async () =>
      (await withOrg(t.db.db, 'org-a', (tx) => tx.select().from(shortLinks))).length;
    const live = async () => ({
      throttle: (await t.db.db.select().from(authThrottle)).length > 0,
      verifications: (await t.db.db.select().from(verification)).length > 0,
      shortLinks: await shortLinkCount(),
      link: (await outboxRow(mail.id))?.link ?? null,
    });

    await retention();
    expect(await live()).toEqual({ throttle: true, verifications: true, shortLinks: 1, link: mail.link });

    // An hour on: the link (15 minutes), the short link (3599 s) and every rate window (the
    // longest is an hour) are over.
    t.clock.advance(3601);
    await retention();
    expect(await live()).toEqual({ throttle: false, verifications: false, shortLinks: 0, link: null });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser });
    expect(me.statusCode).toBe(200);
    expect(await sessionsOf('u-keep')).toBeGreaterThan(0);

    // Sessions last 7 days: after that the rows go too.
    t.clock.advance(days(8));
    await retention();
    expect(await sessionsOf('u-keep')).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: browser })).statusCode).toBe(401);
  });

  it('invitations stay in the list 30 days after they closed, then go; open ones stay', async () => {
    const browser = await signIn(t, EMAIL);
    const invite = async (email: string, by = browser) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/invitations',
        headers: by,
        payload: { email, role: 'resource' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: string }).id;
    };
    const revoked = await invite('gone@a.test');
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/revoke',
      headers: browser,
      payload: { id: revoked },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const ids = async () =>
      (await withOrg(t.db.db, 'org-a', (tx) => tx.select({ id: invitations.id }).from(invitations)))
        .map((r) => r.id)
        .sort();

    // Open for 7 days, then closed for 30: kept at day 36, gone at day 38.
    t.clock.advance(days(36));
    await retention();
    expect(await ids()).toEqual([revoked]);
    // (The session from day 0 has expired by now: a new one.)
    const fresh = await invite('new@a.test', await signIn(t, EMAIL));
    t.clock.advance(days(2));
    await retention();
    expect(await ids()).toEqual([fresh]);
  });

  it('messages without a secret are kept as sent', async () => {
    const before = (await t.db.db.select().from(messageOutbox).where(eq(messageOutbox.purpose, 'invitation')))
      .map((m) => m.body)
      .sort();
    expect(before.length).toBeGreaterThan(0);
    t.clock.advance(days(60));
    await retention();
    const after = (await t.db.db.select().from(messageOutbox).where(eq(messageOutbox.purpose, 'invitation')))
      .map((m) => m.body)
      .sort();
    expect(after).toEqual(before);
  });
});
