CREATE TABLE "ical_feeds" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"scope" text NOT NULL,
	"target_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_fetched_at" bigint,
	CONSTRAINT "ical_feeds_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "org_documents" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text,
	"code" text,
	"job_id" text,
	"parent_id" text,
	"readers" text[] DEFAULT '{}' NOT NULL,
	"created_by" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_documents_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"owner" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "ical_feeds" ADD CONSTRAINT "ical_feeds_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_documents" ADD CONSTRAINT "org_documents_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ical_feeds_target_idx" ON "ical_feeds" USING btree ("org_id","scope","target_id");--> statement-breakpoint
CREATE INDEX "org_documents_kind_idx" ON "org_documents" USING btree ("org_id","kind","updated_at");--> statement-breakpoint
CREATE INDEX "org_documents_job_idx" ON "org_documents" USING btree ("org_id","job_id") WHERE "org_documents"."job_id" is not null;--> statement-breakpoint
CREATE INDEX "org_documents_code_idx" ON "org_documents" USING btree ("org_id","kind","code") WHERE "org_documents"."code" is not null;--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("org_id","created_at");