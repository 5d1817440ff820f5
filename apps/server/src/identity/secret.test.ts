import { serverSecrets } from '@rostra/db/schema/auth';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { AUTH_SECRET_NAME } from './identity.ts';
import { addOrg, addUser, FIXTURE_PASSWORD, signIn } from './testing.ts';

describe.each(testDatabaseKinds())('the auth secret on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { authSecret: undefined });
    await addOrg(t, 'org-a');
    await addUser(t, {
      id: 'u',
      email: 'u@a.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'org-a', role: 'dispatcher' }],
    });
  });
  afterAll(() => t?.close());

  it('without AUTH_SECRET one is generated and kept in the database', async () => {
    const rows = await t.db.db.select().from(serverSecrets);
    expect(rows.map((r) => r.name)).toEqual([AUTH_SECRET_NAME]);
    expect(rows[0]?.value.length).toBeGreaterThanOrEqual(32);
  });

  it('a restarted server (same database) keeps the sessions and tokens signed before', async () => {
    const browser = await signIn(t, 'u@a.test');
    const token = (
      await t.app.inject({ method: 'GET', url: '/api/v1/access_token', headers: browser })
    ).json().access_token as string;
    const restarted = await buildApp({ db: t.db, config: t.config });
    try {
      await restarted.ready();
      expect(
        (await restarted.inject({ method: 'GET', url: '/api/v1/me', headers: browser })).statusCode,
      ).toBe(200);
      const bearer = await restarted.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bearer.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });

  it('a server with a different secret does not accept them', async () => {
    const browser = await signIn(t, 'u@a.test');
    const other = await buildApp({
      db: t.db,
      config: { ...t.config, authSecret: 'another-secret-of-sufficient-length-0123' },
    });
    try {
      await other.ready();
      expect((await other.inject({ method: 'GET', url: '/api/v1/me', headers: browser })).statusCode).toBe(
        401,
      );
    } finally {
      await other.close();
    }
  });
});
