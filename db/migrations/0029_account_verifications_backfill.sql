-- Custom SQL migration file, put your code below! --
-- Handles linked before verification existed count as linked now: their reminder comes N days after this migration.
INSERT INTO "account_verifications" ("id", "creator_id", "platform", "handle")
SELECT md5(random()::text || p."user_id" || 'instagram'), p."user_id", 'instagram', p."instagram_handle"
  FROM "creator_profiles" p WHERE p."instagram_handle" IS NOT NULL AND p."instagram_handle" <> '';
--> statement-breakpoint
INSERT INTO "account_verifications" ("id", "creator_id", "platform", "handle")
SELECT md5(random()::text || p."user_id" || 'tiktok'), p."user_id", 'tiktok', p."tiktok_handle"
  FROM "creator_profiles" p WHERE p."tiktok_handle" IS NOT NULL AND p."tiktok_handle" <> '';
