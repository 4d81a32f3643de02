CREATE TABLE "campaign_list_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_list_version_single_row" CHECK ("campaign_list_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "campaign_list_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Once per statement, not per row, and only for the columns the list's visibility, filters and
-- orders read (so a version also fixes which campaigns fill each page): the slot counter that every
-- claim approval moves does not touch it.
CREATE FUNCTION bump_campaign_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_list_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_list_version_insert_delete AFTER INSERT OR DELETE OR TRUNCATE ON campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION bump_campaign_list_version();
--> statement-breakpoint
CREATE TRIGGER campaigns_list_version_update
  AFTER UPDATE OF status, brand_id, categories, platforms, title, hashtags, starts_at, created_at, payout_ore ON campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION bump_campaign_list_version();
