-- The allocation cache's signatures (packages/db/src/scheduling/scenario-cache.ts) read the count,
-- the sum of versions and the latest update of an organisation's resources and of the weekly
-- shift records around a window on every candidates request. With version and updated_at in the
-- index they are index-only scans of narrow entries instead of visits to every wide row (shift
-- records carry their per-day timings): on 2,000 resources the shifts part went from about 550
-- heap pages to the index alone.
CREATE INDEX IF NOT EXISTS "shifts_signature_idx" ON "shifts" USING btree ("org_id", "week_id") INCLUDE ("version", "updated_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_signature_idx" ON "resources" USING btree ("org_id") INCLUDE ("version", "updated_at");
