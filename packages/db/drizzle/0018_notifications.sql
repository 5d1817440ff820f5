CREATE TABLE "notification_deliveries" (
	"org_id" text NOT NULL,
	"id" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"record_id" text,
	"uid" text NOT NULL,
	"channel" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"claim" text,
	"provider_id" text,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_deliveries_org_id_id_pk" PRIMARY KEY("org_id","id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"org_id" text NOT NULL,
	"uid" text NOT NULL,
	"channels" jsonb NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_preferences_org_id_uid_pk" PRIMARY KEY("org_id","uid")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"org_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"uid" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_subscriptions_org_id_endpoint_pk" PRIMARY KEY("org_id","endpoint")
);
--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_once" ON "notification_deliveries" USING btree ("org_id","event_id","uid","channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_due" ON "notification_deliveries" USING btree ("org_id","status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_deliveries_record" ON "notification_deliveries" USING btree ("org_id","record_id","created_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_uid" ON "push_subscriptions" USING btree ("org_id","uid");