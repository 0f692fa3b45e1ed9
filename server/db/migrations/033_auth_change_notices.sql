-- Every request reads its session, its user and the user's roles (server/auth/authenticate.ts); each server copy keeps
-- those rows between requests while nothing has changed them (server/auth/session-cache.ts, decision 042). A change to
-- any of the three tables, by any process (another copy, a script, psql), tells every copy at its commit: they empty
-- what they keep. The notice carries nothing; the channel's name is AUTH_CHANGES_CHANNEL in server/db/postgres.ts.
-- The body is one line: migrate.ts splits statements on a semicolon that ends a line.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN PERFORM pg_notify('portal_auth_changes', ''); RETURN NULL; END $$;

CREATE TRIGGER auth_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER admins_changed AFTER UPDATE OR DELETE OR TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
CREATE TRIGGER admin_group_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_group_roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
