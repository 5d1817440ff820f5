-- Global search, cheaper per row (issue 8). Hand-written (drizzle-kit generate --custom).
--
-- Until now each search condition (a LIKE per word, pg_trgm's <%, word_similarity for the rank,
-- the phrase LIKE) recomputed the search text from the row — for a booking seven `data->>` look-ups
-- in the jsonb and eight concatenations — so a query with a few hundred matching bookings spent
-- most of its time rebuilding the same string five times a row. The text is now a stored
-- generated column, computed once per write (in the same statement, so always current), and the
-- trigram indexes are on the column. The expressions are those of migration 0008 unchanged.
-- The columns are not in the Drizzle schema on purpose: only search reads them
-- (packages/db/src/scheduling/search-text.ts), and every other read stays as narrow as before.
ALTER TABLE "timeline_records" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("id" || ' ' || coalesce("data"->>'reference', '') || ' ' || coalesce("data"->>'name', '') || ' ' || coalesce("data"->>'customer_first_name', '') || ' ' || coalesce("data"->>'customer_last_name', '') || ' ' || coalesce("data"->>'resource_first_name', '') || ' ' || coalesce("data"->>'resource_last_name', '') || ' ' || coalesce("data"->>'all_location', ''))) STORED;
--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || "first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("mobile", ''))) STORED;
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN IF NOT EXISTS "search_text" text GENERATED ALWAYS AS (lower("name" || ' ' || "first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone", ''))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "timeline_records_search_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "resources_search_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "customers_search_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timeline_records_search_text_idx" ON "timeline_records" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_search_text_idx" ON "resources" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_text_idx" ON "customers" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- No pending list on the indexes search reads (fastupdate off): with it, new entries wait in an
-- unsorted list that every search must read through until a vacuum merges them — measured after a
-- bulk load of 20,000 bookings, that doubled a search's time. A write now updates the index at once
-- (a booking's text is about a hundred trigrams).
ALTER INDEX "timeline_records_labels_gin_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "resources_labels_gin_idx" SET (fastupdate = off);
--> statement-breakpoint
-- The one-organisation views of 0011 carry the new column, the timeline view `inactive` for the
-- job-board kind of search and the customers view `data` (a promoted dispatcher's customer labels
-- live there), added last, as CREATE OR REPLACE needs.
CREATE OR REPLACE VIEW "search_timeline_records" AS
  SELECT "org_id", "id", "key", "status", "type", "customer_id", "resource_id", "utc_begin_plus_tz",
    "utc_end_plus_tz", "labels", "readers", "res_ids", "data", "search_text", "inactive"
  FROM "timeline_records" WHERE "org_id" = current_setting('app.org_id', true);
--> statement-breakpoint
CREATE OR REPLACE VIEW "search_resources" AS
  SELECT "org_id", "id", "name", "first_name", "last_name", "email", "mobile", "labels", "uid",
    "promoted_dispatcher", "search_text"
  FROM "resources" WHERE "org_id" = current_setting('app.org_id', true);
--> statement-breakpoint
CREATE OR REPLACE VIEW "search_customers" AS
  SELECT "org_id", "id", "name", "first_name", "last_name", "email", "phone", "uid", "search_text", "data"
  FROM "customers" WHERE "org_id" = current_setting('app.org_id', true);
--> statement-breakpoint
-- pg_trgm declares its functions at the default cost (1, as cheap as `=`), so once the text is a
-- plain column the planner would rather test `<%` on every row of an organisation than walk the
-- trigram index; measured, `<%` on a booking's text costs ~4 µs, about a hundred times `=`.
-- Only the extension's owner may say so: elsewhere search still works, with the slower plans.
DO $$
BEGIN
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm function costs left as they were (not the extension''s owner)';
END $$;
