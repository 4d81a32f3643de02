-- The queues two periodic jobs read every run (issue 21, at a marketplace's scale): the billing
-- documents not mailed yet (billing.jobs.ts, oldest first) and the escrows still open
-- (payments.jobs.ts). Both sets stay small while their tables grow, so each run walks only them.
CREATE INDEX "billing_documents_unmailed_idx" ON "billing_documents" USING btree ("created_at") WHERE "billing_documents"."mailed_at" is null;--> statement-breakpoint
CREATE INDEX "campaign_funding_open_idx" ON "campaign_funding" USING btree ("campaign_id") WHERE "campaign_funding"."closed_at" is null;