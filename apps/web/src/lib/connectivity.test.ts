import { OFFLINE_VIEW_AFTER_MS } from '@rostra/core/shell/constants';
import { describe, expect, it } from 'vitest';
import { offlineAppLink, probeConnectivity, shouldShowOfflineApp } from './connectivity.ts';

const offlineFor = (ms: number) => ({
  isOnline: false,
  offlineSinceMs: 1_000_000 - ms,
  hasBeenOnline: true,
});

describe('offline app hand-off', () => {
  const base = { isEnabled: true, hasToken: true, nowMs: 1_000_000 };

  it('takes over after 30 s offline, not before', () => {
    expect(OFFLINE_VIEW_AFTER_MS).toBe(30_000);
    expect(shouldShowOfflineApp({ ...base, connectivity: offlineFor(29_999) })).toBe(false);
    expect(shouldShowOfflineApp({ ...base, connectivity: offlineFor(30_000) })).toBe(true);
  });

  it('takes over at once when the page has never been online', () => {
    const connectivity = { isOnline: false, offlineSinceMs: 1_000_000, hasBeenOnline: false };
    expect(shouldShowOfflineApp({ ...base, connectivity })).toBe(true);
  });

  it('never while online, without the flag, or without a token', () => {
    const long = offlineFor(60_000);
    expect(shouldShowOfflineApp({ ...base, connectivity: { ...long, isOnline: true } })).toBe(false);
    expect(shouldShowOfflineApp({ ...base, isEnabled: false, connectivity: long })).toBe(false);
    expect(shouldShowOfflineApp({ ...base, hasToken: false, connectivity: long })).toBe(false);
  });

  it('carries the login token in the frame link', () => {
    expect(offlineAppLink('https://offline.example/app?x=1', 'tok en')).toBe(
      'https://offline.example/app?x=1&token=tok+en',
    );
  });
});

describe('connectivity probe', () => {
  it('sends HEAD to the target and counts any answer as online', async () => {
    const seen: { url: string; method: string | undefined }[] = [];
    const fetcher = (async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), method: init?.method });
      return new Response(null, { status: 503 });
    }) as typeof fetch;
    expect(await probeConnectivity('/healthz', fetcher)).toBe(true);
    expect(seen).toEqual([{ url: '/healthz', method: 'HEAD' }]);
  });

  it('counts no answer as offline', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probeConnectivity('/healthz', fetcher)).toBe(false);
  });
});
