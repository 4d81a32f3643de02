-- A creator's claims and a brand's campaigns, newest first, walked in index order (issue 21; plans
-- before and after in the hygiene report): with only (creator_id) / (brand_id), PostgreSQL walked
-- everyone's rows by created_at until it found a heavy creator's 20 (68 ms at 2M claims) or sorted a
-- big brand's whole set (14 ms at page 100). Each new index starts with the old one's column, so
-- it serves every equality lookup the old one did (homes, cascades); the old ones go. Created first,
-- dropped after, in the migration's one transaction.
CREATE INDEX "campaigns_brand_created_at_id_idx" ON "campaigns" USING btree ("brand_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "claims_creator_created_at_id_idx" ON "claims" USING btree ("creator_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
DROP INDEX "campaigns_brand_id_idx";--> statement-breakpoint
DROP INDEX "claims_creator_idx";
