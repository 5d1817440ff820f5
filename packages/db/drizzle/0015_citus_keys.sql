-- Citus readiness (docs/scale-out.md): every key of a tenant table leads with org_id, no global
-- order inside tenant data, no statement-level triggers on tables that will be distributed.
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_pkey";--> statement-breakpoint
DROP INDEX "invitations_org_idx";--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_org_id_id_pk" PRIMARY KEY("org_id","id");--> statement-breakpoint
-- A job's states are ordered within the job (1, 2, …), no longer by a global identity. Existing
-- values keep their order within each job; new states take the job's highest plus one.
DROP INDEX "job_states_record_idx";--> statement-breakpoint
ALTER TABLE "job_states" ALTER COLUMN "seq" DROP IDENTITY;--> statement-breakpoint
CREATE UNIQUE INDEX "job_states_record_seq_uq" ON "job_states" USING btree ("org_id","record_id","seq");--> statement-breakpoint
-- timeline_records.res_ids is now written by the code that writes the assignments
-- (packages/db/src/scheduling/res-ids.ts): Citus runs no statement-level triggers with transition
-- tables on distributed tables.
DROP TRIGGER "timeline_record_resources_res_ids_insert" ON "timeline_record_resources";--> statement-breakpoint
DROP TRIGGER "timeline_record_resources_res_ids_delete" ON "timeline_record_resources";--> statement-breakpoint
DROP TRIGGER "timeline_record_resources_res_ids_update" ON "timeline_record_resources";--> statement-breakpoint
DROP FUNCTION "timeline_record_res_ids_sync"();
