import { HTTP_RETRY_DELAY_MS } from '@rostra/core/shell/constants';
import { IDENTITY_MESSAGES } from '@rostra/core/shell/messages';
import { describe, expect, it } from 'vitest';
import { type ApiError, createApiClient, isApiError, UNCONFIRMED_WRITE_MESSAGE } from './api.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(handler: Handler, options: { online?: boolean } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const sleeps: number[] = [];
  const notified: ApiError[] = [];
  let now = 0;
  const client = createApiClient({
    fetch: (async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, init });
      return handler(url, init);
    }) as typeof fetch,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    isOnline: () => options.online ?? true,
    networkInfo: () => ({ online: options.online ?? true, effective_type: '4g' }),
    origin: 'http://app.test',
    notify: (e) => notified.push(e),
  });
  const apiCalls = (path: string) => calls.filter((c) => c.url.startsWith(path));
  return { client, calls, apiCalls, sleeps, notified };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error('expected the request to fail');
}

/** A server with a token endpoint, an error log, and `route` for everything else. */
function server(route: Handler, extra: { errorLog?: number } = {}): Handler {
  let tokenCount = 0;
  return (url, init) => {
    if (url === '/api/v1/access_token') {
      tokenCount += 1;
      return json(200, { access_token: `t${tokenCount}`, expires_in: 3600 });
    }
    if (url === '/api/v1/error-logs') return json(extra.errorLog ?? 201, {});
    return route(url, init);
  };
}

/** What a browser's fetch does when the network fails: it throws a TypeError. */
const networkError =
  (message = 'Failed to fetch'): Handler =>
  () => {
    throw new TypeError(message);
  };

/** A network that fails the first request, then answers `{ ok: true }`. */
function failsOnceThenOk(): Handler {
  let n = 0;
  return (url, init) => {
    n += 1;
    return n === 1 ? networkError()(url, init) : json(200, { ok: true });
  };
}

const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('bearer token', () => {
  it('adds Authorization: Bearer with the access token to API requests and reuses the cached token', async () => {
    const t = setup(server(() => json(200, { ok: true })));
    await t.client.get('/me');
    await t.client.get('/me');
    const me = t.apiCalls('/api/v1/me');
    expect(me.map((c) => header(c.init, 'authorization'))).toEqual(['Bearer t1', 'Bearer t1']);
    expect(t.apiCalls('/api/v1/access_token')).toHaveLength(1);
  });

  it('fetches the token itself with the session cookie and no bearer', async () => {
    const t = setup(server(() => json(200, {})));
    await t.client.get('/me');
    const [tokenCall] = t.apiCalls('/api/v1/access_token');
    expect(header(tokenCall?.init ?? {}, 'authorization')).toBeNull();
    expect(tokenCall?.init.credentials).toBe('same-origin');
  });

  it('keeps an Authorization header the caller set (complete_registration uses the state value)', async () => {
    const t = setup(server(() => json(200, {})));
    await t.client.post(
      '/api/v2/complete_registration',
      { code: 'c' },
      { headers: { authorization: 'Bearer s' } },
    );
    expect(header(t.calls[0]?.init ?? {}, 'authorization')).toBe('Bearer s');
    expect(t.apiCalls('/api/v1/access_token')).toHaveLength(0);
  });

  it('does not send a bearer to the identity library', async () => {
    const t = setup(server(() => json(200, {})));
    await t.client.post('/api/auth/sign-in/email', { email: 'a@b.co' });
    expect(header(t.calls[0]?.init ?? {}, 'authorization')).toBeNull();
  });

  it('on a 401 with a cached token, fetches a new token once and repeats the request', async () => {
    let first = true;
    const t = setup(
      server((_url, init) => {
        if (first) {
          first = false;
          return json(401, { error: { code: 'unauthorized', message: 'expired' } });
        }
        return json(200, { auth: header(init, 'authorization') });
      }),
    );
    expect(await t.client.get('/me')).toEqual({ auth: 'Bearer t2' });
  });

  it('a second 401 is the answer (not signed in), without a toast or a report', async () => {
    const t = setup(server(() => json(401, { error: { code: 'unauthorized', message: 'Sign in' } })));
    const e = await failure(t.client.get('/me'));
    expect(e.status).toBe(401);
    expect(t.apiCalls('/api/v1/me')).toHaveLength(2);
    expect(t.notified).toEqual([]);
    expect(t.apiCalls('/api/v1/error-logs')).toHaveLength(0);
  });
});

describe('retry policy', () => {
  it.each([408, 429, 500, 502, 503, 504])('retries %i twice, 2 s apart, then fails', async (status) => {
    const t = setup(server(() => json(status, { error: { code: 'x', message: 'busy' } })));
    const e = await failure(t.client.get('/thing'));
    expect(e.status).toBe(status);
    expect(t.apiCalls('/api/v1/thing')).toHaveLength(3);
    expect(t.sleeps).toEqual([HTTP_RETRY_DELAY_MS, HTTP_RETRY_DELAY_MS]);
    expect(HTTP_RETRY_DELAY_MS).toBe(2000);
  });

  it.each([400, 403, 404, 409, 422, 501])('does not retry %i', async (status) => {
    const t = setup(server(() => json(status, { error: { code: 'x', message: 'no' } })));
    await failure(t.client.get('/thing'));
    expect(t.apiCalls('/api/v1/thing')).toHaveLength(1);
    expect(t.sleeps).toEqual([]);
  });

  it('returns the answer of a retry that succeeds', async () => {
    let n = 0;
    const t = setup(server(() => (++n < 3 ? json(503, {}) : json(200, { n }))));
    expect(await t.client.get('/thing')).toEqual({ n: 3 });
    expect(t.sleeps).toHaveLength(2);
  });

  it('retries a network error', async () => {
    const t = setup(server(failsOnceThenOk()));
    expect(await t.client.get('/thing')).toEqual({ ok: true });
    expect(t.sleeps).toEqual([HTTP_RETRY_DELAY_MS]);
  });

  it('does not retry when the caller turns retries off (identity answers are final)', async () => {
    const t = setup(server(() => json(429, { code: 'too-many-requests', message: 'slow down' })));
    const e = await failure(t.client.post('/api/auth/sign-in/email', {}, { retry: false }));
    expect(e.message).toBe('slow down');
    expect(t.apiCalls('/api/auth/sign-in/email')).toHaveLength(1);
    expect(t.sleeps).toEqual([]);
  });
});

describe('writes are never sent again by themselves', () => {
  it('a create whose first answer is lost is stored once, and fails with the check-first message', async () => {
    const stored: unknown[] = [];
    const t = setup(
      server((_url, init) => {
        // The server stores it; the answer is lost on the way back (first time only).
        stored.push(JSON.parse(String(init.body)));
        if (stored.length === 1) throw new TypeError('net::ERR_CONNECTION_RESET');
        return json(201, { _id: `e${stored.length}` });
      }),
    );
    const e = await failure(t.client.post('/equipments', { name: 'Hoist 7', code: 'H7' }));
    expect(stored).toEqual([{ name: 'Hoist 7', code: 'H7' }]);
    expect(t.apiCalls('/api/v1/equipments')).toHaveLength(1);
    expect(t.sleeps).toEqual([]);
    expect(e.message).toBe(UNCONFIRMED_WRITE_MESSAGE);
    expect(e.unconfirmed).toBe(true);
    expect(e.kind).toBe('connection-reset');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    '%s is not retried on 503 or a network error',
    async (method) => {
      for (const answer of [() => json(503, { error: { code: 'x', message: 'busy' } }), networkError()]) {
        const t = setup(server(answer));
        await failure(t.client.request('/thing', { method, body: {} }));
        expect(t.apiCalls('/api/v1/thing')).toHaveLength(1);
        expect(t.sleeps).toEqual([]);
      }
    },
  );

  it('a write a gateway gave up on (502, 504) is unconfirmed; a 500 or a 4xx is the server’s answer', async () => {
    for (const status of [502, 504]) {
      const t = setup(server(() => json(status, {})));
      const e = await failure(t.client.post('/equipments', {}));
      expect(e).toMatchObject({ status, unconfirmed: true, message: UNCONFIRMED_WRITE_MESSAGE });
    }
    for (const status of [500, 409]) {
      const t = setup(server(() => json(status, { error: { code: 'x', message: 'refused' } })));
      const e = await failure(t.client.post('/equipments', {}));
      expect(e).toMatchObject({ status, unconfirmed: false, message: 'refused' });
    }
  });

  it('a read is still retried, and the identity library’s calls keep their own network message', async () => {
    const t = setup(server(failsOnceThenOk()));
    expect(await t.client.request('/thing', { method: 'HEAD' })).toEqual({ ok: true });
    const signIn = setup(server(networkError()));
    const e = await failure(signIn.client.post('/api/auth/sign-in/email', {}, { retry: false }));
    expect(e.message).toBe(IDENTITY_MESSAGES['network-request-failed']);
    expect(e.unconfirmed).toBe(false);
  });
});

describe('failure classification', () => {
  it('a network error while the browser is offline is "offline", toasted once after the retries', async () => {
    const t = setup(server(networkError()), { online: false });
    const e = await failure(t.client.get('/thing'));
    expect(e.kind).toBe('offline');
    expect(e.status).toBe(0);
    expect(e.message).toBe(IDENTITY_MESSAGES['network-request-failed']);
    expect(t.notified.map((n) => n.kind)).toEqual(['offline']);
  });

  it('a reset connection is "connection-reset"', async () => {
    const t = setup(server(networkError('net::ERR_CONNECTION_RESET')));
    expect((await failure(t.client.get('/thing'))).kind).toBe('connection-reset');
  });

  it('a network error on a cross-origin URL is "cors"', async () => {
    const t = setup(networkError());
    expect((await failure(t.client.get('https://elsewhere.test/x', { auth: 'cookie' }))).kind).toBe('cors');
  });

  it('a network error on our own origin is "network"', async () => {
    const t = setup(server(networkError()));
    expect((await failure(t.client.get('/thing'))).kind).toBe('network');
  });

  it('a 403 that is not in our error shape came from a firewall: not retried, toasted', async () => {
    const t = setup(server(() => new Response('<html>Blocked by policy</html>', { status: 403 })));
    const e = await failure(t.client.get('/thing'));
    expect(e.kind).toBe('firewall');
    expect(t.apiCalls('/api/v1/thing')).toHaveLength(1);
    expect(t.notified.map((n) => n.kind)).toEqual(['firewall']);
  });

  it('a 403 in our error shape is an answer for the screen, with the server message', async () => {
    const t = setup(
      server(() => json(403, { error: { code: 'forbidden', message: 'You are not a member' } })),
    );
    const e = await failure(t.client.get('/thing'));
    expect(e).toMatchObject({ kind: 'answer', code: 'forbidden', message: 'You are not a member' });
    expect(t.notified).toEqual([]);
  });

  it('reads a bare { message } body too (switch_org_by_uid answers so)', async () => {
    const t = setup(server(() => json(403, { message: 'Not allowed' })));
    expect((await failure(t.client.get('/thing'))).message).toBe('Not allowed');
  });

  it('a 5xx is "server" and toasted; quiet requests are not toasted', async () => {
    const t = setup(
      server(() => json(500, { error: { code: 'internal', message: 'Something went wrong' } })),
    );
    expect((await failure(t.client.get('/a'))).kind).toBe('server');
    await failure(t.client.get('/b', { quiet: true }));
    expect(t.notified).toHaveLength(1);
  });
});

describe('error log', () => {
  it('reports a failed request with message, status, url, duration and network info', async () => {
    const t = setup(server(() => json(503, { error: { code: 'down', message: 'Down' } })));
    await failure(t.client.get('/thing'));
    await Promise.resolve();
    const [log] = t.apiCalls('/api/v1/error-logs');
    const body = JSON.parse(String(log?.init.body));
    expect(body).toEqual({
      message: 'Down',
      status: 503,
      url: '/api/v1/thing',
      method: 'GET',
      duration_ms: 2 * HTTP_RETRY_DELAY_MS,
      kind: 'server',
      network: { online: true, effective_type: '4g' },
    });
  });

  it('does not report an ordinary 4xx answer', async () => {
    const t = setup(server(() => json(404, { error: { code: 'not_found', message: 'No' } })));
    await failure(t.client.get('/thing'));
    expect(t.apiCalls('/api/v1/error-logs')).toHaveLength(0);
  });

  it('stops reporting after the error log answers 404 (the server does not have it yet)', async () => {
    const t = setup(server(() => json(500, {}), { errorLog: 404 }));
    await failure(t.client.get('/a', { retry: false }));
    await new Promise((r) => setTimeout(r, 0));
    await failure(t.client.get('/b', { retry: false }));
    await new Promise((r) => setTimeout(r, 0));
    expect(t.apiCalls('/api/v1/error-logs')).toHaveLength(1);
  });
});
