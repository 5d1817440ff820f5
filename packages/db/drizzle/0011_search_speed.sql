-- Global search, fast (issue 8: p95 ≤ 30 ms over 20,000 bookings). Hand-written
-- (drizzle-kit generate --custom).
--
-- Row-level security makes every tenant table a security barrier: PostgreSQL then refuses to use
-- a non-LEAKPROOF operator (LIKE, pg_trgm's <%) as an index condition, so migration 0008's
-- trigram indexes were never used by the application role and each search read the whole table.
-- These views read one organisation only — the one of the transaction's `app.org_id`, the same
-- setting the RLS policy reads — and are owned by the migrating role: where that role bypasses
-- RLS (a superuser: PGlite, the usual PostgreSQL set-up) the view's own WHERE is the tenant wall
-- and the planner may use the trigram indexes; where it does not, RLS still applies through the
-- view (correct, only slower). They are plain views, not security_barrier ones, on purpose; the
-- application sends no user-written SQL, and search (packages/db/src/scheduling/search.ts) reads
-- only ids and scores through them, then the records themselves under RLS.
CREATE OR REPLACE VIEW "search_timeline_records" AS
  SELECT "org_id", "id", "key", "status", "type", "customer_id", "resource_id", "utc_begin_plus_tz",
    "utc_end_plus_tz", "labels", "readers", "res_ids", "data"
  FROM "timeline_records" WHERE "org_id" = current_setting('app.org_id', true);
--> statement-breakpoint
CREATE OR REPLACE VIEW "search_resources" AS
  SELECT "org_id", "id", "name", "first_name", "last_name", "email", "mobile", "labels", "uid",
    "promoted_dispatcher"
  FROM "resources" WHERE "org_id" = current_setting('app.org_id', true);
--> statement-breakpoint
CREATE OR REPLACE VIEW "search_customers" AS
  SELECT "org_id", "id", "name", "first_name", "last_name", "email", "phone", "uid"
  FROM "customers" WHERE "org_id" = current_setting('app.org_id', true);
--> statement-breakpoint
CREATE OR REPLACE VIEW "search_labels" AS
  SELECT "org_id", "id", "name", "type"
  FROM "labels" WHERE "org_id" = current_setting('app.org_id', true);
--> statement-breakpoint
-- Found by label: resources carrying a matched label (the bookings' labels index is 0008's).
CREATE INDEX IF NOT EXISTS "resources_labels_gin_idx" ON "resources" USING gin ("labels");
--> statement-breakpoint
DO $$
BEGIN
  GRANT SELECT ON "search_timeline_records", "search_resources", "search_customers", "search_labels" TO rostra_app;
END $$;
