-- Sessions get a public id for the account's session list (never part of the cookie), the time they
-- were last seen, and the device and network range of that request (ADR 021). Sessions that exist
-- now count as seen at this migration: each gets one idle period from the deploy, and the absolute
-- limit (30 days from sign-in) applies from its real creation time.
ALTER TABLE "sessions" ADD COLUMN "public_id" text;--> statement-breakpoint
UPDATE "sessions" SET "public_id" = replace(gen_random_uuid()::text, '-', '');--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "public_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_prefix" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_public_id_key" UNIQUE("public_id");--> statement-breakpoint
UPDATE "sessions" SET "expires_at" = least("expires_at", now() + interval '7 days', "created_at" + interval '30 days');--> statement-breakpoint
-- Newsletter and public deletion confirmation links get an expiry. Every token column already holds
-- a SHA-256 hash (since 0001), so nothing is rehashed. Links mailed before this migration expire
-- as new ones do, counted from when they were issued (the row's updated_at): 7 days for a
-- subscription, 24 hours for a deletion request; older ones stop working now.
ALTER TABLE "deletion_requests" ADD COLUMN "confirm_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "confirm_token_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "subscribers" SET "confirm_token_expires_at" = "updated_at" + interval '7 days' WHERE "confirm_token_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "deletion_requests" SET "confirm_token_expires_at" = "updated_at" + interval '24 hours' WHERE "confirm_token_hash" IS NOT NULL;
