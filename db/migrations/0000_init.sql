CREATE TYPE "public"."locale" AS ENUM('sv', 'en');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('creator', 'brand', 'admin');--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" "user_role" NOT NULL,
	"full_name" text NOT NULL,
	"locale" "locale" DEFAULT 'sv' NOT NULL,
	"email_verified_at" timestamp with time zone,
	"phone" text,
	"personal_number_encrypted" text,
	"avatar_key" text,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));