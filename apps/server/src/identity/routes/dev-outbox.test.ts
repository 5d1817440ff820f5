import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadIdentityOptions } from '../options.ts';
import { addUser, originOf } from '../testing.ts';
import { isLoopbackAddress } from './dev-outbox.ts';

describe.each(testDatabaseKinds())('the development outbox over HTTP on %s', (kind) => {
  let on: TestApp;
  let off: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    on = await createTestApp(kind, {}, { devOutbox: true });
    off = await createTestApp(kind);
    // Behind a proxy (TRUST_PROXY): request.ip is then whatever X-Forwarded-For says.
    proxied = await createTestApp(kind, { trustProxy: true }, { devOutbox: true });
    await addUser(on, { id: 'u-out', email: 'out@alpha.test', password: 'old123' });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
    await proxied?.close();
  });

  it('when enabled, hands out the link of the newest message to an address, newest first', async () => {
    const asked = await on.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: originOf(on) },
      payload: { email: 'out@alpha.test', redirectTo: '/reset' },
    });
    expect(asked.statusCode).toBe(200);
    const res = await on.app.inject({ method: 'GET', url: '/api/v1/dev/outbox?recipient=out@alpha.test' });
    expect(res.statusCode).toBe(200);
    const [latest] = res.json() as { purpose: string; link?: string; channel: string }[];
    expect(latest).toMatchObject({ channel: 'email', purpose: 'password-reset' });
    expect(latest?.link).toMatch(/reset/);
    const none = await on.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox?recipient=nobody@alpha.test',
    });
    expect(none.json()).toEqual([]);
  });

  it('answers only a request made on this machine; any other gets the 404 of a missing path', async () => {
    const outbox = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
      app.app.inject({ method: 'GET', url: '/api/v1/dev/outbox', remoteAddress, headers });
    for (const local of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect((await outbox(on, local)).statusCode, local).toBe(200);
    }
    const missing = await off.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    for (const outside of ['203.0.113.7', '10.0.0.2', '::ffff:192.168.1.4', '2001:db8::1']) {
      const res = await outbox(on, outside);
      expect(res.statusCode, outside).toBe(404);
      expect(res.json(), outside).toEqual(missing.json());
    }
    // A proxy on this machine connects from 127.0.0.1 for a caller elsewhere: it says so.
    expect((await outbox(on, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(404);
    expect((await outbox(on, '127.0.0.1', { forwarded: 'for=203.0.113.7' })).statusCode).toBe(404);
    expect((await outbox(on, '127.0.0.1', { 'x-real-ip': '203.0.113.7' })).statusCode).toBe(404);
  });

  it('behind a trusted proxy, a forwarded address of 127.0.0.1 does not pass for a local caller', async () => {
    // request.ip is 127.0.0.1 here (TRUST_PROXY believes the header); the connection is not local.
    const faked = await proxied.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox',
      remoteAddress: '203.0.113.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(faked.statusCode).toBe(404);
    const viaLocalProxy = await proxied.app.inject({
      method: 'GET',
      url: '/api/v1/dev/outbox',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(viaLocalProxy.statusCode).toBe(404);
    const direct = await proxied.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(direct.statusCode).toBe(200);
  });

  it('by default the path does not exist', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('loopback addresses', () => {
  it('are 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6; nothing else', () => {
    for (const a of ['127.0.0.1', '127.255.0.1', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [undefined, '', '0.0.0.0', '10.0.0.1', '128.0.0.1', '::', '::ffff:10.0.0.1', 'localhost'])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});

describe('whether the development outbox is on', () => {
  it('only with ROSTRA_DEV_OUTBOX=1, and never in production', () => {
    expect(loadIdentityOptions({}).devOutbox).toBe(false);
    expect(loadIdentityOptions({ ROSTRA_DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(loadIdentityOptions({ ROSTRA_DEV_OUTBOX: '1', NODE_ENV: 'production' }).devOutbox).toBe(false);
  });
});
