import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { acceptTerms } from '@rostra/db/identity/terms';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { addOrg, addUser, type Browser, FIXTURE_PASSWORD, signIn } from './testing.ts';

describe.each(testDatabaseKinds())('short links on %s', (kind) => {
  let t: TestApp;
  let alice: Browser;
  let bob: Browser;

  const create = (target: unknown, headers: Record<string, string> = alice) =>
    t.app.inject({ method: 'POST', url: '/api/v1/shortlinks', headers, payload: { target } });
  const resolve = (id: string, headers: Record<string, string> = alice) =>
    t.app.inject({ method: 'GET', url: `/api/v1/shortlinks/${encodeURIComponent(id)}`, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'org-a');
    await addOrg(t, 'org-b');
    for (const [id, org] of [
      ['alice', 'org-a'],
      ['bob', 'org-b'],
    ] as const) {
      await addUser(t, {
        id,
        email: `${id}@test.test`,
        password: FIXTURE_PASSWORD,
        memberships: [{ orgId: org, role: 'resource' }],
      });
      await acceptTerms(t.db.db, id, '3', new Date());
    }
    alice = await signIn(t, 'alice@test.test');
    bob = await signIn(t, 'bob@test.test');
  });
  afterAll(() => t?.close());

  it('POST /shortlinks { target } answers { id, short_url } that opens the app with ?link=<id>', async () => {
    const res = await create('/bookings?id=b-1');
    expect(res.statusCode, res.body).toBe(200);
    const { id, short_url } = res.json() as { id: string; short_url: string };
    expect(new URL(short_url).searchParams.get('link')).toBe(id);
    const resolved = await resolve(id);
    expect(resolved.json()).toMatchObject({ id, target: '/bookings?id=b-1' });
  });

  it('a link is valid at 3598 s and expired at 3599 s: "Sorry your link got expired"', async () => {
    const made = t.clock.now();
    const { id } = (await create('/timesheets')).json() as { id: string };
    try {
      t.clock.set(new Date(made.getTime() + 3598_000));
      expect((await resolve(id)).statusCode).toBe(200);
      t.clock.set(new Date(made.getTime() + 3599_000));
      const res = await resolve(id);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: { code: 'link-expired', message: ALERT_TEXT.linkExpired } });
    } finally {
      t.clock.set(made);
    }
  });

  it("another organisation's link is not found, and an unknown id is not found", async () => {
    const { id } = (await create('/calendar')).json() as { id: string };
    expect((await resolve(id, bob)).statusCode).toBe(404);
    expect((await resolve('no-such-link')).statusCode).toBe(404);
  });

  it('targets are paths inside the app, never another site', async () => {
    for (const target of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'bookings', '']) {
      expect((await create(target)).statusCode, target).toBe(400);
    }
  });
});
