CREATE TABLE "job_feeds" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"text" text,
	"upload_id" text,
	"author_uid" text NOT NULL,
	"author_name" text DEFAULT '' NOT NULL,
	"author_role" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "job_feeds_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "job_feeds_client_uq" UNIQUE("org_id","job_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "job_payment_status" (
	"org_id" text NOT NULL,
	"job_id" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"updated_by" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_payment_status_org_id_job_id_pk" PRIMARY KEY("org_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_pings" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"client_id" text NOT NULL,
	"resource_id" text,
	"uid" text NOT NULL,
	"kind" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" double precision,
	"at" bigint NOT NULL,
	CONSTRAINT "job_pings_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "job_pings_client_uq" UNIQUE("org_id","job_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "job_purchases" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"client_id" text NOT NULL,
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "job_purchases_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "job_purchases_client_uq" UNIQUE("org_id","job_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "job_requests" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"kind" text DEFAULT 'cancellation' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"by_uid" text NOT NULL,
	"by_role" text NOT NULL,
	"at" bigint NOT NULL,
	"decided_by" text,
	"decided_at" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_requests_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_reviews" (
	"org_id" text NOT NULL,
	"job_id" text NOT NULL,
	"rating" smallint,
	"comment" text,
	"reviewed_by" text,
	"reviewed_at" bigint,
	"notes" text,
	"notes_by" text,
	"notes_at" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_reviews_org_id_job_id_pk" PRIMARY KEY("org_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"type" text DEFAULT 'invoice' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" integer NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"gst_rate" numeric NOT NULL,
	"gst" bigint NOT NULL,
	"total" bigint NOT NULL,
	"created_by" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "ledger_entries_number_uq" UNIQUE("org_id","type","number")
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"action" text NOT NULL,
	"at" bigint NOT NULL,
	"km" double precision,
	"client_id" text NOT NULL,
	"created_by" text NOT NULL,
	"corrected" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_org_id_id_pk" PRIMARY KEY("org_id","id"),
	CONSTRAINT "time_entries_client_uq" UNIQUE("org_id","job_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "time_entry_logs" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"job_id" text NOT NULL,
	"entry_id" text NOT NULL,
	"by_uid" text NOT NULL,
	"by_name" text DEFAULT '' NOT NULL,
	"at" bigint NOT NULL,
	"old_at" bigint,
	"new_at" bigint,
	"old_km" double precision,
	"new_km" double precision,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "time_entry_logs_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "job_feeds" ADD CONSTRAINT "job_feeds_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_feeds" ADD CONSTRAINT "job_feeds_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payment_status" ADD CONSTRAINT "job_payment_status_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payment_status" ADD CONSTRAINT "job_payment_status_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_pings" ADD CONSTRAINT "job_pings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_pings" ADD CONSTRAINT "job_pings_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_purchases" ADD CONSTRAINT "job_purchases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_purchases" ADD CONSTRAINT "job_purchases_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_requests" ADD CONSTRAINT "job_requests_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_requests" ADD CONSTRAINT "job_requests_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reviews" ADD CONSTRAINT "job_reviews_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reviews" ADD CONSTRAINT "job_reviews_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_logs" ADD CONSTRAINT "time_entry_logs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entry_logs" ADD CONSTRAINT "time_entry_logs_job_fk" FOREIGN KEY ("org_id","job_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_feeds_job_idx" ON "job_feeds" USING btree ("org_id","job_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_pings_job_idx" ON "job_pings" USING btree ("org_id","job_id","at");--> statement-breakpoint
CREATE INDEX "job_purchases_job_idx" ON "job_purchases" USING btree ("org_id","job_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_requests_job_idx" ON "job_requests" USING btree ("org_id","job_id","at");--> statement-breakpoint
CREATE INDEX "job_requests_status_idx" ON "job_requests" USING btree ("org_id","status","at");--> statement-breakpoint
CREATE INDEX "ledger_entries_list_idx" ON "ledger_entries" USING btree ("org_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_job_idx" ON "ledger_entries" USING btree ("org_id","job_id");--> statement-breakpoint
CREATE INDEX "time_entries_job_idx" ON "time_entries" USING btree ("org_id","job_id","at");--> statement-breakpoint
CREATE INDEX "time_entries_resource_idx" ON "time_entries" USING btree ("org_id","resource_id","at");--> statement-breakpoint
CREATE INDEX "time_entry_logs_job_idx" ON "time_entry_logs" USING btree ("org_id","job_id","at");