import { type Access, type Caller, isRoleAllowed } from '../http/access.ts';
import type { App } from '../http/api.ts';

/*
 * Generates malformed requests for every operation in the app's OpenAPI document and reports every
 * answer that is not the right refusal. New routes are covered the moment they are registered;
 * a declared route the document does not show must be listed in NOT_IN_DOCUMENT with its reason.
 */

/**
 * Declared `/api` routes that are not in the OpenAPI document, so the probe cannot generate their
 * cases, each with the reason and where their input is probed instead. Nothing else may be missing.
 */
export const NOT_IN_DOCUMENT: Readonly<Record<string, string>> = {
  'GET /api/auth/*':
    "the identity library's catch-all (public): its endpoints are probed by identity/auth-robustness.test.ts",
  'POST /api/auth/*':
    "the identity library's catch-all (public): its endpoints are probed by identity/auth-robustness.test.ts",
  'GET /metrics':
    "Prometheus's text format for the monitoring system, with no parameters or body: refused to sessions by access.test.ts; its token and loopback rules in health/health.test.ts",
  'GET /api/v1/live':
    'a WebSocket upgrade with no parameters or body: refused without a session by access.test.ts; its malformed messages are tested in live/live.test.ts',
};

const routeKey = (method: string, url: string) => `${method} ${url.replace(/\{([^}]+)\}/g, ':$1')}`;

/** Declared `/api` routes the probe does not reach and NOT_IN_DOCUMENT does not explain. */
export function unprobedRoutes(app: App): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => routeKey(m.toUpperCase(), path)),
    ),
  );
  return app.declaredRoutes
    .map((r) => routeKey(r.method, r.url))
    .filter((key) => !documented.has(key) && !(key in NOT_IN_DOCUMENT));
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  minimum?: number;
  examples?: unknown[];
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

export type Finding = { request: string; status: number; problem: string };

const ONE_MB = 'x'.repeat(1_000_000);
const BAD_IDS = [
  'does-not-exist',
  'x'.repeat(90),
  "1' OR '1'='1",
  '%2e%2e%2fetc',
  '-1',
  '00000000-0000-0000-0000-000000000000',
];

/** A minimal value that fits a schema, used as the base that each case breaks in one place. */
export function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.const !== undefined) return schema.const;
  // A value of a set form (a pattern the probe cannot invent) comes from the schema's example.
  if (schema.examples?.length) return schema.examples[0];
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (alt) return sampleOf(alt);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key]);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

function typeOf(schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return alt.map(typeOf).find((t) => t !== undefined && t !== 'null');
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

function admitsNull(schema: Schema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('null') || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(admitsNull);
}

function wrongTypeFor(schema: Schema | undefined): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12_345;
    case 'number':
    case 'integer':
      return 'not-a-number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return { unexpected: [1, 2, 3] };
  }
}

/**
 * Text no string of a request may hold (security issue #15): a NUL character and an unpaired
 * surrogate, as JSON sends them (`value`), percent-encoded in a URL (`encoded`: a lone
 * surrogate's bytes, which are not valid UTF-8), and as a refusal names them in a key (`shown`;
 * an undecodable query key is named as sent).
 * Values get a NUL and a lone high surrogate, keys a NUL and a lone low surrogate.
 */
const NUL = { label: 'NUL', value: 'a\u0000b', encoded: 'a%00b', shown: 'a\\u0000b' };
const HIGH = { label: 'lone surrogate', value: 'a\ud800b', encoded: 'a%ED%A0%80b', shown: 'a\\ud800b' };
const LOW = { label: 'lone low surrogate', value: 'a\udc00b', encoded: 'a%ED%B0%80b', shown: 'a\\udc00b' };
const BAD_VALUES = [NUL, HIGH];
const BAD_KEYS = [NUL, LOW];

/**
 * Every place a string goes in a value of `schema` (nested objects and array items too), with
 * how to build a sample value holding a given string there and the sample elsewhere.
 */
type StringSlot = { path: string[]; put: (text: string) => unknown };

function stringSlots(schema: Schema | undefined, depth = 0): StringSlot[] {
  if (!schema || depth > 4) return [];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt)
    return stringSlots(
      alt.find((a) => typeOf(a) !== undefined && typeOf(a) !== 'null'),
      depth,
    );
  switch (typeOf(schema)) {
    case 'string':
      return [{ path: [], put: (text) => text }];
    case 'object': {
      const base = sampleOf(schema);
      const sample = base && typeof base === 'object' && !Array.isArray(base) ? base : {};
      return Object.entries(schema.properties ?? {}).flatMap(([key, prop]) =>
        stringSlots(prop, depth + 1).map((slot) => ({
          path: [key, ...slot.path],
          put: (text: string) => ({ ...sample, [key]: slot.put(text) }),
        })),
      );
    }
    case 'array':
      return stringSlots(schema.items, depth + 1).map((slot) => ({
        path: ['0', ...slot.path],
        put: (text: string) => [slot.put(text)],
      }));
    default:
      return [];
  }
}

/**
 * A malformed request: `missing` (a made-up id: 404, or 400 when the id's form is refused),
 * `invalid` (a bad query or body: 400, 413 when too large, 415 when not JSON), `text` (a NUL or
 * an unpaired surrogate somewhere: 400), and `field`, the name the refusal's message must point
 * at (for `text` the whole path, `body.items.0.name`, as validation errors name fields).
 */
type Case = {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
  expect: 'missing' | 'invalid' | 'text';
  field?: string;
  /** Refused before the caller is known (a path that cannot be routed, a bad header): 400 even without a session. */
  beforeAuth?: boolean;
};

function casesFor(method: string, path: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  // `encoded`: the value is already percent-encoded (bytes encodeURIComponent cannot make).
  const fill = (value: (p: Parameter) => string, encoded = false) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const p = pathParams.find((x) => x.name === name);
      const v = p ? value(p) : 'x';
      return encoded ? v : encodeURIComponent(v);
    });
  // Required query parameters get a fitting value, so that each case breaks one thing only.
  const required = query.filter((q) => q.required);
  // `raw`: name and value are appended as they are (already percent-encoded).
  const withQuery = (url: string, name?: string, value?: string, raw = false) => {
    const pairs: [string, string][] = required
      .filter((q) => q.name !== name)
      .map((q) => [q.name, String(sampleOf(q.schema))]);
    if (name !== undefined && !raw) pairs.push([name, value ?? '']);
    const query = [
      ...(pairs.length ? [String(new URLSearchParams(pairs))] : []),
      ...(name !== undefined && raw ? [`${name}=${value ?? ''}`] : []),
    ].join('&');
    return query ? `${url}?${query}` : url;
  };
  const baseUrl = withQuery(fill(() => 'does-not-exist'));
  const bareUrl = fill(() => 'does-not-exist');
  const cases: Case[] = [];

  // Without a path parameter there is no id to get wrong: the bare URL is a valid request of a
  // route whose query parameters are all optional (a list), so it is not a malformed case.
  if (pathParams.length) {
    for (const id of BAD_IDS)
      cases.push({ label: `bad id ${id.slice(0, 20)}`, url: withQuery(fill(() => id)), expect: 'missing' });
  }
  for (const q of query) {
    // Every query value is a string: a string parameter has no wrong type to send.
    if (typeOf(q.schema) !== 'string')
      cases.push({
        label: `query ${q.name} wrong type`,
        url: withQuery(bareUrl, q.name, String(wrongTypeFor(q.schema))),
        expect: 'invalid',
        field: q.name,
      });
    cases.push({
      label: `query ${q.name} oversized`,
      url: withQuery(bareUrl, q.name, 'y'.repeat(10_000)),
      expect: 'invalid',
      field: q.name,
    });
  }
  // NUL characters and unpaired surrogates in every path parameter, query parameter (value and
  // name) and declared header. A name and an already percent-encoded value are appended as
  // sent: URLSearchParams would turn a lone surrogate into U+FFFD, which is valid text.
  const withRawQuery = (url: string, name: string, encoded: string) => withQuery(url, name, encoded, true);
  for (const p of pathParams) {
    const only = (encoded: string) =>
      withQuery(fill((x) => (x.name === p.name ? encoded : encodeURIComponent('does-not-exist')), true));
    cases.push({
      label: `path ${p.name} ${NUL.label}`,
      url: only(NUL.encoded),
      expect: 'text',
      field: `params.${p.name}`,
    });
    // Not valid UTF-8, the path cannot be routed: refused before the caller is known.
    cases.push({
      label: `path ${p.name} ${HIGH.label}`,
      url: only(HIGH.encoded),
      expect: 'text',
      field: 'path',
      beforeAuth: true,
    });
  }
  for (const q of query) {
    const field = `querystring.${q.name}`;
    cases.push({
      label: `query ${q.name} ${NUL.label}`,
      url: withQuery(bareUrl, q.name, NUL.value),
      expect: 'text',
      field,
    });
    cases.push({
      label: `query ${q.name} ${HIGH.label}`,
      url: withRawQuery(bareUrl, q.name, HIGH.encoded),
      expect: 'text',
      field,
    });
  }
  for (const text of BAD_KEYS)
    cases.push({
      label: `query name ${text.label}`,
      url: withRawQuery(bareUrl, text.encoded, '1'),
      expect: 'text',
      // A name that is not valid UTF-8 is named as it was sent.
      field: `querystring.${text === NUL ? text.shown : text.encoded}`,
    });
  for (const h of params.filter((p) => p.in === 'header'))
    for (const text of BAD_VALUES)
      cases.push({
        label: `header ${h.name} ${text.label}`,
        url: baseUrl,
        headers: { [h.name]: text.value },
        expect: 'text',
        field: `headers.${h.name.toLowerCase()}`,
        beforeAuth: true,
      });
  const first = query[0];
  if (first)
    cases.push({
      label: 'query repeated params',
      url: `${withQuery(bareUrl, first.name, '1')}&${first.name}=2`,
      expect: 'invalid',
    });

  if (bodySchema && method !== 'GET' && method !== 'DELETE') {
    const json = (label: string, value: unknown, field?: string, expect: Case['expect'] = 'invalid') =>
      cases.push({
        label,
        url: baseUrl,
        payload: JSON.stringify(value),
        contentType: 'application/json',
        expect,
        ...(field === undefined ? {} : { field }),
      });
    cases.push({
      label: 'broken JSON',
      url: baseUrl,
      payload: '{"a": [1, 2',
      contentType: 'application/json',
      expect: 'invalid',
    });
    cases.push({
      label: 'not JSON at all',
      url: baseUrl,
      payload: 'hello',
      contentType: 'text/plain',
      expect: 'invalid',
    });
    // A body that may be left out (nullish) is not malformed when null.
    if (!admitsNull(bodySchema)) json('null body', null);
    json('array body', []);
    json('string body', 'x');
    const sample = sampleOf(bodySchema);
    if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
      const props = bodySchema.properties ?? {};
      const required = bodySchema.required ?? [];
      if (required.length) json('missing fields', {}, required.length === 1 ? required[0] : undefined);
      json('unknown field', { ...sample, __unexpected_field: true }, '__unexpected_field');
      for (const [key, schema] of Object.entries(props)) {
        json(`${key} wrong type`, { ...sample, [key]: wrongTypeFor(schema) }, key);
        json(`${key} oversized`, { ...sample, [key]: ONE_MB }, key);
      }
      for (const text of BAD_KEYS)
        json(`key ${text.label}`, { ...sample, [text.value]: 'x' }, `body.${text.shown}`, 'text');
    }
    // JSON.stringify writes a lone surrogate as its escape, which parses back to the lone surrogate.
    for (const slot of stringSlots(bodySchema)) {
      const field = ['body', ...slot.path].join('.');
      for (const text of BAD_VALUES) json(`${field} ${text.label}`, slot.put(text.value), field, 'text');
    }
  }
  return cases;
}

/** What is wrong with an answer to a malformed request, if anything. */
function problemWith(
  status: number,
  contentType: string | undefined,
  body: string,
  expected: number[],
  field: string | undefined,
): string | undefined {
  if (status >= 500) return `server error ${status}`;
  if (status < 400) return `accepted with ${status}`;
  if (!contentType?.includes('application/json')) return `not JSON (${contentType})`;
  if (/\bat .+\.(ts|js):\d+/.test(body) || body.includes('"stack"')) return 'leaks a stack trace';
  let error: { code?: unknown; message?: unknown; details?: unknown } | undefined;
  try {
    error = (JSON.parse(body) as { error?: typeof error }).error;
  } catch {
    return 'unparseable body';
  }
  if (typeof error?.code !== 'string' || typeof error?.message !== 'string' || error.message.trim() === '')
    return 'wrong error shape';
  if (!expected.includes(status)) return `answered ${status}, expected ${expected.join(' or ')}`;
  // A clear message names what is wrong: the field, in the message or its details.
  if (status === 400 && field && !`${error.message} ${JSON.stringify(error.details ?? '')}`.includes(field))
    return `the message does not name ${field}: ${error.message}`;
  return undefined;
}

/** A signed-in caller the probe sends requests as (its headers, role and duties). */
/** A member's session, or (`operator`) the operator's token, which only `operator` routes admit. */
export type ProbeCaller = { headers: Record<string, string>; operator?: boolean } & Pick<
  Caller,
  'role' | 'duties'
>;

const admits = (access: Access, c: ProbeCaller) =>
  access.kind === 'operator' ? c.operator === true : !c.operator && isRoleAllowed(access, c);

/**
 * Sends every generated case to every documented operation; returns what went wrong.
 * Without callers the requests carry no session: a route that is not public must answer 401
 * (nothing about the input is told before the caller is known). With callers each operation is
 * sent as the first one its declaration admits (so a route closed to dispatchers is still probed
 * behind its access check), and a malformed request must be refused for what it is: a made-up
 * id 404 (400 when its form is refused), a bad query or body 400 naming the field (413 too large,
 * 415 not JSON), and a NUL character or an unpaired surrogate in any path parameter, query value
 * or name, declared header, body key or string anywhere in the body 400 naming its whole path
 * (`body.items.0.name`). A path that is not valid UTF-8 cannot be routed, so it is refused (400,
 * `path`) before the caller is known. A route that admits none of the callers is reported.
 */
export async function probeRoutes(
  app: App,
  callers: readonly ProbeCaller[] = [],
): Promise<{ findings: Finding[]; sent: number }> {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const access = new Map(app.declaredRoutes.map((r) => [routeKey(r.method, r.url), r.access]));
  const findings: Finding[] = [];
  let sent = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const declared: Access = access.get(routeKey(method, path)) ?? { kind: 'public' };
      const as = callers.length ? callers.find((c) => admits(declared, c)) : undefined;
      if (callers.length && !as) {
        findings.push({ request: `${method} ${path}`, status: 0, problem: 'no probe caller is admitted' });
        continue;
      }
      const signedOut = !as && declared.kind !== 'public';
      for (const c of casesFor(method, path, op)) {
        sent++;
        const res = await app.inject({
          method: method as 'GET',
          url: c.url,
          headers: {
            ...(as?.headers ?? {}),
            ...(c.contentType ? { 'content-type': c.contentType } : {}),
            ...c.headers,
          },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
        const unknownCaller = signedOut && !c.beforeAuth;
        const expected = unknownCaller
          ? [401]
          : { missing: [404, 400], invalid: [400, 413, 415], text: [400] }[c.expect];
        const problem = problemWith(
          res.statusCode,
          res.headers['content-type'] as string | undefined,
          res.body,
          expected,
          unknownCaller ? undefined : c.field,
        );
        if (problem)
          findings.push({
            request: `${method} ${c.url.slice(0, 120)} [${c.label}]`,
            status: res.statusCode,
            problem,
          });
      }
    }
  }
  return { findings, sent };
}
