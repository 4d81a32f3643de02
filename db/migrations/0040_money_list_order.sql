-- Provider usage rows are (user, day): a keyset page needs one unique tiebreaker, so each row gets
-- its own id (given by the database: the usage upsert does not change). The (day, id) index serves
-- a day's sums as the (day) one did, and the admin table by day in either direction.
DROP INDEX "provider_usage_day_idx";--> statement-breakpoint
ALTER TABLE "provider_usage" ADD COLUMN "id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "provider_usage_id_key" ON "provider_usage" USING btree ("id");--> statement-breakpoint
CREATE INDEX "provider_usage_day_id_idx" ON "provider_usage" USING btree ("day","id");--> statement-breakpoint
-- The money tables and provider usage page by cursor (ADR 036, "The money tables"): each order the
-- admin grid offers is one `(column, id)` index, walked forward ascending and backward descending
-- (equal values by id in the list's direction, `ListSort.tiesInOrder`), so page 1 and page 1,000
-- by cursor are both index walks of one page. The columns the grid's filters read ride along
-- (INCLUDE), so a filtered page is an index-only walk too (no row is read to test its status).
CREATE INDEX "payments_created_at_id_idx" ON "payments" USING btree ("created_at", "id") INCLUDE ("status", "method");--> statement-breakpoint
CREATE INDEX "payments_amount_ore_id_idx" ON "payments" USING btree ("amount_ore", "id") INCLUDE ("status", "method");--> statement-breakpoint
CREATE INDEX "withdrawals_created_at_id_idx" ON "withdrawals" USING btree ("created_at", "id") INCLUDE ("status");--> statement-breakpoint
CREATE INDEX "withdrawals_amount_ore_id_idx" ON "withdrawals" USING btree ("amount_ore", "id") INCLUDE ("status");--> statement-breakpoint
CREATE INDEX "payouts_created_at_id_idx" ON "payouts" USING btree ("created_at", "id") INCLUDE ("rail", "status", "batch_id");--> statement-breakpoint
CREATE INDEX "payout_batches_created_at_id_idx" ON "payout_batches" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX "campaign_funding_funded_at_campaign_id_idx" ON "campaign_funding" USING btree ("funded_at", "campaign_id") INCLUDE ("closed_at");--> statement-breakpoint
-- Invoices: the state filter reads the kind, the due day and whether it is paid.
CREATE INDEX "billing_documents_issued_on_id_idx" ON "billing_documents" USING btree ("issued_on", "id") INCLUDE ("kind", "paid_at", "due_on");--> statement-breakpoint
CREATE INDEX "billing_documents_total_ore_id_idx" ON "billing_documents" USING btree ("total_ore", "id") INCLUDE ("kind", "paid_at", "due_on");--> statement-breakpoint
CREATE INDEX "billing_documents_number_id_idx" ON "billing_documents" USING btree ("number", "id") INCLUDE ("kind", "paid_at", "due_on");--> statement-breakpoint
-- Receipts and credit notes have no due day, which sorts last both ways: walked backward, the
-- ascending index would give them first, so descending has its own.
CREATE INDEX "billing_documents_due_on_id_idx" ON "billing_documents" USING btree ("due_on", "id") INCLUDE ("kind", "paid_at");--> statement-breakpoint
CREATE INDEX "billing_documents_due_on_desc_id_idx" ON "billing_documents" USING btree ("due_on" DESC NULLS LAST, "id" DESC) INCLUDE ("kind", "paid_at");--> statement-breakpoint
-- Provider usage by credits and requests; the day and the user ride along for the date and user filters.
CREATE INDEX "provider_usage_credit_hundredths_id_idx" ON "provider_usage" USING btree ("credit_hundredths", "id") INCLUDE ("day", "user_id");--> statement-breakpoint
CREATE INDEX "provider_usage_raw_requests_id_idx" ON "provider_usage" USING btree ("raw_requests", "id") INCLUDE ("day", "user_id");--> statement-breakpoint
CREATE INDEX "provider_usage_requests_id_idx" ON "provider_usage" USING btree ("requests", "id") INCLUDE ("day", "user_id");
