CREATE INDEX "campaigns_categories_idx" ON "campaigns" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "campaigns_platforms_idx" ON "campaigns" USING gin ("platforms");