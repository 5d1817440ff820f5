import type { CaptchaChallenge } from '@rostra/core/api/identity';
import { listOutbox, type StoredOutboxMessage } from '@rostra/db/identity/outbox';
import { account, memberships, user } from '@rostra/db/schema/auth';
import { organisations } from '@rostra/db/schema/organisations';
import { solveChallenge } from 'altcha-lib/v1';
import { hashPassword } from 'better-auth/crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../testing/app.ts';

/*
 * Identity fixtures for integration tests: organisations, users with memberships (written the way
 * the demo seed writes them), sign-in through the real endpoint, and reading the outbox.
 */

export type FixtureMembership = {
  orgId: string;
  role: 'dispatcher' | 'scheduler' | 'resource' | 'customer';
  duties?: string[];
  resourceId?: string;
  customerId?: string;
};

export type FixtureUser = {
  id: string;
  email: string;
  name?: string;
  phone?: string;
  /** Omit for an account without a password. */
  password?: string;
  memberships?: FixtureMembership[];
};

export const FIXTURE_PASSWORD = 'fixture123';

export async function addOrg(t: TestApp, id: string, name = id): Promise<void> {
  await t.db.db.insert(organisations).values({ id, name, slug: id });
}

export async function addUser(t: TestApp, u: FixtureUser): Promise<void> {
  await t.db.db.insert(user).values({
    id: u.id,
    name: u.name ?? u.id,
    email: u.email,
    emailVerified: true,
    phoneNumber: u.phone ?? null,
    phoneNumberVerified: u.phone ? true : null,
  });
  if (u.password !== undefined) {
    await t.db.db.insert(account).values({
      id: `acct-${u.id}`,
      accountId: u.id,
      providerId: 'credential',
      userId: u.id,
      password: await hashPassword(u.password),
    });
  }
  for (const [i, m] of (u.memberships ?? []).entries()) {
    await t.db.db.insert(memberships).values({
      id: `mem-${u.id}-${i}`,
      organizationId: m.orgId,
      userId: u.id,
      role: m.role,
      duties: m.duties ?? [],
      resourceId: m.resourceId ?? null,
      customerId: m.customerId ?? null,
      // Memberships listed first are older, so the first is the default active one.
      createdAt: new Date(Date.UTC(2020, 0, 1 + i)),
    });
  }
}

/** The `Origin` the app's own pages send (the public URL's origin). */
export function originOf(t: TestApp): string {
  return new URL(t.config.publicUrl).origin;
}

/** A `cookie` request header holding the cookies a response set (deleted ones left out). */
export function cookiesFrom(res: LightMyRequestResponse, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const eq = part.indexOf('=');
    jar.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const set = res.headers['set-cookie'];
  for (const line of Array.isArray(set) ? set : set ? [set] : []) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Headers of a signed-in browser of the app: its cookie and the app's origin. */
export type Browser = { cookie: string; origin: string };

export function asBrowser(t: TestApp, cookie: string): Browser {
  return { cookie, origin: originOf(t) };
}

/** Signs in through `POST /api/auth/sign-in/email`; throws unless it succeeds. */
export async function signIn(t: TestApp, email: string, password = FIXTURE_PASSWORD): Promise<Browser> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: originOf(t) },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return asBrowser(t, cookiesFrom(res));
}

/** The newest outbox message to `recipient` (for `purpose`), or throws. */
export async function latestMessage(
  t: TestApp,
  recipient: string,
  purpose?: string,
): Promise<StoredOutboxMessage> {
  const [latest] = await listOutbox(t.db.db, { recipient, ...(purpose ? { purpose } : {}) });
  if (!latest) throw new Error(`no ${purpose ?? ''} message to ${recipient} in the outbox`);
  return latest;
}

/** Path and query of an absolute link (inject takes paths). */
export function pathOf(link: string): string {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
}

/**
 * A solved captcha for phone sign-in or account creation: a challenge from `GET /api/v1/captcha`
 * solved as the browser does (the test app's work is small), encoded as the `captcha` field.
 */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  return solveCaptcha(
    (await t.app.inject({ method: 'GET', url: '/api/v1/captcha' })).json() as CaptchaChallenge,
  );
}

/** A challenge of `GET /api/v1/captcha` solved as the browser does, encoded as the `captcha` field. */
export async function solveCaptcha(c: CaptchaChallenge): Promise<string> {
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('the captcha could not be solved');
  const payload = {
    algorithm: c.algorithm,
    challenge: c.challenge,
    number: solution.number,
    salt: c.salt,
    signature: c.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** `body` with a freshly solved captcha (the body of a sign-up or a phone code request). */
export async function withCaptcha<T extends object>(t: TestApp, body: T): Promise<T & { captcha: string }> {
  return { ...body, captcha: await solvedCaptcha(t) };
}
