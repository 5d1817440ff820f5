CREATE TABLE "package_requests" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"type_id" text NOT NULL,
	"type_name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"customer_id" text,
	"sender_name" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	CONSTRAINT "package_requests_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_requests_created_idx" ON "package_requests" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "package_requests_sender_idx" ON "package_requests" USING btree ("org_id","created_by","created_at");