import { user } from '@rostra/db/schema/auth';
import { testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOrg, addUser, FIXTURE_PASSWORD, originOf, signIn } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { API } from './api.ts';
import { findBadForm } from './text-input.ts';

type Refusal = { error: { code: string; message: string; details?: { field?: string } } };

describe.each(testDatabaseKinds())('text with NUL characters or unpaired surrogates on %s', (kind) => {
  let t: TestApp;
  let browser: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await addOrg(t, 'text-org');
    await addUser(t, {
      id: 'text-dispatcher',
      email: 'd@text.test',
      password: FIXTURE_PASSWORD,
      memberships: [{ orgId: 'text-org', role: 'dispatcher' }],
    });
    browser = await signIn(t, 'd@text.test');
    const accepted = await t.app.inject({ method: 'POST', url: `${API}/terms/accept`, headers: browser });
    expect(accepted.statusCode).toBe(200);
  });
  afterAll(() => t?.close());

  const send = (
    method: 'GET' | 'POST',
    url: string,
    payload?: string,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...browser, 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  const refusalOf = (res: { statusCode: number; body: string }) => {
    expect(res.statusCode, res.body).toBe(400);
    return (JSON.parse(res.body) as Refusal).error;
  };

  it('refuses the requests of the issue with 400 invalid_text naming the field, not a server error', async () => {
    const cases: [method: 'GET' | 'POST', url: string, payload: string | undefined, field: string][] = [
      ['GET', `${API}/labels/%00`, undefined, 'params.id'],
      ['POST', `${API}/search`, '{"query":"a\\u0000"}', 'body.query'],
      ['POST', `${API}/shortlinks`, '{"target":"/a\\u0000b"}', 'body.target'],
      ['POST', `${API}/announcements`, '{"title":"x","body":"\\ud800"}', 'body.body'],
    ];
    for (const [method, url, payload, field] of cases) {
      const error = refusalOf(await send(method, url, payload));
      expect(error).toEqual({
        code: 'invalid_text',
        message: `${field}: must not contain NUL characters or unpaired surrogates`,
        details: { field },
      });
    }
  });

  it('stores nothing, changed or not, for a label named with a lone surrogate or a NUL', async () => {
    for (const name of ['"\\ud800"', '"x\\udfff"', '"a\\u0000"']) {
      const error = refusalOf(await send('POST', `${API}/labels`, `{"name":${name}}`));
      expect(error.details).toEqual({ field: 'body.name' });
    }
    const list = await send('GET', `${API}/labels`);
    expect(list.statusCode).toBe(200);
    expect((JSON.parse(list.body) as { items: unknown[] }).items).toEqual([]);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await send('POST', `${API}/labels`, '{"name":"\\ud83d\\ude00"}');
    expect(emoji.statusCode, emoji.body).toBe(201);
    expect((JSON.parse(emoji.body) as { name: string }).name).toBe('😀');
  });

  it('refuses a bad object key, naming it escaped', async () => {
    const error = refusalOf(await send('POST', `${API}/labels`, '{"name":"ok","x\\u0000":1}'));
    expect(error.details).toEqual({ field: 'body.x\\u0000' });
    expect(error.message).toBe('body.x\\u0000: must not contain NUL characters or unpaired surrogates');
  });

  it('refuses a JSON body that is not valid UTF-8 instead of reading it as U+FFFD', async () => {
    // The bytes of a lone surrogate (CESU-8), which a lenient decoder turns into replacement characters.
    const payload = Buffer.concat([
      Buffer.from('{"name":"'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/labels`,
      headers: { ...browser, 'content-type': 'application/json' },
      payload,
    });
    expect(refusalOf(res)).toEqual({
      code: 'invalid_text',
      message: 'body: is not valid UTF-8',
      details: { field: 'body' },
    });
    const list = await send('GET', `${API}/labels`);
    expect((JSON.parse(list.body) as { items: { name: string }[] }).items.map((l) => l.name)).toEqual(['😀']);
  });

  it('refuses a path that is not valid UTF-8 in the API error shape', async () => {
    const error = refusalOf(await send('GET', `${API}/labels/%ED%A0%80`));
    expect(error).toEqual({
      code: 'invalid_text',
      message: 'path: is not valid percent-encoded UTF-8',
      details: { field: 'path' },
    });
    const long = await send('GET', `${API}/labels/${'x'.repeat(200)}`);
    expect(long.statusCode).toBe(414);
    expect(JSON.parse(long.body)).toEqual({
      error: { code: 'uri_too_long', message: 'A part of the path is too long' },
    });
  });

  it('refuses query values and names with bad text or that are not percent-encoded UTF-8, keeping nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    for (const [query, field] of [
      ['name=a%00b', 'querystring.name'],
      ['name=a%ED%A0%80', 'querystring.name'],
      ['name=%E0%A4', 'querystring.name'],
      ['name=x&%00=1', 'querystring.\\u0000'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API}/uploads?${query}`,
        headers: { ...browser, 'content-type': 'image/png' },
        payload: png,
      });
      expect(refusalOf(res).details, query).toEqual({ field });
    }
    const list = await send('GET', `${API}/uploads`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain('%ED');
    expect(JSON.parse(list.body)).toMatchObject({ items: [] });
  });

  it('refuses a header with a NUL before it is used to authenticate (no server error)', async () => {
    const error = refusalOf(await send('GET', `${API}/me`, undefined, { cookie: `${browser.cookie}\u0000` }));
    expect(error.details).toEqual({ field: 'headers.cookie' });
  });

  it('refuses bad text in the identity endpoints (JSON and form bodies) and creates no account', async () => {
    const signUp = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: originOf(t), 'content-type': type },
        payload,
      });
    for (const [payload, field] of [
      ['{"email":"n1@text.test","password":"abc12345","name":"\\ud800"}', 'body.name'],
      ['{"email":"n2@text.test","password":"abc12345","name":"a\\u0000"}', 'body.name'],
      ['{"email":"n3\\u0000@text.test","password":"abc12345","name":"N"}', 'body.email'],
    ] as const) {
      expect(refusalOf(await signUp(payload)).details, payload).toEqual({ field });
    }
    const form = await signUp(
      'email=n4%40text.test&password=abc12345&name=%ED%A0%80',
      'application/x-www-form-urlencoded',
    );
    expect(refusalOf(form).details).toEqual({ field: 'body.name' });
    const users = await t.db.db.select({ email: user.email }).from(user);
    expect(users.map((u) => u.email).filter((e) => e.endsWith('@text.test') && e !== 'd@text.test')).toEqual(
      [],
    );
  });

  it('refuses bad text in every field of every identity endpoint, and in their query, without a server error', async () => {
    const endpoints: Record<string, Record<string, string>> = {
      '/api/auth/sign-in/email': { email: 'd@text.test', password: 'abc12345' },
      '/api/auth/sign-up/email': { email: 'new@text.test', password: 'abc12345', name: 'New' },
      '/api/auth/sign-in/magic-link': { email: 'd@text.test', callbackURL: '/' },
      '/api/auth/request-password-reset': { email: 'd@text.test', redirectTo: '/reset' },
      '/api/auth/reset-password': { token: 'x', newPassword: 'abc12345' },
      '/api/auth/phone-number/send-otp': { phoneNumber: '+61400000001' },
      '/api/auth/phone-number/verify': { phoneNumber: '+61400000001', code: '123456' },
      '/api/auth/sign-in/social': { provider: 'oidc', callbackURL: '/' },
    };
    for (const [url, sample] of Object.entries(endpoints))
      for (const key of Object.keys(sample))
        for (const bad of ['\u0000', '\ud800']) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { origin: originOf(t), 'content-type': 'application/json' },
            payload: JSON.stringify({ ...sample, [key]: `x${bad}` }),
          });
          expect(refusalOf(res), `${url} ${key}`).toMatchObject({
            code: 'invalid_text',
            details: { field: `body.${key}` },
          });
        }
    const link = await t.app.inject({ method: 'GET', url: '/api/auth/magic-link/verify?token=a%00b' });
    expect(refusalOf(link).details).toEqual({ field: 'querystring.token' });
  });

  it('refuses a deeply nested body with bad text at the bottom without exhausting the stack', async () => {
    const payload = `{"name":${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}}`;
    const error = refusalOf(await send('POST', `${API}/labels`, payload));
    expect(error.code).toBe('invalid_text');
  });
});

describe('findBadForm', () => {
  it('names the first badly encoded or bad name or value of a form', () => {
    expect(findBadForm('a=1&b=x%00', 'q')).toEqual({
      field: 'q.b',
      problem: 'must not contain NUL characters or unpaired surrogates',
    });
    expect(findBadForm('a=%zz', 'q')).toEqual({
      field: 'q.a',
      problem: 'is not valid percent-encoded UTF-8',
    });
    expect(findBadForm('%ED%B0%80=1', 'q')?.field).toBe('q.%ED%B0%80');
    expect(findBadForm('a=b+c&&d&e=%F0%9F%98%80', 'q')).toBeUndefined();
  });
});
