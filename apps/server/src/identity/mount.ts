import { SIGN_IN_TEXT } from '@rostra/core/shell/messages';
import {
  checkAccountName,
  checkEmail,
  checkNewPassword,
  checkPassword,
  checkPhoneCode,
  type ShellIssue,
} from '@rostra/core/shell/validators';
import type { Db } from '@rostra/db/client';
import { forgetUsedOutboxSecretUnsafe } from '@rostra/db/identity/retention';
import { clearThrottle, clientAddress, hitThrottle, peekThrottle } from '@rostra/db/identity/throttle';
import { findUserByEmail, hasPassword } from '@rostra/db/identity/users';
import { findVerification } from '@rostra/db/identity/verifications';
import { parseCookies } from 'better-auth/cookies';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { errorBody } from '../http/errors.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, EMAIL_LINK_COOKIE, emailLinkMarker } from './auth.ts';
import { acceptCaptcha, CAPTCHA_FAILURE, CAPTCHA_FIELD, CAPTCHA_PATHS } from './captcha.ts';
import type { Identity } from './identity.ts';
import { FAILURES, type IdentityFailure, libraryFailure } from './messages.ts';

/**
 * Mounts the identity library at /api/auth: one catch-all route hands each request, as a Fetch
 * Request with its raw body, to `auth.handler`, and hands the answer back. Around it sit the
 * rules the library does not have in the spec's terms: field checks with the spec's texts, rate
 * limits per IP, per account and per phone number, the same-device check of email links, and
 * every failure answered in the API's error shape with the spec's text.
 */
export async function mountAuth(app: App, identity: Identity): Promise<void> {
  await app.register(async (scope) => {
    // The library parses bodies itself (JSON and forms), so this scope keeps them raw.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      method: ['GET', 'POST'],
      url: `${AUTH_BASE_PATH}/*`,
      config: { access: PUBLIC },
      schema: { hide: true },
      handler: (request, reply) => handleAuthRequest(identity, request, reply),
    });
  });
}

type Body = Record<string, unknown>;

const text = (body: Body, key: string): string =>
  typeof body[key] === 'string' ? (body[key] as string) : '';

/** E.164 as the phone sign-in sends it: '+', country code, number; 8 to 15 digits in all. */
function checkE164(value: string): ShellIssue[] {
  return /^\+[1-9][0-9]{7,14}$/.test(value)
    ? []
    : [{ code: 'phone-invalid', message: SIGN_IN_TEXT.phoneInvalid, field: 'phoneNumber' }];
}

/** Field checks with the spec's texts, before the library sees the request. */
const PRECHECKS: Readonly<Record<string, (body: Body) => ShellIssue[]>> = {
  '/sign-in/email': (b) => [...checkEmail(text(b, 'email')), ...checkPassword(text(b, 'password'))],
  '/sign-up/email': (b) => [
    ...checkEmail(text(b, 'email')),
    ...checkAccountName(text(b, 'name'), true),
    ...checkNewPassword(text(b, 'password')),
  ],
  '/sign-in/magic-link': (b) => checkEmail(text(b, 'email')),
  '/request-password-reset': (b) => checkEmail(text(b, 'email')),
  '/reset-password': (b) => checkNewPassword(text(b, 'newPassword')),
  '/phone-number/send-otp': (b) => checkE164(text(b, 'phoneNumber')),
  '/phone-number/verify': (b) => [...checkE164(text(b, 'phoneNumber')), ...checkPhoneCode(text(b, 'code'))],
};

/** What the rules around the library decided before forwarding. */
type Guard = { failure: IdentityFailure; details?: unknown } | undefined;

async function handleAuthRequest(identity: Identity, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, identity.publicUrl);
  const path = url.pathname.slice(AUTH_BASE_PATH.length);
  let raw = Buffer.isBuffer(request.body) ? request.body : undefined;
  const body = parseJsonObject(raw, request.headers['content-type']);
  const now = identity.now();
  const { limits } = identity.options;

  if (request.method === 'POST') {
    const ip = await hitThrottle(identity.db, `ip:${request.ip}`, limits.perIp.windowSeconds, now);
    if (ip.count > limits.perIp.max) return fail(reply, FAILURES.tooManyFromIp);
    const issue = PRECHECKS[path]?.(body)[0];
    if (issue)
      return fail(reply, { status: 400, code: issue.code, message: issue.message }, { field: issue.field });
    // Phone sign-in and account creation need a solved captcha (spec §5 'Solve the reCAPTCHA'),
    // which the library does not know about: it is taken out of the body it is handed.
    if (CAPTCHA_PATHS.has(path)) {
      if (!(await acceptCaptcha(identity, body[CAPTCHA_FIELD])))
        return fail(reply, CAPTCHA_FAILURE, { field: CAPTCHA_FIELD });
      const { [CAPTCHA_FIELD]: _solved, ...rest } = body;
      raw = Buffer.from(JSON.stringify(rest));
    }
  }

  const guard = await guardRequest(identity, path, body, url, request, now);
  if (guard) return failFor(request, reply, url, guard.failure, guard.details);

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || name === 'content-length') continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const response = await identity.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      ...(raw && request.method !== 'GET' ? { body: new Uint8Array(raw) } : {}),
    }),
  );

  if (response.status >= 400) {
    const answer = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown };
    const code = typeof answer.code === 'string' ? answer.code : undefined;
    const failure = await explainFailure(identity, path, body, code, response.status, request.ip, now);
    // A refused guest upgrade keeps the guest's own session: no cookie of the attempt survives.
    if (failure.code !== FAILURES.mergeConflict.code) copyCookies(response, reply);
    return failFor(
      request,
      reply,
      url,
      failure,
      failure.code === 'identity-error' && code ? { reason: code } : undefined,
    );
  }

  // The right password clears its address's count, not the account's: that bounds guessing from
  // everywhere, and an owner's sign-in must not hand a distributed guesser a fresh budget.
  if (path === '/sign-in/email') {
    await clearThrottle(identity.db, passwordKeys(text(body, 'email'), request.ip).fromAddress);
  }
  await forgetUsedSecret(identity.db, path, body, url);
  copyCookies(response, reply);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length' || name === 'transfer-encoding') continue;
    reply.header(name, name === 'location' && path.startsWith('/callback/') ? providerRefusal(value) : value);
  }
  reply.status(response.status);
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * A federated sign-in the person refused at the provider comes back with OAuth's `access_denied`
 * (RFC 6749 §4.1.2.1), which the library passes on to the error page as it is: the sign-in screen
 * shows it as the spec's user-cancelled 'Please authorize the required permissions to sign in to
 * the application', not the generic failure.
 */
function providerRefusal(location: string): string {
  const target = new URL(location, 'http://app.invalid');
  if (target.searchParams.get('error') !== 'access_denied') return location;
  target.searchParams.set('error', 'user-cancelled');
  target.searchParams.delete('error_description');
  return location.startsWith('/') ? `${target.pathname}${target.search}` : target.toString();
}

/**
 * Wrong-password counters of an email address: from one client address (an IPv4 address, an
 * IPv6 /64), and from all addresses together. Keyed by the address as typed (trimmed, any case),
 * so an unknown email is counted like a known one where the two must answer alike.
 */
const passwordKeys = (email: string, ip: string) => {
  const account = `password:${email.trim().toLowerCase()}`;
  return { account, fromAddress: `${account}@${clientAddress(ip)}` };
};

/** The rules that decide before the library runs (lockout, phone limits, link states). */
async function guardRequest(
  identity: Identity,
  path: string,
  body: Body,
  url: URL,
  request: FastifyRequest,
  now: Date,
): Promise<Guard> {
  const { db, options } = identity;
  const { limits } = options;
  if (path === '/magic-link/verify') return guardEmailLink(identity, url, request, now);
  if (request.method !== 'POST') return undefined;
  switch (path) {
    case '/sign-in/email': {
      // Locked out: this address after its own failures at this account, or everyone once the
      // account's failures from all addresses reach the slower account-wide limit.
      const keys = passwordKeys(text(body, 'email'), request.ip);
      const { wrongPasswords, wrongPasswordsPerAccount } = limits;
      const fromHere = await peekThrottle(db, keys.fromAddress, wrongPasswords.windowSeconds, now);
      if (fromHere.count >= wrongPasswords.max) return { failure: FAILURES.tooManyWrongPasswords };
      const all = await peekThrottle(db, keys.account, wrongPasswordsPerAccount.windowSeconds, now);
      return all.count >= wrongPasswordsPerAccount.max
        ? { failure: FAILURES.tooManyWrongPasswords }
        : undefined;
    }
    case '/phone-number/send-otp': {
      const phone = text(body, 'phoneNumber');
      const recent = await hitThrottle(db, `phone-resend:${phone}`, limits.phoneResendSeconds, now);
      if (recent.count > 1) {
        const wait = Math.max(
          1,
          Math.ceil(limits.phoneResendSeconds - (now.getTime() - recent.windowStartedAt.getTime()) / 1000),
        );
        return { failure: FAILURES.resendTooSoon, details: { retry_after_seconds: wait } };
      }
      const sent = await hitThrottle(db, `phone-codes:${phone}`, limits.phoneCodes.windowSeconds, now);
      return sent.count > limits.phoneCodes.max ? { failure: FAILURES.phoneUsedTooOften } : undefined;
    }
    case '/phone-number/verify': {
      // Expiry by the rules' clock; "no code pending" reads the same to the person.
      const pending = await findVerification(db, `phone-number-otp-${text(body, 'phoneNumber')}`);
      if (!pending || pending.expiresAt.getTime() <= now.getTime()) return { failure: FAILURES.codeExpired };
      return undefined;
    }
    case '/request-password-reset': {
      // The spec's flow tells an unknown address apart ('That email address doesn't match …');
      // with enumeration protection the library answers the same "sent" for every address and
      // mails only a known one.
      if (options.enumerationProtection) return undefined;
      const found = await findUserByEmail(db, text(body, 'email'));
      return found ? undefined : { failure: FAILURES.resetUnknownEmail };
    }
    case '/reset-password': {
      const token = text(body, 'token') || (url.searchParams.get('token') ?? '');
      const pending = token ? await findVerification(db, `reset-password:${token}`) : undefined;
      if (!pending) return { failure: FAILURES.linkInvalid };
      if (pending.expiresAt.getTime() <= now.getTime()) return { failure: FAILURES.linkExpired };
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * An email link signs in only in the browser that asked for it (it holds the link's marker
 * cookie), or elsewhere once the person confirms the address the link was sent to (`email`
 * query parameter) — the "opened on another device" case of the spec's email-link flow.
 */
async function guardEmailLink(
  identity: Identity,
  url: URL,
  request: FastifyRequest,
  now: Date,
): Promise<Guard> {
  const token = url.searchParams.get('token') ?? '';
  const pending = token ? await findVerification(identity.db, `magic-link:${token}`) : undefined;
  if (!pending) return { failure: FAILURES.linkInvalid };
  if (pending.expiresAt.getTime() <= now.getTime()) return { failure: FAILURES.linkExpired };
  const cookies = parseCookies(request.headers.cookie ?? '');
  const secret = (await identity.auth.$context).secret;
  if (cookies.get(EMAIL_LINK_COOKIE) === emailLinkMarker(secret, token)) return undefined;
  const entered = url.searchParams.get('email');
  if (entered === null || entered.trim() === '') {
    return { failure: FAILURES.emailLinkOtherDevice, details: { confirm: 'email' } };
  }
  const sentTo = parseJson(pending.value) as { email?: unknown } | undefined;
  const isMatch =
    typeof sentTo?.email === 'string' && sentTo.email.toLowerCase() === entered.trim().toLowerCase();
  return isMatch ? undefined : { failure: FAILURES.emailLinkMismatch };
}

/** The library's refusal in the spec's terms. */
async function explainFailure(
  identity: Identity,
  path: string,
  body: Body,
  code: string | undefined,
  status: number,
  ip: string,
  now: Date,
): Promise<IdentityFailure> {
  if (code === FAILURES.mergeConflict.code) return FAILURES.mergeConflict;
  if (path === '/sign-in/email' && code === 'INVALID_EMAIL_OR_PASSWORD') {
    const { db, options } = identity;
    const email = text(body, 'email');
    // With enumeration protection an unknown address and an account without a password answer
    // (and are counted towards the lock-out) exactly as a wrong password does.
    if (!options.enumerationProtection) {
      const found = await findUserByEmail(db, email);
      if (!found) return FAILURES.userNotFound;
      if (!(await hasPassword(db, found.id))) return FAILURES.emailWithoutSignInMethod;
    }
    const keys = passwordKeys(email, ip);
    const { wrongPasswords, wrongPasswordsPerAccount } = options.limits;
    await hitThrottle(db, keys.fromAddress, wrongPasswords.windowSeconds, now);
    await hitThrottle(db, keys.account, wrongPasswordsPerAccount.windowSeconds, now);
    return FAILURES.wrongPassword;
  }
  if (code === 'weak-password' || code === 'password-required') {
    const issue = checkNewPassword(
      path === '/sign-up/email' ? text(body, 'password') : text(body, 'newPassword'),
    )[0];
    if (issue) return { status: 400, code: issue.code, message: issue.message };
  }
  return libraryFailure(code, status);
}

function copyCookies(response: Response, reply: FastifyReply): void {
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}

function fail(reply: FastifyReply, failure: IdentityFailure, details?: unknown) {
  return reply.status(failure.status).send(errorBody(failure.code, failure.message, details));
}

/**
 * Browsers that followed a link from a mail (GET with a callback URL, asking for HTML) are sent
 * back into the app with `?error=<code>`, where the sign-in screen shows the text; API clients
 * get the error in the API's shape.
 */
function failFor(
  request: FastifyRequest,
  reply: FastifyReply,
  url: URL,
  failure: IdentityFailure,
  details?: unknown,
) {
  const back = url.searchParams.get('errorCallbackURL') ?? url.searchParams.get('callbackURL');
  const wantsPage =
    request.method === 'GET' && back !== null && (request.headers.accept ?? '').includes('text/html');
  if (!wantsPage) return fail(reply, failure, details);
  const target = new URL(back.startsWith('/') && !back.startsWith('//') ? back : '/login', url.origin);
  target.searchParams.set('error', failure.code);
  if (failure.code === FAILURES.emailLinkOtherDevice.code) {
    target.searchParams.set('email_link', url.searchParams.get('token') ?? '');
  }
  return reply.redirect(`${target.pathname}${target.search}`, 302);
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

function parseJsonObject(raw: Buffer | undefined, contentType: string | undefined): Body {
  if (!raw || !(contentType ?? '').includes('json')) return {};
  const parsed = parseJson(raw.toString('utf8'));
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : {};
}

/**
 * A link or code that has just been used (to sign in, to reset a password, to confirm an address)
 * leaves the message outbox at once: the outbox keeps sent messages in plain text.
 */
async function forgetUsedSecret(db: Db, path: string, body: Body, url: URL): Promise<void> {
  const token = (purpose: string, value: string | null | undefined) =>
    value ? forgetUsedOutboxSecretUnsafe(db, { purpose, linkToken: value }) : undefined;
  switch (path) {
    case '/magic-link/verify':
      await token('magic-link', url.searchParams.get('token'));
      return;
    case '/verify-email':
      await token('verify-email', url.searchParams.get('token'));
      return;
    case '/reset-password':
      await token('password-reset', text(body, 'token') || url.searchParams.get('token'));
      return;
    case '/phone-number/verify': {
      const code = text(body, 'code');
      if (code)
        await forgetUsedOutboxSecretUnsafe(db, {
          purpose: 'phone-code',
          recipient: text(body, 'phoneNumber'),
          code,
        });
      return;
    }
    default:
      return;
  }
}
