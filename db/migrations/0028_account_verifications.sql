CREATE TYPE "public"."verified_platform" AS ENUM('instagram', 'tiktok');--> statement-breakpoint
CREATE TABLE "account_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"creator_id" text NOT NULL,
	"platform" "verified_platform" NOT NULL,
	"handle" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text,
	"code_created_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"followers" integer,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_verifications" ADD CONSTRAINT "account_verifications_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_verifications_creator_platform_key" ON "account_verifications" USING btree ("creator_id","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "account_verifications_verified_handle_key" ON "account_verifications" USING btree ("platform","handle") WHERE "account_verifications"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "account_verifications_unverified_idx" ON "account_verifications" USING btree ("linked_at") WHERE "account_verifications"."verified_at" is null and "account_verifications"."reminder_sent_at" is null;