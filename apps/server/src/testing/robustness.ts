import type { App } from '../app.ts';

/*
 * Generates malformed requests for every operation in the app's OpenAPI document and reports every
 * answer that is not a clean refusal. New routes are covered the moment they are registered.
 */

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

function wrongTypeFor(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  switch (type) {
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

type Case = { label: string; url: string; payload?: string; contentType?: string };

function casesFor(method: string, path: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const fill = (value: (p: Parameter) => string) =>
    path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const p = pathParams.find((x) => x.name === name);
      return encodeURIComponent(p ? value(p) : 'x');
    });
  const baseUrl = fill(() => 'does-not-exist');
  const cases: Case[] = [];

  // Without a path parameter there is no id to get wrong: the bare URL is a valid request of a
  // route whose query parameters are all optional (a list), so it is not a malformed case.
  if (pathParams.length) {
    for (const id of BAD_IDS) cases.push({ label: `bad id ${id.slice(0, 20)}`, url: fill(() => id) });
  }
  for (const q of query) {
    cases.push({
      label: `query ${q.name} wrong type`,
      url: `${baseUrl}?${q.name}=${encodeURIComponent(String(wrongTypeFor(q.schema)))}`,
    });
    cases.push({ label: `query ${q.name} oversized`, url: `${baseUrl}?${q.name}=${'y'.repeat(10_000)}` });
  }
  if (query.length)
    cases.push({ label: 'query repeated params', url: `${baseUrl}?${query[0]?.name}=1&${query[0]?.name}=2` });

  if (bodySchema && method !== 'GET' && method !== 'DELETE') {
    const json = (label: string, value: unknown) =>
      cases.push({ label, url: baseUrl, payload: JSON.stringify(value), contentType: 'application/json' });
    cases.push({
      label: 'broken JSON',
      url: baseUrl,
      payload: '{"a": [1, 2',
      contentType: 'application/json',
    });
    cases.push({ label: 'not JSON at all', url: baseUrl, payload: 'hello', contentType: 'text/plain' });
    json('null body', null);
    json('array body', []);
    json('string body', 'x');
    const sample = sampleOf(bodySchema);
    if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
      const props = bodySchema.properties ?? {};
      if ((bodySchema.required ?? []).length) json('missing fields', {});
      json('unknown field', { ...sample, __unexpected_field: true });
      for (const [key, schema] of Object.entries(props)) {
        json(`${key} wrong type`, { ...sample, [key]: wrongTypeFor(schema) });
        json(`${key} oversized`, { ...sample, [key]: ONE_MB });
      }
    }
  }
  return cases;
}

function problemWith(status: number, contentType: string | undefined, body: string): string | undefined {
  if (status >= 500) return `server error ${status}`;
  if (status < 400) return `accepted with ${status}`;
  if (!contentType?.includes('application/json')) return `not JSON (${contentType})`;
  if (/\bat .+\.(ts|js):\d+/.test(body) || body.includes('"stack"')) return 'leaks a stack trace';
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.code !== 'string' || typeof parsed.error?.message !== 'string')
      return 'wrong error shape';
  } catch {
    return 'unparseable body';
  }
  return undefined;
}

/** Sends every generated case to every documented operation; returns what went wrong. */
export async function probeRoutes(
  app: App,
  headers: Record<string, string> = {},
): Promise<{ findings: Finding[]; sent: number }> {
  const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const findings: Finding[] = [];
  let sent = 0;
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const takesInput =
        (op.parameters ?? []).some((p) => p.in === 'path' || p.in === 'query') || Boolean(op.requestBody);
      for (const c of casesFor(method, path, op)) {
        sent++;
        const res = await app.inject({
          method: method as 'GET',
          url: c.url,
          headers: { ...headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
        });
        const problem = takesInput
          ? problemWith(res.statusCode, res.headers['content-type'] as string | undefined, res.body)
          : res.statusCode >= 500
            ? `server error ${res.statusCode}`
            : undefined;
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
