CREATE TYPE "public"."deletion_hold_reason" AS ENUM('withdrawals_pending', 'balance_held');--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "held_reason" "deletion_hold_reason";--> statement-breakpoint
ALTER TABLE "deletion_requests" ADD COLUMN "bookkeeping_kept_until" date;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "deletion_request_id" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_deletion_request_id_deletion_requests_id_fk" FOREIGN KEY ("deletion_request_id") REFERENCES "public"."deletion_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_deletion_request_method_key" ON "withdrawals" USING btree ("deletion_request_id","payment_method_id") WHERE "withdrawals"."deletion_request_id" is not null;