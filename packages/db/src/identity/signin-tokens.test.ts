import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../client.ts';
import { usedSignInTokens } from '../schema/auth.ts';
import { openTestDatabase, testDatabaseKinds } from '../testing.ts';
import { consumeSignInToken } from './signin-tokens.ts';

describe.each(testDatabaseKinds())('used sign-in tokens on %s', (kind) => {
  let h: DbHandle;
  const now = new Date('2030-05-01T10:00:00Z');
  const inAnHour = new Date(now.getTime() + 3600_000);

  beforeAll(async () => {
    h = await openTestDatabase(kind);
  });
  afterAll(() => h?.close());

  it('a jti is consumed once: the first use wins, every later one is refused', async () => {
    const token = { jti: 'jti-once', userId: 'u-1', expiresAt: inAnHour };
    expect(await consumeSignInToken(h.db, token, now)).toBe(true);
    expect(await consumeSignInToken(h.db, token, now)).toBe(false);
    expect(await consumeSignInToken(h.db, { ...token, userId: 'u-2' }, now)).toBe(false);
  });

  it('of many uses at the same moment exactly one wins', async () => {
    const token = { jti: 'jti-race', userId: 'u-1', expiresAt: inAnHour };
    const results = await Promise.all(Array.from({ length: 8 }, () => consumeSignInToken(h.db, token, now)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('records are pruned only a day past their token’s expiry', async () => {
    const token = { jti: 'jti-old', userId: 'u-1', expiresAt: inAnHour };
    expect(await consumeSignInToken(h.db, token, now)).toBe(true);
    const jtis = async () => (await h.db.select().from(usedSignInTokens)).map((r) => r.jti).sort();
    // Past the token's expiry but within the day: still refused, still kept.
    const later = new Date(inAnHour.getTime() + 3600_000);
    expect(await consumeSignInToken(h.db, token, later)).toBe(false);
    expect(await jtis()).toContain('jti-old');
    // A day and more past expiry: gone (the token itself is refused by its expiry by then).
    const dayAfter = new Date(inAnHour.getTime() + 25 * 3600_000);
    await consumeSignInToken(h.db, { jti: 'jti-new', userId: 'u-1', expiresAt: dayAfter }, dayAfter);
    expect(await jtis()).not.toContain('jti-old');
    expect(await jtis()).toContain('jti-new');
  });
});
