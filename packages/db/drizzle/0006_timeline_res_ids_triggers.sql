-- timeline_records.res_ids mirrors the ordered timeline_record_resources rows of each record, so
-- that reading a record's resIds needs no sub-select. Statement-level triggers with transition
-- tables recompute the copy of every record a statement touched (one UPDATE per statement, not
-- per row). They run as the writer, inside its organisation's transaction (row-level security
-- applies as to any write of that organisation).
CREATE OR REPLACE FUNCTION timeline_record_res_ids_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE timeline_records r SET res_ids = coalesce((
        SELECT array_agg(l.resource_id ORDER BY l.position, l.resource_id) FROM timeline_record_resources l
        WHERE l.org_id = r.org_id AND l.record_id = r.id), '{}')
      WHERE (r.org_id, r.id) IN (SELECT DISTINCT org_id, record_id FROM new_links);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE timeline_records r SET res_ids = coalesce((
        SELECT array_agg(l.resource_id ORDER BY l.position, l.resource_id) FROM timeline_record_resources l
        WHERE l.org_id = r.org_id AND l.record_id = r.id), '{}')
      WHERE (r.org_id, r.id) IN (SELECT DISTINCT org_id, record_id FROM old_links);
  ELSE
    UPDATE timeline_records r SET res_ids = coalesce((
        SELECT array_agg(l.resource_id ORDER BY l.position, l.resource_id) FROM timeline_record_resources l
        WHERE l.org_id = r.org_id AND l.record_id = r.id), '{}')
      WHERE (r.org_id, r.id) IN (
        SELECT org_id, record_id FROM new_links UNION SELECT org_id, record_id FROM old_links);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER timeline_record_resources_res_ids_insert AFTER INSERT ON timeline_record_resources
  REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION timeline_record_res_ids_sync();
--> statement-breakpoint
CREATE TRIGGER timeline_record_resources_res_ids_delete AFTER DELETE ON timeline_record_resources
  REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION timeline_record_res_ids_sync();
--> statement-breakpoint
CREATE TRIGGER timeline_record_resources_res_ids_update AFTER UPDATE ON timeline_record_resources
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION timeline_record_res_ids_sync();
--> statement-breakpoint
-- Existing rows: filled once. Row-level security is forced on both tables; the owner running the
-- migration lifts that for the backfill only (a superuser is not bound by it anyway).
ALTER TABLE timeline_records NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE timeline_record_resources NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE timeline_records r SET res_ids = coalesce((
    SELECT array_agg(l.resource_id ORDER BY l.position, l.resource_id) FROM timeline_record_resources l
    WHERE l.org_id = r.org_id AND l.record_id = r.id), '{}');
--> statement-breakpoint
ALTER TABLE timeline_records FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE timeline_record_resources FORCE ROW LEVEL SECURITY;
