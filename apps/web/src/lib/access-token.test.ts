import { describe, expect, it } from 'vitest';
import { createAccessTokenCache } from './access-token.ts';

function setup(answers: { access_token: string; expires_in?: number }[]) {
  let now = 1_000_000;
  let calls = 0;
  const cache = createAccessTokenCache({
    fetchToken: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)];
      calls += 1;
      if (!answer) throw new Error('no answer');
      return answer;
    },
    now: () => now,
  });
  return {
    cache,
    calls: () => calls,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('access token cache', () => {
  it('fetches once and serves the cached token while it has more than 5 s left', async () => {
    const t = setup([
      { access_token: 'a', expires_in: 60 },
      { access_token: 'b', expires_in: 60 },
    ]);
    expect(await t.cache.get()).toBe('a');
    t.advance(54_999);
    expect(await t.cache.get()).toBe('a');
    expect(t.calls()).toBe(1);
  });

  it('treats the token as expired 5 s before expires_in and fetches a new one', async () => {
    const t = setup([
      { access_token: 'a', expires_in: 60 },
      { access_token: 'b', expires_in: 60 },
    ]);
    await t.cache.get();
    t.advance(55_000);
    expect(await t.cache.get()).toBe('b');
    expect(t.calls()).toBe(2);
  });

  it('uses 3600 s when the answer has no expires_in', async () => {
    const t = setup([{ access_token: 'a' }, { access_token: 'b' }]);
    await t.cache.get();
    t.advance(3_594_999);
    expect(await t.cache.get()).toBe('a');
    t.advance(1);
    expect(await t.cache.get()).toBe('b');
  });

  it('shares one fetch between concurrent callers', async () => {
    const t = setup([{ access_token: 'a', expires_in: 60 }]);
    const [x, y] = await Promise.all([t.cache.get(), t.cache.get()]);
    expect([x, y]).toEqual(['a', 'a']);
    expect(t.calls()).toBe(1);
  });

  it('forgets the token on clear, and a fetch started before clear does not refill the cache', async () => {
    const t = setup([
      { access_token: 'a', expires_in: 60 },
      { access_token: 'b', expires_in: 60 },
      { access_token: 'c', expires_in: 60 },
    ]);
    const before = t.cache.get();
    t.cache.clear();
    expect(await before).toBe('a');
    expect(t.cache.peek()).toBeUndefined();
    expect(await t.cache.get()).toBe('b');
    expect(t.cache.peek()?.token).toBe('b');
  });

  it('does not cache a failed fetch', async () => {
    let fail = true;
    const cache = createAccessTokenCache({
      fetchToken: async () => {
        if (fail) throw new Error('down');
        return { access_token: 'ok', expires_in: 60 };
      },
      now: () => 0,
    });
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    expect(await cache.get()).toBe('ok');
  });
});
