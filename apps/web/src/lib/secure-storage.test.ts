import { beforeEach, describe, expect, it } from 'vitest';
import { createSecureStorage } from './secure-storage.ts';

describe('secure storage on the device (spec §3, §4)', () => {
  let now = 1_700_000_000_000;
  let key: Promise<CryptoKey>;
  const make = () => createSecureStorage({ storage: localStorage, key: () => key, now: () => now });

  beforeEach(() => {
    localStorage.clear();
    now = 1_700_000_000_000;
    key = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  });

  it('gives back what was kept, and what sits in localStorage is not the value', async () => {
    const store = make();
    await store.set('token_identity', 'kiri@harbourcare.test', { type: 'identity' });
    expect(await store.get('token_identity')).toBe('kiri@harbourcare.test');
    const raw = Object.keys(localStorage)
      .map((k) => `${k}=${localStorage.getItem(k)}`)
      .join('\n');
    expect(raw).toContain('rostra.secure.default.token_identity');
    expect(raw).not.toContain('kiri');
  });

  it('an item past its expiry reads as absent and is removed on that read', async () => {
    const store = make();
    await store.set('code', '123456', { ttlMs: 60_000 });
    now += 59_999;
    expect(await store.get('code')).toBe('123456');
    now += 1;
    expect(await store.get('code')).toBeUndefined();
    expect(localStorage.getItem('rostra.secure.default.code')).toBeNull();
  });

  it('the flush removes every expired item and keeps the rest, in every namespace', async () => {
    const store = make();
    await store.set('a', 1, { ttlMs: 1_000 });
    await store.set('b', 2, { ttlMs: 1_000, namespace: 'offline' });
    await store.set('c', 3);
    localStorage.setItem('not-ours', 'x');
    now += 1_000;
    expect(await store.flush()).toBe(2);
    expect(Object.keys(localStorage).sort()).toEqual(['not-ours', 'rostra.secure.default.c']);
    expect(await store.get('c')).toBe(3);
  });

  it('an item sealed with another key, or tampered with, reads as absent', async () => {
    await make().set('x', 'secret');
    key = crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    expect(await make().get('x')).toBeUndefined();
    expect(localStorage.getItem('rostra.secure.default.x')).toBeNull();
    localStorage.setItem('rostra.secure.default.y', 'bm90IGEgcmVjb3Jk');
    expect(await make().get('y')).toBeUndefined();
  });
});
