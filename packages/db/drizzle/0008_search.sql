-- Global search (scheduling spec §7): trigram GIN indexes on the search text of each kind, as
-- expressions over the tables' own columns, so a write is indexed in its own transaction and
-- there is nothing extra to keep in sync. Hand-written (drizzle-kit generate --custom): the
-- expressions must stay identical to those of packages/db/src/scheduling/search-text.ts.
CREATE INDEX IF NOT EXISTS "resources_search_trgm_idx" ON "resources" USING gin ((lower("name" || ' ' || "first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("mobile", ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_search_trgm_idx" ON "customers" USING gin ((lower("name" || ' ' || "first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone", ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "labels_search_trgm_idx" ON "labels" USING gin ((lower("name")) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timeline_records_search_trgm_idx" ON "timeline_records" USING gin ((lower("id" || ' ' || coalesce("data"->>'reference', '') || ' ' || coalesce("data"->>'name', '') || ' ' || coalesce("data"->>'customer_first_name', '') || ' ' || coalesce("data"->>'customer_last_name', '') || ' ' || coalesce("data"->>'resource_first_name', '') || ' ' || coalesce("data"->>'resource_last_name', '') || ' ' || coalesce("data"->>'all_location', ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "timeline_records_labels_gin_idx" ON "timeline_records" USING gin ("labels");
