-- Erasure (ADR 022): a submitted post's address leads to the creator's social account, so erasing
-- the creator sets it to null on the submission and its tracked post; the rows, with their
-- numbers, stay for the claim's payout and the campaign's results.
ALTER TABLE "submissions" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_posts" ALTER COLUMN "url" DROP NOT NULL;