import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { loadIdentityOptions } from '../options.ts';
import { addUser, originOf } from '../testing.ts';

describe.each(testDatabaseKinds())('the development outbox over HTTP on %s', (kind) => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await createTestApp(kind, {}, { devOutbox: true });
    off = await createTestApp(kind);
    await addUser(on, { id: 'u-out', email: 'out@alpha.test', password: 'old123' });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
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

  it('by default the path does not exist', async () => {
    const res = await off.app.inject({ method: 'GET', url: '/api/v1/dev/outbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('whether the development outbox is on', () => {
  it('only with ROSTRA_DEV_OUTBOX=1, and never in production', () => {
    expect(loadIdentityOptions({}).devOutbox).toBe(false);
    expect(loadIdentityOptions({ ROSTRA_DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(loadIdentityOptions({ ROSTRA_DEV_OUTBOX: '1', NODE_ENV: 'production' }).devOutbox).toBe(false);
  });
});
