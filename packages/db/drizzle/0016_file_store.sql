CREATE TABLE "file_chunks" (
	"org_id" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_chunks_org_id_key_n_pk" PRIMARY KEY("org_id","key","n")
);
--> statement-breakpoint
CREATE TABLE "shared_file_chunks" (
	"space" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shared_file_chunks_space_key_n_pk" PRIMARY KEY("space","key","n")
);
--> statement-breakpoint
ALTER TABLE "file_chunks" ADD CONSTRAINT "file_chunks_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;