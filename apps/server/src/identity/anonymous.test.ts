import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { acceptedTermsOf } from '@rostra/db/identity/terms';
import { findUserById } from '@rostra/db/identity/users';
import { session } from '@rostra/db/schema/auth';
import { testDatabaseKinds } from '@rostra/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { SERVER_IDENTITY_TEXT } from './messages.ts';
import {
  addOrg,
  addUser,
  asBrowser,
  type Browser,
  cookiesFrom,
  FIXTURE_PASSWORD,
  originOf,
  withCaptcha,
} from './testing.ts';

describe.each(testDatabaseKinds())('anonymous guests on %s', (kind) => {
  let t: TestApp;
  const asGuest = async (): Promise<Browser & { uid: string }> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/anonymous',
      headers: { origin: originOf(t) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...asBrowser(t, cookiesFrom(res)), uid: res.json().user.id as string };
  };
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/v1/me', headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'org-a');
    await addUser(t, {
      id: 'u-existing',
      email: 'existing@a.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'org-a', role: 'resource' }],
    });
  });
  afterAll(() => t?.close());

  it('a guest is signed in without an organisation: /me answers, data routes say "not a member"', async () => {
    const guest = await asGuest();
    expect((await me(guest)).json()).toMatchObject({
      uid: guest.uid,
      user_details: { isAnonymous: true, email: null },
      memberships: [],
      org_id: null,
    });
    const data = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shortlinks',
      headers: guest,
      payload: { target: '/' },
    });
    expect(data.statusCode).toBe(403);
    expect(data.json().error).toEqual({ code: 'not_a_member', message: ALERT_TEXT.notAMember });
  });

  it('a guest upgrades by signing up: a real account, the guest’s accepted terms carried over, the guest gone', async () => {
    const guest = await asGuest();
    await t.app.inject({ method: 'POST', url: '/api/v1/terms/accept', headers: guest });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: guest,
      payload: await withCaptcha(t, { email: 'upgraded@a.test', password: 'abc123', name: 'Upgraded' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const upgraded = (await me(asBrowser(t, cookiesFrom(res, guest.cookie)))).json();
    expect(upgraded).toMatchObject({ user_details: { email: 'upgraded@a.test', isAnonymous: false } });
    expect(await acceptedTermsOf(t.db.db, upgraded.uid)).toEqual({ '3': { accepted: true } });
    expect(await findUserById(t.db.db, guest.uid)).toBeUndefined();
  });

  it('a guest signing in to an existing account gets the merge-conflict answer and stays a guest', async () => {
    const guest = await asGuest();
    const sessionsBefore = await t.db.db.select().from(session).where(eq(session.userId, 'u-existing'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: guest,
      payload: { email: 'existing@a.test', password: FIXTURE_PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'anonymous-upgrade-merge-conflict',
      message: SERVER_IDENTITY_TEXT.mergeConflict,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await me(guest)).json()).toMatchObject({ uid: guest.uid, user_details: { isAnonymous: true } });
    const sessionsAfter = await t.db.db.select().from(session).where(eq(session.userId, 'u-existing'));
    expect(sessionsAfter.length).toBe(sessionsBefore.length);
    // Resolving it as the message says: sign out of the guest session, then sign in.
    await t.app.inject({ method: 'POST', url: '/api/v1/sign_out', headers: guest });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: originOf(t) },
      payload: { email: 'existing@a.test', password: FIXTURE_PASSWORD },
    });
    expect(signedIn.statusCode).toBe(200);
  });
});
