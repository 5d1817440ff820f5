CREATE TABLE "booking_confirmations" (
	"org_id" text NOT NULL,
	"record_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"uid" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"via" text,
	"expires_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"link_id" text NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "booking_confirmations_org_id_record_id_resource_id_pk" PRIMARY KEY("org_id","record_id","resource_id")
);
--> statement-breakpoint
ALTER TABLE "booking_confirmations" ADD CONSTRAINT "booking_confirmations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;