import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { DEFAULT_LIMITS } from './options.ts';
import { addOrg, addUser, FIXTURE_PASSWORD, originOf } from './testing.ts';

/*
 * The identity library's endpoints are mounted as one catch-all and so are not in the OpenAPI
 * document the generated robustness probe walks. This probe sends the same kinds of junk to each
 * of them: never a server error, and every refusal in the API's error shape without a stack.
 */

const ONE_MB = 'x'.repeat(1_000_000);

const ENDPOINTS: Record<string, Record<string, unknown>> = {
  '/api/auth/sign-in/email': { email: 'u@a.test', password: 'abc123' },
  '/api/auth/sign-up/email': { email: 'new@a.test', password: 'abc123', name: 'New' },
  '/api/auth/sign-in/magic-link': { email: 'u@a.test', callbackURL: '/' },
  '/api/auth/request-password-reset': { email: 'u@a.test', redirectTo: '/reset' },
  '/api/auth/reset-password': { token: 'x', newPassword: 'abc123' },
  '/api/auth/phone-number/send-otp': { phoneNumber: '+61400000001' },
  '/api/auth/phone-number/verify': { phoneNumber: '+61400000001', code: '123456' },
  '/api/auth/sign-in/social': { provider: 'oidc', callbackURL: '/' },
};

function problemWith(status: number, contentType: string | undefined, body: string): string | undefined {
  if (status >= 500) return `server error ${status}`;
  if (status < 400) return undefined;
  if (!contentType?.includes('application/json')) return `not JSON (${contentType})`;
  if (/\bat .+\.(ts|js|mjs):\d+/.test(body) || body.includes('"stack"')) return 'leaks a stack trace';
  const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
  return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string'
    ? undefined
    : 'wrong error shape';
}

describe.each(testDatabaseKinds())('the identity endpoints refuse junk cleanly on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      { limits: { ...DEFAULT_LIMITS, perIp: { max: 10_000, windowSeconds: 600 } } },
    );
    await addOrg(t, 'org-a');
    await addUser(t, { id: 'u', email: 'u@a.test', password: FIXTURE_PASSWORD });
  });
  afterAll(() => t?.close());

  it('answers broken, oversized, mistyped and unexpected bodies without a server error', async () => {
    const findings: string[] = [];
    let sent = 0;
    for (const [url, sample] of Object.entries(ENDPOINTS)) {
      const cases: [string, string][] = [
        ['broken JSON', '{"email": [1, 2'],
        ['null', 'null'],
        ['array', '[]'],
        ['string', '"x"'],
        ['unknown field', JSON.stringify({ ...sample, __unexpected: true })],
      ];
      for (const key of Object.keys(sample)) {
        cases.push([`${key} oversized`, JSON.stringify({ ...sample, [key]: ONE_MB })]);
        cases.push([`${key} wrong type`, JSON.stringify({ ...sample, [key]: { nested: [1] } })]);
        cases.push([`${key} missing`, JSON.stringify({ ...sample, [key]: undefined })]);
      }
      for (const [label, payload] of cases) {
        sent++;
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { origin: originOf(t), 'content-type': 'application/json' },
          payload,
        });
        const problem = problemWith(
          res.statusCode,
          res.headers['content-type'] as string | undefined,
          res.body,
        );
        if (problem) findings.push(`${url} [${label}] → ${res.statusCode}: ${problem}`);
      }
    }
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/auth/magic-link/verify?token=${'y'.repeat(5000)}`,
    });
    if (verify.statusCode >= 500) findings.push(`magic-link verify with a long token → ${verify.statusCode}`);
    expect(sent).toBeGreaterThan(50);
    expect(findings).toEqual([]);
  });
});
