CREATE TABLE "bids" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"record_id" text NOT NULL,
	"uid" text NOT NULL,
	"resource_id" text,
	"amount" numeric,
	"note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bids_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_states" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "job_states_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"record_id" text NOT NULL,
	"status" text NOT NULL,
	"previous_status" text,
	"action" text NOT NULL,
	"uid" text,
	"utc_plus_tz" bigint NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_states_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "last_seen" (
	"org_id" text NOT NULL,
	"uid" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "last_seen_org_id_uid_pk" PRIMARY KEY("org_id","uid")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"uid" text,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"record_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "seen_versions" (
	"user_id" text NOT NULL,
	"version_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seen_versions_user_id_version_id_pk" PRIMARY KEY("user_id","version_id")
);
--> statement-breakpoint
CREATE TABLE "versions" (
	"id" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"release_date" timestamp with time zone NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "error_logs" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"source" text DEFAULT 'client' NOT NULL,
	"uid" text,
	"err" text DEFAULT '' NOT NULL,
	"href" text,
	"host" text,
	"hostname" text,
	"url" text,
	"method" text,
	"status" integer,
	"duration_ms" integer,
	"info" jsonb,
	"details" jsonb,
	"internet_speed" jsonb,
	"project_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"ttl_at" timestamp with time zone NOT NULL,
	CONSTRAINT "error_logs_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	CONSTRAINT "job_runs_name_pk" PRIMARY KEY("name")
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"org_id" text NOT NULL,
	"topic" text NOT NULL,
	"kind" text NOT NULL,
	"audience" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"task_id" text,
	"name" text DEFAULT '' NOT NULL,
	"utc_begin_plus_tz" bigint,
	"utc_end_plus_tz" bigint,
	"readers" text[] DEFAULT '{}' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "dispatcher_master_labels" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"cs_lbls" text[] DEFAULT '{}' NOT NULL,
	"res_labels" text[] DEFAULT '{}' NOT NULL,
	"strict" boolean DEFAULT false NOT NULL,
	"strict_res" boolean,
	"strict_cus" boolean,
	"strict_boo" boolean,
	"published" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispatcher_master_labels_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "exception_reports" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"current_report" boolean DEFAULT true NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"configs_map_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest" text DEFAULT '' NOT NULL,
	"computed_for" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exception_reports_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "project_tasks" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text,
	"readers" text[] DEFAULT '{}' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_tasks_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "quick_views" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"cus_view" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quick_views_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "timeline_workspaces" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"uid" text NOT NULL,
	"name" text,
	"locked_ids" text[] DEFAULT '{}' NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"committed" boolean DEFAULT false NOT NULL,
	"time_boundaries" jsonb,
	"updated_sec" bigint NOT NULL,
	"ttl_at" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_workspaces_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "timeline_records" ADD COLUMN "conflict_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_org_id_record_id_timeline_records_org_id_id_fk" FOREIGN KEY ("org_id","record_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_states" ADD CONSTRAINT "job_states_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_states" ADD CONSTRAINT "job_states_org_id_record_id_timeline_records_org_id_id_fk" FOREIGN KEY ("org_id","record_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "last_seen" ADD CONSTRAINT "last_seen_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seen_versions" ADD CONSTRAINT "seen_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seen_versions" ADD CONSTRAINT "seen_versions_version_id_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "error_logs" ADD CONSTRAINT "error_logs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatcher_master_labels" ADD CONSTRAINT "dispatcher_master_labels_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exception_reports" ADD CONSTRAINT "exception_reports_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_tasks" ADD CONSTRAINT "project_tasks_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_views" ADD CONSTRAINT "quick_views_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_workspaces" ADD CONSTRAINT "timeline_workspaces_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bids_record_idx" ON "bids" USING btree ("org_id","record_id");--> statement-breakpoint
CREATE INDEX "bids_created_idx" ON "bids" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "job_states_record_idx" ON "job_states" USING btree ("org_id","record_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_uid_idx" ON "notifications" USING btree ("org_id","uid","created_at");--> statement-breakpoint
CREATE INDEX "error_logs_ttl_idx" ON "error_logs" USING btree ("ttl_at");--> statement-breakpoint
CREATE INDEX "error_logs_created_idx" ON "error_logs" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "calendar_events_begin_idx" ON "calendar_events" USING btree ("org_id","utc_begin_plus_tz");--> statement-breakpoint
CREATE INDEX "quick_views_uid_idx" ON "quick_views" USING btree ("org_id","uid");--> statement-breakpoint
CREATE INDEX "timeline_workspaces_ttl_idx" ON "timeline_workspaces" USING btree ("ttl_at");