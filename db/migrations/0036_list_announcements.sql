-- What the creator's campaign list is made of is announced too (ADR 035, "Campaign list answers"),
-- on the same channel as 0031, so an instance can answer a page from memory until one of these
-- changes: a campaign row (`campaign:<id>`, the slot counter included), the list's version (which
-- moves when a campaign is added, removed or changes a column the list filters or orders by,
-- `campaign_list:1`), a brand's profile (`brand_profile:<user id>`; its user row is `user:<id>`
-- already) and a creator's claims (`claims:<creator id>`). Inserts count for profiles and claims:
-- a new profile renames the brand on its campaigns, a new claim shows on the creator's page.
-- More than 100 keys in one statement announce `<kind>:*`.
CREATE FUNCTION announce_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  key_column text := TG_ARGV[1];
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('kollab_cache', kind || ':*');
    RETURN NULL;
  END IF;
  -- Every trigger below names its transition table `changed_rows` (the old rows, or the new ones of
  -- an insert); the key column is the function's second argument.
  EXECUTE format('SELECT array_agg(DISTINCT %I::text) FROM changed_rows', key_column) INTO changed;
  IF changed IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(changed) > 100 THEN
    PERFORM pg_notify('kollab_cache', kind || ':*');
  ELSE
    PERFORM pg_notify('kollab_cache', kind || ':' || key) FROM unnest(changed) AS key;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_announce_update AFTER UPDATE ON campaigns
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('campaign', 'id');
--> statement-breakpoint
CREATE TRIGGER campaigns_announce_delete AFTER DELETE ON campaigns
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('campaign', 'id');
--> statement-breakpoint
CREATE TRIGGER campaigns_announce_truncate AFTER TRUNCATE ON campaigns
  FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('campaign', 'id');
--> statement-breakpoint
CREATE TRIGGER campaign_list_version_announce AFTER UPDATE ON campaign_list_version
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('campaign_list', 'id');
--> statement-breakpoint
CREATE TRIGGER brand_profiles_announce_insert AFTER INSERT ON brand_profiles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('brand_profile', 'user_id');
--> statement-breakpoint
CREATE TRIGGER brand_profiles_announce_update AFTER UPDATE ON brand_profiles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('brand_profile', 'user_id');
--> statement-breakpoint
CREATE TRIGGER brand_profiles_announce_delete AFTER DELETE ON brand_profiles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('brand_profile', 'user_id');
--> statement-breakpoint
CREATE TRIGGER brand_profiles_announce_truncate AFTER TRUNCATE ON brand_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('brand_profile', 'user_id');
--> statement-breakpoint
CREATE TRIGGER claims_announce_insert AFTER INSERT ON claims
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('claims', 'creator_id');
--> statement-breakpoint
CREATE TRIGGER claims_announce_update AFTER UPDATE ON claims
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('claims', 'creator_id');
--> statement-breakpoint
CREATE TRIGGER claims_announce_delete AFTER DELETE ON claims
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('claims', 'creator_id');
--> statement-breakpoint
CREATE TRIGGER claims_announce_truncate AFTER TRUNCATE ON claims
  FOR EACH STATEMENT EXECUTE FUNCTION announce_row_change('claims', 'creator_id');
