import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The role the application's queries run as. Not a superuser, not the owner: RLS binds it. */
export const APP_ROLE = 'rostra_app';

/**
 * Tables that carry `org_id` but are not tenant data, each with the reason:
 * - `memberships`: identity; a user's sign-in must read them across organisations.
 * - `live_events`: the outbox of live updates; every server instance reads it across
 *   organisations in `seq` order and filters each event by its `org_id` and audience before
 *   sending it to a socket (apps/server/src/live). Rows are written inside the changing
 *   organisation's own `withOrg` transaction.
 * Everything else with an `org_id` column is a tenant table.
 */
export const GLOBAL_TABLES = ['memberships', 'live_events'] as const;

/**
 * Grants the app role its privileges and puts every tenant table behind row-level security keyed
 * by the per-transaction setting `app.org_id`. It discovers tenant tables by their `org_id`
 * column, so a table added later is protected without anyone remembering to: that is what
 * "tenancy by construction" means here. Idempotent; runs after every migration.
 */
export async function applyAccessRules(db: Db): Promise<void> {
  // DO blocks take no bind parameters; both values are constants of this module.
  const globals = sql.raw(GLOBAL_TABLES.map((t) => `'${t}'`).join(','));
  const role = sql.raw(APP_ROLE);
  await db.execute(sql`
    DO $$
    DECLARE t text;
    BEGIN
      GRANT USAGE ON SCHEMA public TO ${role};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role};
      FOR t IN
        SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
        WHERE c.table_schema = 'public' AND c.column_name = 'org_id' AND tb.table_type = 'BASE TABLE'
          AND c.table_name NOT IN (${globals})
      LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        IF NOT EXISTS (
          SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t AND policyname = 'tenant_isolation'
        ) THEN
          EXECUTE format(
            'CREATE POLICY tenant_isolation ON %I USING (org_id = current_setting(''app.org_id'', true)) '
            'WITH CHECK (org_id = current_setting(''app.org_id'', true))', t);
        END IF;
      END LOOP;
    END $$`);
}
