import { termsWholeVersion } from '@rostra/core/shell/validators';
import type { Db } from '@rostra/db/client';
import { acceptTerms } from '@rostra/db/identity/terms';
import { account, jwks } from '@rostra/db/schema/auth';
import { withOrg } from '@rostra/db/tenant';
import { testDatabaseKinds } from '@rostra/db/testing';
import { symmetricDecrypt } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeclaredRoute, isRoleAllowed, type RecordRef, ROLES } from './http/access.ts';
import { addOrg, addUser, type Browser, FIXTURE_PASSWORD, signIn } from './identity/testing.ts';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './testing/app.ts';
import { sampleOf } from './testing/robustness.ts';

/*
 * The generated access test. It walks every route the app registered (with its declaration) and
 * proves, for whatever routes exist now or are added later:
 * - without a session, every route that is not public answers 401;
 * - a signed-in role or duty the declaration does not admit answers 403 (and one it admits is
 *   not refused for its role);
 * - every route that addresses a record by id declares which table the id belongs to; with a
 *   session of another organisation, such a route answers 404 for this organisation's record
 *   (403 when the role is refused first) — never the record;
 * - whatever the other organisation's users send to any route, this organisation's data is
 *   unchanged;
 * - a user of the organisation whom a route admits never gets a 5xx from it on this organisation's
 *   records (fixtures made only of what the tables' constraints require): the route survives any
 *   row the database accepts;
 * - no answer carries a secret: the auth secret, a signing key or a password hash;
 * - an operator route (global to the product) refuses every member's session, a dispatcher's too.
 * A new route needs no new test code: it is covered as soon as it is registered.
 */

const ORG_A = 'access-org-a';
const ORG_B = 'access-org-b';

type Persona = { label: string; role: (typeof ROLES)[number]; duties: string[] };
const PERSONAS: Persona[] = [
  ...ROLES.map((role) => ({ label: role, role, duties: [] })),
  { label: 'partner', role: 'resource', duties: ['partner'] },
];

type Operation = { requestBody?: { content?: Record<string, { schema?: Parameters<typeof sampleOf>[0] }> } };

describe.each(testDatabaseKinds())('access to every route on %s', (kind) => {
  let t: TestApp;
  let routes: DeclaredRoute[];
  const browsers = new Map<string, Browser>();
  const responses: { route: string; body: string }[] = [];

  const browserOf = (org: string, label: string): Browser => {
    const b = browsers.get(`${org}/${label}`);
    if (!b) throw new Error(`no session for ${label} of ${org}`);
    return b;
  };

  /** A request to a route as it is declared: path parameters filled, a body that fits its schema. */
  const send = async (route: DeclaredRoute, headers: Record<string, string>, recordId = fixtureId(route)) => {
    const body = bodyFor(t, route);
    const res = await t.app.inject({
      method: route.method as 'GET',
      url: fillParams(route.url, recordId),
      // The sample body is JSON: say so, or the route refuses its media type (415) before it can
      // answer for the record.
      headers: body.payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    });
    responses.push({ route: `${route.method} ${route.url}`, body: res.body });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Every API route except the identity library's catch-all (public; probed on its own).
    routes = t.app.declaredRoutes.filter((r) => !r.url.startsWith('/api/auth/'));
    for (const org of [ORG_A, ORG_B]) {
      await addOrg(t, org);
      for (const p of PERSONAS) {
        const id = `${org}-${p.label}`;
        await addUser(t, {
          id,
          email: `${p.label}@${org}.test`,
          password: FIXTURE_PASSWORD,
          memberships: [{ orgId: org, role: p.role, duties: p.duties }],
        });
        await acceptTerms(t.db.db, id, termsWholeVersion(t.app.identity.options.termsVersion), new Date());
        browsers.set(`${org}/${p.label}`, await signIn(t, `${p.label}@${org}.test`));
      }
    }
    for (const route of routes) await putFixture(t.db.db, route);
    // Make sure a signing key exists, so the secret scan has one to look for.
    await t.app.inject({
      method: 'GET',
      url: '/api/v1/access_token',
      headers: browserOf(ORG_A, 'dispatcher'),
    });
  });
  afterAll(() => t?.close());

  it('walks a non-empty set of routes, including id-addressed and role-restricted ones', () => {
    expect(routes.length).toBeGreaterThan(0);
    expect(routes.some((r) => r.access.kind === 'signedIn' && r.access.record)).toBe(true);
    expect(routes.some((r) => r.access.kind === 'signedIn' && (r.access.roles || r.access.duties))).toBe(
      true,
    );
  });

  it('every route with a path parameter declares the record table its id belongs to', () => {
    const undeclared = routes
      .filter((r) => r.access.kind === 'signedIn' && pathParams(r.url).length > 0)
      .filter((r) => {
        const record = r.access.kind === 'signedIn' ? r.access.record : undefined;
        return !record || !pathParams(r.url).includes(record.param ?? 'id');
      })
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'declare config.access.record on these routes').toEqual([]);
  });

  it('without a session, every route that is not public answers 401 in the error shape', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.access.kind !== 'public')) {
      const res = await send(route, {});
      if (res.statusCode !== 401 || typeof res.json().error?.message !== 'string') {
        wrong.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a role or duty the declaration does not admit answers 403; one it admits is not refused for it', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter(
      (r) => r.access.kind === 'signedIn' && (r.access.roles || r.access.duties),
    )) {
      for (const p of PERSONAS) {
        const res = await send(route, { ...browserOf(ORG_A, p.label) });
        const isRefused = res.statusCode === 403 && res.json().error?.code === 'forbidden';
        if (isRoleAllowed(route.access, { role: p.role, duties: p.duties }) === isRefused) {
          wrong.push(`${route.method} ${route.url} as ${p.label} → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("an operator route refuses every member's session (401) and answers the operator's token", async () => {
    const operatorRoutes = routes.filter((r) => r.access.kind === 'operator');
    expect(operatorRoutes.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const route of operatorRoutes) {
      for (const p of PERSONAS) {
        const res = await send(route, { ...browserOf(ORG_A, p.label) });
        if (res.statusCode !== 401)
          wrong.push(`${route.method} ${route.url} as ${p.label} → ${res.statusCode}`);
      }
      const res = await send(route, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` });
      if (res.statusCode === 401 || res.statusCode === 403)
        wrong.push(`${route.method} ${route.url} with the operator's token → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("another organisation's session gets 404 (or 403 for its role) for every id-addressed route on this organisation's record", async () => {
    const wrong: string[] = [];
    // The test before may have deleted a fixture through a route that deletes without a version
    // (e.g. an upload): put it back, so that a 404 here can only be the organisation boundary.
    for (const route of routes) await putFixture(t.db.db, route);
    for (const route of routes.filter((r) => r.access.kind === 'signedIn' && r.access.record)) {
      for (const p of PERSONAS) {
        const res = await send(route, { ...browserOf(ORG_B, p.label) });
        const expected = isRoleAllowed(route.access, { role: p.role, duties: p.duties }) ? 404 : 403;
        if (res.statusCode !== expected)
          wrong.push(`${route.method} ${route.url} as ${p.label} of B → ${res.statusCode}`);
      }
      // The owner does reach it: the 404 above is the organisation boundary, not a missing record.
      const owner = await send(route, { ...browserOf(ORG_A, 'dispatcher') });
      if (owner.statusCode === 404)
        wrong.push(`${route.method} ${route.url} is not found by its own organisation`);
    }
    expect(wrong).toEqual([]);
  });

  it("nothing another organisation's users send to any route changes this organisation's data", async () => {
    const before = await fingerprint(t.db.db, ORG_A);
    expect(Object.keys(before).length).toBeGreaterThan(0);
    // Public routes go last: some of them (sign-out, a refused token login) end the session.
    const ordered = [...routes].sort(
      (a, b) => Number(a.access.kind === 'public') - Number(b.access.kind === 'public'),
    );
    for (const p of PERSONAS) {
      const browser = await signIn(t, `${p.label}@${ORG_B}.test`);
      for (const route of ordered) await send(route, { ...browser });
    }
    expect(await fingerprint(t.db.db, ORG_A)).toEqual(before);
  });

  it("a user the route admits never gets a 5xx from it on this organisation's own records", async () => {
    const wrong: string[] = [];
    // Fresh sessions: a route of the sweep (a sign-out) may end the one it is sent with.
    for (const p of PERSONAS) {
      const browser = await signIn(t, `${p.label}@${ORG_A}.test`);
      for (const route of routes.filter((r) => r.access.kind === 'signedIn')) {
        if (!isRoleAllowed(route.access, { role: p.role, duties: p.duties })) continue;
        // An earlier request (a delete) may have removed the record: put it back, so that every
        // admitted user reaches it.
        await putFixture(t.db.db, route);
        const res = await send(route, { ...browser });
        if (res.statusCode >= 500)
          wrong.push(`${route.method} ${route.url} as ${p.label} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no answer carries the auth secret, a signing key or a password hash', async () => {
    for (const p of PERSONAS) {
      for (const url of ['/api/v1/me', '/api/v1/access_token', '/api/auth/get-session', '/api/auth/jwks']) {
        const res = await t.app.inject({ method: 'GET', url, headers: browserOf(ORG_A, p.label) });
        responses.push({ route: `GET ${url}`, body: res.body });
      }
    }
    const secrets = await secretsOf(t);
    expect(secrets.length).toBeGreaterThan(2);
    expect(responses.length).toBeGreaterThan(routes.length);
    const leaks = responses.flatMap((r) =>
      secrets.filter((s) => r.body.includes(s.value)).map((s) => `${r.route} leaks ${s.kind}`),
    );
    expect(leaks).toEqual([]);
  });
});

/** `:name` parameters of a route URL. */
function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}

/** The id of the fixture record of an id-addressed route (unique to ORG_A and to its table). */
function fixtureId(route: DeclaredRoute): string {
  const record = route.access.kind === 'signedIn' ? route.access.record : undefined;
  const where = record?.where ? `-${Object.values(record.where).join('-')}` : '';
  return `access-fixture-${record?.table ?? 'none'}${where}`;
}

/** Puts back the fixture record of an id-addressed route of ORG_A, with its route's column values. */
async function putFixture(db: Db, route: DeclaredRoute): Promise<void> {
  if (route.access.kind !== 'signedIn' || !route.access.record) return;
  await ensureRecord(db, ORG_A, route.access.record, fixtureId(route));
  await setFixtureColumns(db, ORG_A, route.access.record, fixtureId(route));
}

/** Gives the fixture record the column values its route requires (RecordRef `where`). */
async function setFixtureColumns(db: Db, orgId: string, ref: RecordRef, id: string): Promise<void> {
  if (!ref.where) return;
  await withOrg(db, orgId, async (tx) => {
    for (const [column, value] of Object.entries(ref.where ?? {}))
      await tx.execute(
        sql`update ${sql.identifier(ref.table)} set ${sql.identifier(column)} = ${value}
            where org_id = ${orgId} and ${sql.identifier(ref.idColumn ?? 'id')} = ${id}`,
      );
  });
}

function fillParams(url: string, recordId: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, () => encodeURIComponent(recordId));
}

/** A JSON body that fits the route's documented body schema, when it has one. */
function bodyFor(t: TestApp, route: DeclaredRoute): { payload?: string; headers?: Record<string, string> } {
  if (route.method === 'GET' || route.method === 'DELETE') return {};
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const schema =
    doc.paths[path]?.[route.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
  return schema ? { payload: JSON.stringify(sampleOf(schema)) } : {};
}

type Column = { name: string; type: string; nullable: boolean; hasDefault: boolean };

async function columnsOf(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  table: string,
): Promise<Column[]> {
  const res = await tx.execute(sql`
    select column_name as name, data_type as type, is_nullable = 'YES' as nullable,
           column_default is not null as "hasDefault"
    from information_schema.columns where table_schema = 'public' and table_name = ${table}
      and is_generated = 'NEVER'
    order by ordinal_position`);
  return (res as unknown as { rows: Column[] }).rows;
}

/** The check constraints of a table, as PostgreSQL prints them (`CHECK ((scope = ANY (…)))`). */
async function checksOf(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  table: string,
): Promise<string[]> {
  const res = await tx.execute(sql`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    where c.contype = 'c' and n.nspname = 'public' and t.relname = ${table}`);
  return (res as unknown as { rows: { def: string }[] }).rows.map((r) => r.def);
}

/** The first value a check constraint allows a column (`col = ANY (ARRAY['a'::text, …])`), if any. */
function allowedValue(checks: string[], column: string): string | undefined {
  for (const def of checks) {
    const list = def.match(new RegExp(`\\(${column} = ANY \\(ARRAY\\[([^\\]]*)\\]`))?.[1];
    const first = list?.match(/'((?:[^']|'')*)'/)?.[1];
    if (first !== undefined) return first.replaceAll("''", "'");
  }
  return undefined;
}

/**
 * Puts a record with this id into the organisation's table, with its route's column values
 * (RecordRef `where`): a copy of an existing row when there is one (so references to other records
 * stay valid), otherwise a row with the least the table's constraints require (its not-null columns
 * without a default, the columns a check requires to be set, a value a check allows).
 */
async function ensureRecord(db: Db, orgId: string, ref: RecordRef, id: string): Promise<void> {
  const idColumn = ref.idColumn ?? 'id';
  const where: Record<string, string> = { ...ref.where };
  await withOrg(db, orgId, async (tx) => {
    const table = sql.identifier(ref.table);
    const exists = await tx.execute(
      sql`select 1 from ${table} where org_id = ${orgId} and ${sql.identifier(idColumn)} = ${id}`,
    );
    if ((exists as unknown as { rows: unknown[] }).rows.length) return;
    const columns = await columnsOf(tx, ref.table);
    const checks = await checksOf(tx, ref.table);
    const checkedSet = (c: Column) => checks.some((def) => def.includes(`(${c.name} IS NOT NULL)`));
    const sample = (c: Column) => {
      const allowed = allowedValue(checks, c.name);
      if (allowed !== undefined) return sql`${allowed}`;
      if (/int|numeric|double|real/.test(c.type)) return sql`0`;
      if (c.type === 'boolean') return sql`false`;
      if (c.type === 'jsonb' || c.type === 'json') return sql`'{}'::jsonb`;
      if (c.type === 'ARRAY') return sql`'{}'`;
      if (c.type.startsWith('timestamp')) return sql`now()`;
      return sql`'fixture'`;
    };
    const names = sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    );
    const copied = sql.join(
      columns.map((c) => {
        if (c.name === idColumn) return sql`${id}`;
        const value = where[c.name];
        if (value !== undefined) return sql`${value}`;
        return checkedSet(c)
          ? sql`coalesce(${sql.identifier(c.name)}, ${sample(c)})`
          : sql.identifier(c.name);
      }),
      sql`, `,
    );
    const cloned = await tx.execute(
      sql`insert into ${table} (${names}) select ${copied} from ${table} where org_id = ${orgId} limit 1 returning 1`,
    );
    if ((cloned as unknown as { rows: unknown[] }).rows.length) return;
    const required = columns.filter(
      (c) =>
        c.name === 'org_id' ||
        c.name === idColumn ||
        c.name in where ||
        checkedSet(c) ||
        (!c.nullable && !c.hasDefault),
    );
    const values = required.map((c) => {
      if (c.name === 'org_id') return sql`${orgId}`;
      if (c.name === idColumn) return sql`${id}`;
      const value = where[c.name];
      return value !== undefined ? sql`${value}` : sample(c);
    });
    await tx.execute(
      sql`insert into ${table} (${sql.join(
        required.map((c) => sql.identifier(c.name)),
        sql`, `,
      )}) values (${sql.join(values, sql`, `)})`,
    );
  });
}

/** A digest of every tenant table's rows of one organisation (row count and content hash). */
async function fingerprint(db: Db, orgId: string): Promise<Record<string, string>> {
  return withOrg(db, orgId, async (tx) => {
    const tables = await tx.execute(sql`
      select c.table_name as name from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'org_id' and tb.table_type = 'BASE TABLE'
      order by 1`);
    const out: Record<string, string> = {};
    for (const { name } of (tables as unknown as { rows: { name: string }[] }).rows) {
      const t = sql.identifier(name);
      // The server's own log of its 5xx answers is written after each answer has gone (an
      // `onResponse` hook), always under the caller's own organisation: an earlier request of this
      // organisation's users can land there while the sweep runs, so it is left out.
      const own = name === 'error_logs' ? sql` and not (r.source = 'server' and r.type = 'request')` : sql``;
      const res = await tx.execute(
        sql`select count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as h
            from ${t} r where r.org_id = ${orgId}${own}`,
      );
      const row = (res as unknown as { rows: { n: number; h: string }[] }).rows[0];
      out[name] = `${row?.n}:${row?.h}`;
    }
    return out;
  });
}

/** Everything that must never appear in an answer. */
async function secretsOf(t: TestApp): Promise<{ kind: string; value: string }[]> {
  const secret = (await t.app.identity.auth.$context).secret;
  const out = [{ kind: 'the auth secret', value: secret }];
  for (const key of await t.db.db.select().from(jwks)) {
    out.push({ kind: 'an encrypted signing key', value: key.privateKey });
    const plain = await symmetricDecrypt({ key: secret, data: JSON.parse(key.privateKey) });
    const d = (JSON.parse(plain) as { d?: string }).d;
    if (d) out.push({ kind: 'a private signing key', value: d });
  }
  for (const row of await t.db.db.select({ password: account.password }).from(account)) {
    if (row.password) out.push({ kind: 'a password hash', value: row.password });
  }
  return out;
}
