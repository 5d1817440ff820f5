import { describe, expect, it } from 'vitest';
import { firstLoadOf, isInShell } from './first-load.ts';

describe('a page load’s first needs', () => {
  it('the sign-in page asks who is signed in and fetches its own screen, never the shell or a token', () => {
    expect(firstLoadOf('/login')).toEqual({ chunks: ['sign-in'], requests: ['/api/v1/me'] });
    expect(isInShell('/login')).toBe(false);
  });

  it('the reset page and a confirm link’s page ask nothing of the session', () => {
    expect(firstLoadOf('/reset')).toEqual({ chunks: [], requests: [] });
    expect(firstLoadOf('/confirm/abc.def.ghi')).toEqual({ chunks: [], requests: [] });
    expect(isInShell('/confirm/abc.def.ghi')).toBe(false);
  });

  it('the terms page asks who is signed in, outside the shell', () => {
    expect(firstLoadOf('/terms')).toEqual({ chunks: [], requests: ['/api/v1/me'] });
  });

  it('a worker’s /bookings fetches the shell and the day list’s code with the session and the token', () => {
    expect(firstLoadOf('/bookings')).toEqual({
      chunks: ['shell-layout', 'my-day'],
      requests: ['/api/v1/me', '/api/v1/access_token'],
    });
  });

  it('any other screen in the shell fetches the shell, the session and the token', () => {
    for (const path of ['/', '/week2timelinev2', '/settings', '/no-such-screen']) {
      expect(firstLoadOf(path), path).toEqual({
        chunks: ['shell-layout'],
        requests: ['/api/v1/me', '/api/v1/access_token'],
      });
      expect(isInShell(path)).toBe(true);
    }
  });
});
