CREATE TABLE "recurring_booking_records" (
	"org_id" text NOT NULL,
	"series_id" text NOT NULL,
	"record_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "recurring_booking_records_org_id_series_id_record_id_pk" PRIMARY KEY("org_id","series_id","record_id")
);
--> statement-breakpoint
CREATE TABLE "recurring_bookings" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"frequency" text NOT NULL,
	"until" bigint,
	"count" integer,
	"utc_begin_plus_tz" bigint NOT NULL,
	"utc_end_plus_tz" bigint NOT NULL,
	"created_by" text,
	"ended_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_bookings_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
ALTER TABLE "recurring_booking_records" ADD CONSTRAINT "recurring_booking_records_org_id_series_id_recurring_bookings_org_id_id_fk" FOREIGN KEY ("org_id","series_id") REFERENCES "public"."recurring_bookings"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_booking_records" ADD CONSTRAINT "recurring_booking_records_org_id_record_id_timeline_records_org_id_id_fk" FOREIGN KEY ("org_id","record_id") REFERENCES "public"."timeline_records"("org_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_bookings" ADD CONSTRAINT "recurring_bookings_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_booking_records_record_idx" ON "recurring_booking_records" USING btree ("org_id","record_id");--> statement-breakpoint
CREATE INDEX "recurring_bookings_begin_idx" ON "recurring_bookings" USING btree ("org_id","utc_begin_plus_tz");