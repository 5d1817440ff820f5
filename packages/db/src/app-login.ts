import type pg from 'pg';
import { APP_ROLE } from './access.ts';

/*
 * The PostgreSQL connection model. Two connection strings, two roles:
 * - the owner (`DATABASE_URL`) owns the schema; it runs the migrations, the access rules and
 *   ANALYZE, on short-lived connections of its own, and nothing else;
 * - the app (`DATABASE_APP_URL`) logs in as a role that is neither superuser nor owner and has no
 *   BYPASSRLS, so row-level security binds every query it makes. It may go through PgBouncer in
 *   transaction mode: nothing about it depends on a startup parameter or on session state.
 * The role is chosen by logging in as it, not by `options=-c role=…`: a pooler refuses or drops
 * that parameter, and a dropped one would have left the queries running as the owner. Whatever the
 * connection string says, `assertAppRoleIsBound` refuses to start on a connection RLS would not bind.
 */

/** Timeouts for the app's connections; 0 turns one off. */
export type AppTimeouts = { statementTimeoutMs: number; idleInTransactionTimeoutMs: number };

/**
 * The app's connection string when none is configured: the owner's server and database, logging in
 * as `rostra_app` without a password (enough where the server trusts local connections; elsewhere
 * configure `DATABASE_APP_URL` with a password).
 */
export function defaultAppUrl(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = '';
  return url.toString();
}

/** The user name a connection string logs in as (libpq's default, the OS user, is not guessed). */
export function loginOf(connectionString: string): { user: string; password: string | undefined } {
  const url = new URL(connectionString);
  const user = decodeURIComponent(url.username) || url.searchParams.get('user') || '';
  const password = decodeURIComponent(url.password) || url.searchParams.get('password') || undefined;
  return { user, password };
}

const quoteIdent = (s: string) => `"${s.replaceAll('"', '""')}"`;
const quoteLiteral = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * Part of the migration step, run as the owner: makes sure the app's login role exists, can log in,
 * is `APP_ROLE` or a member of it (so it has the app's grants, and RLS policies apply to it), and
 * carries the timeouts in this database. A role that is missing is created (with the password of
 * its connection string, if it has one); one that is there is changed only where it falls short.
 * It never touches the owner or a superuser: those are refused at start instead. Roles are
 * cluster-wide, so several databases (parallel starts, tests) may race here: every failure is
 * re-checked, not assumed.
 */
export async function ensureAppLogin(owner: pg.Client, appUrl: string, timeouts: AppTimeouts): Promise<void> {
  const { user, password } = loginOf(appUrl);
  if (!user) return;
  const state = async () =>
    (
      await owner.query<{
        exists: boolean;
        login: boolean;
        member: boolean;
        privileged: boolean;
      }>(
        `select r.oid is not null as exists,
                coalesce(r.rolcanlogin, false) as login,
                coalesce(pg_has_role(r.oid, $2::name, 'USAGE'), false) as member,
                coalesce(r.rolsuper or r.rolbypassrls or r.rolname = current_user, false) as privileged
           from (select 1) one left join pg_roles r on r.rolname = $1`,
        [user, APP_ROLE],
      )
    ).rows[0];
  const retry = async (statement: string, done: () => Promise<boolean>) => {
    try {
      await owner.query(statement);
    } catch (err) {
      if (!(await done())) throw err;
    }
  };
  let s = await state();
  if (!s || s.privileged) return;
  const secret = password === undefined ? '' : ` PASSWORD ${quoteLiteral(password)}`;
  if (!s.exists) {
    const inRole = user === APP_ROLE ? '' : ` IN ROLE ${quoteIdent(APP_ROLE)}`;
    await retry(
      `CREATE ROLE ${quoteIdent(user)} LOGIN${secret}${inRole}`,
      async () => (await state())?.exists === true,
    );
    s = await state();
  }
  if (s && !s.login) {
    await retry(`ALTER ROLE ${quoteIdent(user)} LOGIN${secret}`, async () => (await state())?.login === true);
  }
  if (s && !s.member) {
    await retry(
      `GRANT ${quoteIdent(APP_ROLE)} TO ${quoteIdent(user)}`,
      async () => (await state())?.member === true,
    );
  }
  await setRoleTimeouts(owner, user, timeouts);
}

/**
 * The timeouts go on the role in this database (`ALTER ROLE … IN DATABASE … SET`): every session
 * the role opens starts with them, directly or through PgBouncer, which would refuse them as
 * startup parameters. Changed only when they differ, so a start that finds them in place writes
 * nothing.
 */
async function setRoleTimeouts(owner: pg.Client, user: string, timeouts: AppTimeouts): Promise<void> {
  const wanted: [string, number][] = [
    ['statement_timeout', timeouts.statementTimeoutMs],
    ['idle_in_transaction_session_timeout', timeouts.idleInTransactionTimeoutMs],
  ];
  const current = new Set(
    (
      await owner.query<{ setting: string }>(
        `select unnest(s.setconfig) as setting from pg_db_role_setting s
           join pg_roles r on r.oid = s.setrole
           join pg_database d on d.oid = s.setdatabase
          where r.rolname = $1 and d.datname = current_database()`,
        [user],
      )
    ).rows.map((r) => r.setting),
  );
  for (const [name, ms] of wanted) {
    if (current.has(`${name}=${ms}`)) continue;
    const statement = `ALTER ROLE ${quoteIdent(user)} IN DATABASE ${quoteIdent(
      (await owner.query<{ db: string }>('select current_database() as db')).rows[0]?.db ?? '',
    )} SET ${name} = ${ms}`;
    try {
      await owner.query(statement);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // Not allowed to change roles (no CREATEROLE): the operator sets them; the start goes on.
      if (code === '42501') {
        console.warn(
          `Could not set ${name} on the app role (${(err as Error).message}); run as an admin: ${statement}`,
        );
        continue;
      }
      // Another instance set it at the same moment ("tuple concurrently updated"): theirs stands.
      if (code === 'XX000') continue;
      throw err;
    }
  }
}

/** Why a connection would not be bound by row-level security, or undefined when it is. */
export async function unboundReason(
  query: (text: string) => Promise<{ rows: unknown[] }>,
): Promise<string | undefined> {
  const row = (
    await query(
      `select current_user as name, r.rolsuper as super, r.rolbypassrls as bypass,
              exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                       where n.nspname = 'public' and c.relkind in ('r', 'p')
                         and pg_has_role(r.oid, c.relowner, 'MEMBER')) as owner,
              (select string_agg(p.rolname, ', ') from pg_roles p
                where p.oid <> r.oid and (p.rolsuper or p.rolbypassrls)
                  and pg_has_role(r.oid, p.oid, 'MEMBER')) as via
         from pg_roles r where r.rolname = current_user`,
    )
  ).rows[0] as
    | { name: string; super: boolean; bypass: boolean; owner: boolean; via: string | null }
    | undefined;
  if (!row) return 'its role could not be read';
  const who = `"${row.name}"`;
  if (row.super) return `${who}, which is a superuser`;
  if (row.bypass) return `${who}, which has BYPASSRLS`;
  if (row.via) return `${who}, a member of ${row.via} (a superuser or a role with BYPASSRLS)`;
  if (row.owner) return `${who}, which owns the tables (or is a member of their owner)`;
  return undefined;
}

/**
 * Refuses an app connection that row-level security would not bind: a superuser, a role with
 * BYPASSRLS (or a member of one), or the tables' owner (or a member of it). The message names the
 * setting to change. `setting` names where the connection came from.
 */
export async function assertAppRoleIsBound(
  query: (text: string) => Promise<{ rows: unknown[] }>,
  setting: string,
): Promise<void> {
  const reason = await unboundReason(query);
  if (reason) {
    throw new Error(
      `Refusing to start: the app's database connection (${setting}) logs in as ${reason}, so row-level security would not bind its queries and every organisation's rows would be visible. Give ${setting} a login role of its own (see docs/operations.md).`,
    );
  }
}
