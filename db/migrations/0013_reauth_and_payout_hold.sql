ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
-- Sessions that existed before this column proved who their user was when they were created.
UPDATE "sessions" SET "authenticated_at" = "created_at";
