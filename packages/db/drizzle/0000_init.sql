CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"duties" text[] DEFAULT '{}' NOT NULL,
	"resource_id" text,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_org_user_role" UNIQUE("org_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"active_organization_id" text,
	"active_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"phone_number" text,
	"phone_number_verified" boolean,
	"is_anonymous" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "org_settings" (
	"org_id" text NOT NULL,
	"key" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"value" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_settings_org_id_key_role_pk" PRIMARY KEY("org_id","key","role")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"logo" text,
	"metadata" text,
	"logobrand" text,
	"gst_value" numeric DEFAULT 10 NOT NULL,
	"careplan_type" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_country" jsonb DEFAULT '{"name":"AU","code":"+61"}'::jsonb NOT NULL,
	"date_format" text DEFAULT 'dd/mmm/yyyy' NOT NULL,
	"time_zone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"event_label_types" jsonb DEFAULT '["all"]'::jsonb NOT NULL,
	"doc_statuses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"geofence" jsonb,
	"overlap_buffer_minutes" integer DEFAULT 5 NOT NULL,
	"max_distance" integer DEFAULT 20000 NOT NULL,
	"search_engine" text DEFAULT 'postgres' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blacklists" (
	"org_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"res_ids" text[] DEFAULT '{}' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blacklists_org_id_customer_id_pk" PRIMARY KEY("org_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"lat" double precision,
	"lng" double precision,
	"uid" text,
	"inactive" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'label' NOT NULL,
	"unit_price" numeric,
	"inactive" boolean DEFAULT false NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "labels_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile" text,
	"phone" text,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"inactive" boolean DEFAULT false NOT NULL,
	"inactive_date" bigint,
	"promoted_dispatcher" boolean DEFAULT false NOT NULL,
	"external" boolean DEFAULT false NOT NULL,
	"max_hrs_dy" double precision,
	"max_hrs_wk" double precision,
	"max_hrs_fn" double precision,
	"lat" double precision,
	"lng" double precision,
	"uid" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_plans" (
	"org_id" text NOT NULL,
	"visit_stem_id" text NOT NULL,
	"update_type" text,
	"end_date" bigint,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_plans_org_id_visit_stem_id_pk" PRIMARY KEY("org_id","visit_stem_id")
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"resource_id" text NOT NULL,
	"week_id" text NOT NULL,
	"days" text[] DEFAULT '{}' NOT NULL,
	"beg" integer NOT NULL,
	"end" integer NOT NULL,
	"timings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "timeline_record_resources" (
	"org_id" text NOT NULL,
	"record_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "timeline_record_resources_org_id_record_id_resource_id_pk" PRIMARY KEY("org_id","record_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "timeline_records" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"key" text DEFAULT 'booking' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"type" text,
	"customer_id" text,
	"resource_id" text,
	"utc_begin_plus_tz" bigint NOT NULL,
	"utc_end_plus_tz" bigint NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"inactive" boolean DEFAULT false NOT NULL,
	"is_conflict" boolean DEFAULT false NOT NULL,
	"readers" text[] DEFAULT '{}' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_records_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_settings" ADD CONSTRAINT "org_settings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blacklists" ADD CONSTRAINT "blacklists_org_id_customer_id_customers_org_id_id_fk" FOREIGN KEY ("org_id","customer_id") REFERENCES "public"."customers"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_plans" ADD CONSTRAINT "service_plans_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_org_id_resource_id_resources_org_id_id_fk" FOREIGN KEY ("org_id","resource_id") REFERENCES "public"."resources"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_record_resources" ADD CONSTRAINT "timeline_record_resources_org_id_record_id_timeline_records_org_id_id_fk" FOREIGN KEY ("org_id","record_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_record_resources" ADD CONSTRAINT "timeline_record_resources_org_id_resource_id_resources_org_id_id_fk" FOREIGN KEY ("org_id","resource_id") REFERENCES "public"."resources"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_records" ADD CONSTRAINT "timeline_records_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "shifts_week_idx" ON "shifts" USING btree ("org_id","week_id");--> statement-breakpoint
CREATE INDEX "timeline_record_resources_resource_idx" ON "timeline_record_resources" USING btree ("org_id","resource_id");--> statement-breakpoint
CREATE INDEX "timeline_records_begin_idx" ON "timeline_records" USING btree ("org_id","utc_begin_plus_tz");--> statement-breakpoint
CREATE INDEX "timeline_records_resource_idx" ON "timeline_records" USING btree ("org_id","resource_id","utc_begin_plus_tz");--> statement-breakpoint
CREATE INDEX "timeline_records_customer_idx" ON "timeline_records" USING btree ("org_id","customer_id");