CREATE TABLE "roster_drafts" (
	"org_id" text NOT NULL,
	"record_id" text NOT NULL,
	"published" jsonb,
	"published_begin" bigint,
	"published_end" bigint,
	"drafted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "roster_drafts_org_id_record_id_pk" PRIMARY KEY("org_id","record_id")
);
--> statement-breakpoint
ALTER TABLE "roster_drafts" ADD CONSTRAINT "roster_drafts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;