-- The live-update outbox gets a per-organisation order (issue #21 point 4): each organisation's
-- events are numbered by their own counter, whose row lock orders that organisation's appends
-- only, instead of one advisory lock and one identity for every organisation. The existing
-- numbers stay: they already rise within each organisation, so a client resuming from one keeps
-- its place.
CREATE TABLE "live_event_seqs" (
	"org_id" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_event_seqs" ADD CONSTRAINT "live_event_seqs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "live_event_seqs" ("org_id", "last_seq") SELECT "org_id", max("seq") FROM "live_events" GROUP BY "org_id";--> statement-breakpoint
ALTER TABLE "live_events" DROP CONSTRAINT "live_events_pkey";--> statement-breakpoint
ALTER TABLE "live_events" ALTER COLUMN "seq" DROP IDENTITY;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_org_id_seq_pk" PRIMARY KEY("org_id","seq");
