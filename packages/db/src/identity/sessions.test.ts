import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../client.ts';
import { session, user } from '../schema/auth.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing.ts';
import { findLiveSession, findSessionBinding, setActiveMembership } from './sessions.ts';

describe.each(testDatabaseKinds())('session memberships on %s', (kind) => {
  let h: DbHandle;
  const now = new Date('2030-05-01T10:00:00Z');
  const expiresAt = new Date('2030-05-08T10:00:00Z');

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await h.db.insert(user).values({ id: 'u-1', name: 'U', email: 'u@test.test' });
    await h.db.insert(session).values([
      {
        id: 's-free',
        token: 't-free',
        userId: 'u-1',
        expiresAt,
        activeOrganizationId: 'a',
        activeRole: 'customer',
      },
      {
        id: 's-bound',
        token: 't-bound',
        userId: 'u-1',
        expiresAt,
        activeOrganizationId: 'a',
        activeRole: 'customer',
        boundOrgId: 'a',
        boundRole: 'customer',
      },
    ]);
  });
  afterAll(() => h?.close());

  it('a session from a sign-in token is never moved to another membership', async () => {
    expect(await setActiveMembership(h.db, 's-bound', { orgId: 'b', role: 'dispatcher' }, now)).toBe(false);
    expect(await findLiveSession(h.db, 's-bound', now)).toMatchObject({
      activeOrganizationId: 'a',
      activeRole: 'customer',
    });
    expect(await findSessionBinding(h.db, 's-bound')).toEqual({ orgId: 'a', role: 'customer' });
  });

  it('any other session is moved, and has no binding', async () => {
    expect(await setActiveMembership(h.db, 's-free', { orgId: 'b', role: 'dispatcher' }, now)).toBe(true);
    expect(await findLiveSession(h.db, 's-free', now)).toMatchObject({
      activeOrganizationId: 'b',
      activeRole: 'dispatcher',
    });
    expect(await findSessionBinding(h.db, 's-free')).toBeUndefined();
  });
});
