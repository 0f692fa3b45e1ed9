-- Issue 16 (decision 040): the loans list's defaulter tabs (every defaulter, and those past the due category) page
-- by start, newest first, like the active tab. Along the active loans' start index (migration 028) a page walked past
-- every new loan not yet late (about 1,200 index entries and their rows for 25 defaulters at a million loans). This
-- index holds the late loans alone, in the same order, so the page reads its own rows. The tab's condition is written
-- as a literal (days_defaulted > 0, or >= 4), which the planner proves implies this predicate.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

CREATE INDEX loans_list_defaulters_started_idx ON loans (started_at DESC NULLS LAST, id DESC)
  WHERE status = 'active' AND days_defaulted > 0;

-- Which loans a caller's collection lists hold (server/domain/collections/shared.ts, scopeOf) follows from the stores
-- they own or lead and the agent they are: each server copy keeps that per user while nothing has changed it, like
-- the session rows of decision 042. A change to what decides it, by any process, tells every copy at its commit on
-- the same channel as migration 033's notices (AUTH_CHANGES_CHANNEL in server/db/postgres.ts). A function of its own:
-- this migration runs before 033 on a new database.
CREATE FUNCTION notify_scope_change() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN PERFORM pg_notify('portal_auth_changes', ''); RETURN NULL; END $$;

CREATE TRIGGER stores_scope_changed AFTER INSERT OR UPDATE OF shop_owner_id, region_id OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
CREATE TRIGGER shop_owners_scope_changed AFTER INSERT OR UPDATE OF admin_id OR DELETE OR TRUNCATE ON shop_owners
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
CREATE TRIGGER regions_scope_changed AFTER INSERT OR UPDATE OF lead_admin_id OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
CREATE TRIGGER agents_scope_changed AFTER INSERT OR UPDATE OF admin_id OR DELETE OR TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
