-- Substring search over campaigns (GET /api/campaigns?q=) through trigram indexes.
-- The hashtags as one text, for an expression index: array_to_string itself is only STABLE (it is
-- for text[]: no setting changes how text is written).
CREATE OR REPLACE FUNCTION campaign_hashtags_text(hashtags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_string(hashtags, ' ') $$;
--> statement-breakpoint
-- pg_trgm is a contrib extension: part of a normal PostgreSQL install, absent from PGlite. Without it,
-- or without the right to create it, search answers the same, only without these indexes.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS campaigns_title_trgm_idx ON campaigns USING gin (lower(title) gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS campaigns_hashtags_trgm_idx
    ON campaigns USING gin (lower(campaign_hashtags_text(hashtags)) gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable (%): campaign search stays unindexed', SQLERRM;
END $$;
