import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The role the application's queries run as. Not a superuser, not the owner: RLS binds it. */
export const APP_ROLE = 'rostra_app';

/**
 * Tables that carry `org_id` but are not tenant data, each with the reason:
 * - `memberships`: identity; a user's sign-in must read them across organisations.
 * - `live_events`: the outbox of live updates; every server instance reads it across
 *   organisations, each in its own `seq` order, and filters each event by its `org_id` and
 *   audience before sending it to a socket (apps/server/src/live). Rows are written inside the
 *   changing organisation's own `withOrg` transaction.
 * - `live_event_seqs`: each organisation's last live-event `seq`, read the same way.
 * Everything else with an `org_id` column is a tenant table.
 */
export const GLOBAL_TABLES = ['memberships', 'live_events', 'live_event_seqs'] as const;

/**
 * Grants the app role its privileges and puts every tenant table behind row-level security keyed
 * by the per-transaction setting `app.org_id`. It discovers tenant tables by their `org_id`
 * column, so a table added later is protected without anyone remembering to: that is what
 * "tenancy by construction" means here. Runs after every migration, i.e. at every start.
 *
 * It reads the catalogue first and changes only what is missing: `ALTER TABLE … ROW LEVEL
 * SECURITY` and `CREATE POLICY` take an exclusive lock on their table, so doing them at every start
 * made every query of the running instances wait behind the starting one (and deadlock with
 * anything else that locks tables). With the rules in place it takes no lock on any table.
 *
 * The role is created (NOLOGIN) when it is missing, before anything is granted to it: a dump
 * restored into a cluster that never had it must still start. `role` is for tests only.
 */
export async function applyAccessRules(db: Db, role: string = APP_ROLE): Promise<void> {
  // DO blocks take no bind parameters: the values are quoted here (role only comes from code).
  const globals = GLOBAL_TABLES.map((t) => `'${t}'`).join(',');
  const r = `'${role.replaceAll("'", "''")}'`;
  // What is missing, one query each; the same queries decide whether anything is to be done.
  const tablesWithoutGrants = `
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
       AND NOT (has_table_privilege(${r}, c.oid, 'SELECT') AND has_table_privilege(${r}, c.oid, 'INSERT')
            AND has_table_privilege(${r}, c.oid, 'UPDATE') AND has_table_privilege(${r}, c.oid, 'DELETE'))`;
  const sequencesWithoutGrants = `
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'S'
       AND NOT (has_sequence_privilege(${r}, c.oid, 'USAGE') AND has_sequence_privilege(${r}, c.oid, 'SELECT'))`;
  const tenantTablesUnprotected = `
    SELECT * FROM (
      SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity,
             EXISTS (SELECT 1 FROM pg_policy p
                      WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation') AS has_policy
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
         AND c.relname NOT IN (${globals})
         AND EXISTS (SELECT 1 FROM pg_attribute a
                      WHERE a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped)
    ) u WHERE NOT (u.relrowsecurity AND u.relforcerowsecurity AND u.has_policy)`;
  // At a start the rules are nearly always in place already: one plain query says so, and the
  // PL/pgSQL block below (whose language an embedded database loads and compiles first, ~0.2 s
  // of its start) runs only when something is missing. CASE: the privilege functions fail on a
  // role that does not exist.
  const { rows } = (await db.execute(
    sql.raw(`
    SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${r}) THEN false ELSE
      has_schema_privilege(${r}, 'public', 'USAGE')
      AND NOT EXISTS (${tablesWithoutGrants})
      AND NOT EXISTS (${sequencesWithoutGrants})
      AND (to_regclass('drizzle.__drizzle_migrations') IS NULL
           OR (has_schema_privilege(${r}, 'drizzle', 'USAGE')
               AND has_table_privilege(${r}, 'drizzle.__drizzle_migrations', 'SELECT')))
      AND NOT EXISTS (${tenantTablesUnprotected})
    END AS in_place`),
  )) as unknown as { rows: { in_place: boolean }[] };
  if (rows[0]?.in_place === true) return;
  await db.execute(
    sql.raw(`
    DO $$
    DECLARE
      r name := ${r};
      t record;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
        BEGIN
          EXECUTE format('CREATE ROLE %I NOLOGIN', r);
        -- Roles are cluster-wide: another database's start may have created it meanwhile.
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
      IF NOT has_schema_privilege(r, 'public', 'USAGE') THEN
        EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', r);
      END IF;
      -- What GRANT … ON ALL TABLES / SEQUENCES would cover, where something is missing.
      FOR t IN ${tablesWithoutGrants}
      LOOP
        EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON public.%I TO %I', t.relname, r);
      END LOOP;
      FOR t IN ${sequencesWithoutGrants}
      LOOP
        EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE public.%I TO %I', t.relname, r);
      END LOOP;
      -- The migration journal, read-only, so an instance can check the schema version as the app.
      IF to_regclass('drizzle.__drizzle_migrations') IS NOT NULL THEN
        IF NOT has_schema_privilege(r, 'drizzle', 'USAGE') THEN
          EXECUTE format('GRANT USAGE ON SCHEMA drizzle TO %I', r);
        END IF;
        IF NOT has_table_privilege(r, 'drizzle.__drizzle_migrations', 'SELECT') THEN
          EXECUTE format('GRANT SELECT ON drizzle.__drizzle_migrations TO %I', r);
        END IF;
      END IF;
      FOR t IN ${tenantTablesUnprotected}
      LOOP
        IF NOT t.relrowsecurity THEN
          EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t.relname);
        END IF;
        IF NOT t.relforcerowsecurity THEN
          EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', t.relname);
        END IF;
        IF NOT t.has_policy THEN
          EXECUTE format(
            'CREATE POLICY tenant_isolation ON public.%I USING (org_id = current_setting(''app.org_id'', true)) '
            'WITH CHECK (org_id = current_setting(''app.org_id'', true))', t.relname);
        END IF;
      END LOOP;
    END $$`),
  );
}
