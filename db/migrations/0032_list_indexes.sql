CREATE INDEX "campaigns_status_starts_at_id_idx" ON "campaigns" USING btree ("status","starts_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "campaigns_created_at_id_idx" ON "campaigns" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "claims_status_created_at_idx" ON "claims" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "claims_created_at_idx" ON "claims" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_role_created_at_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id");