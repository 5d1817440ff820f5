CREATE TABLE "used_signin_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "bound_org_id" text;--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "bound_role" text;--> statement-breakpoint
CREATE INDEX "used_signin_tokens_expires_idx" ON "used_signin_tokens" USING btree ("expires_at");