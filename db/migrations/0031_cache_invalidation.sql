-- What API instances hold in memory (ADR 035): the session-and-user row every signed-in request
-- needs, and prepared provider answers. A committed change to one of them is announced on the
-- channel `kollab_cache` as `<kind>:<id>` (`user:…`, `session:…`, `provider_cache:…`), or as
-- `<kind>:*` when a statement changed many rows, so every instance drops what it holds.
-- Triggers, not calls in the code: a change made anywhere (a route, a job, a migration, psql) is
-- announced, and NOTIFY is delivered only once its transaction commits.
CREATE FUNCTION announce_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  changed text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('kollab_cache', kind || ':*');
    RETURN NULL;
  END IF;
  -- `old_rows` is the statement's transition table; the key column is called `id` or `key`.
  IF kind = 'provider_cache' THEN
    SELECT array_agg(DISTINCT o.key) INTO changed FROM old_rows o;
  ELSE
    SELECT array_agg(DISTINCT o.id) INTO changed FROM old_rows o;
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(changed) > 100 THEN
    PERFORM pg_notify('kollab_cache', kind || ':*');
  ELSE
    PERFORM pg_notify('kollab_cache', kind || ':' || id) FROM unnest(changed) AS id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_cache_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('user');
--> statement-breakpoint
CREATE TRIGGER users_cache_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('user');
--> statement-breakpoint
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('user');
--> statement-breakpoint
CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('session');
--> statement-breakpoint
CREATE TRIGGER sessions_cache_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('session');
--> statement-breakpoint
CREATE TRIGGER sessions_cache_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('session');
--> statement-breakpoint
CREATE TRIGGER provider_cache_cache_update AFTER UPDATE ON provider_cache
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('provider_cache');
--> statement-breakpoint
CREATE TRIGGER provider_cache_cache_delete AFTER DELETE ON provider_cache
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('provider_cache');
--> statement-breakpoint
CREATE TRIGGER provider_cache_cache_truncate AFTER TRUNCATE ON provider_cache
  FOR EACH STATEMENT EXECUTE FUNCTION announce_cache_change('provider_cache');
