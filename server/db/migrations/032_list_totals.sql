-- Issue 16: some lists counted their rows on every page. At a million customers the device lists (damaged, lost,
-- suspended IMEIs) read 6,000-13,000 index entries per call for their totals, and the request audit 15,000, more
-- PostgreSQL time than the page itself. Those totals are now kept in list_totals, one row per list, moved by
-- triggers in the same transaction as the rows they count (decision 041). A page reads its total from one or two
-- rows. A filtered or searched list still counts what it matches.
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

CREATE TABLE list_totals (
  list text PRIMARY KEY,
  total bigint NOT NULL CHECK (total >= 0)
);

-- The devices in each listed status ('devices:<status>'), and every request (the request audit with no filter).
INSERT INTO list_totals (list, total)
SELECT 'devices:' || s.status, (SELECT count(*) FROM devices d WHERE d.status = s.status)
  FROM (VALUES ('stolen'), ('lost'), ('damaged')) AS s (status);
INSERT INTO list_totals (list, total) SELECT 'requests', count(*) FROM requests;

-- A device leaves its old status and joins its new one. Statuses that are not listed have no row, so their update
-- touches nothing.
CREATE FUNCTION count_device_status() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP <> 'INSERT' THEN UPDATE list_totals SET total = total - 1 WHERE list = 'devices:' || OLD.status; END IF; IF TG_OP <> 'DELETE' THEN UPDATE list_totals SET total = total + 1 WHERE list = 'devices:' || NEW.status; END IF; RETURN NULL; END $$;

-- Requests are counted per statement: a seed inserting thousands at once moves the row once.
CREATE FUNCTION count_requests() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'INSERT' THEN UPDATE list_totals SET total = total + (SELECT count(*) FROM added) WHERE list = 'requests'; ELSE UPDATE list_totals SET total = total - (SELECT count(*) FROM removed) WHERE list = 'requests'; END IF; RETURN NULL; END $$;

CREATE FUNCTION zero_list_totals() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN UPDATE list_totals SET total = 0 WHERE list LIKE TG_ARGV[0]; RETURN NULL; END $$;

-- The WHEN conditions are checked without calling the function: a million active devices inserted by a seed, and
-- every update of a device that leaves its status alone, cost no call.
CREATE TRIGGER devices_status_counted_insert AFTER INSERT ON devices
  FOR EACH ROW WHEN (NEW.status IN ('stolen', 'lost', 'damaged')) EXECUTE FUNCTION count_device_status();
CREATE TRIGGER devices_status_counted_update AFTER UPDATE OF status ON devices
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status IN ('stolen', 'lost', 'damaged') OR NEW.status IN ('stolen', 'lost', 'damaged')))
  EXECUTE FUNCTION count_device_status();
CREATE TRIGGER devices_status_counted_delete AFTER DELETE ON devices
  FOR EACH ROW WHEN (OLD.status IN ('stolen', 'lost', 'damaged')) EXECUTE FUNCTION count_device_status();
CREATE TRIGGER devices_status_counted_truncate AFTER TRUNCATE ON devices
  FOR EACH STATEMENT EXECUTE FUNCTION zero_list_totals('devices:%');

CREATE TRIGGER requests_counted_insert AFTER INSERT ON requests
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_requests();
CREATE TRIGGER requests_counted_delete AFTER DELETE ON requests
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_requests();
CREATE TRIGGER requests_counted_truncate AFTER TRUNCATE ON requests
  FOR EACH STATEMENT EXECUTE FUNCTION zero_list_totals('requests');

-- The stores and shop-owners lists are ordered by name as the reader reads it (lower(name), then id). The indexes of
-- migrations 011 and 022 are text_pattern_ops, for a search's prefix, and cannot give that order: every page sorted
-- every store (1,034 at a million customers) or owner (760). These walk the order and stop after the page.
CREATE INDEX stores_list_order_idx ON stores (lower(name), id);
CREATE INDEX shop_owners_list_order_idx ON shop_owners (lower(full_name), id);

-- What a caller of the stores area sees (server/domain/stores/scope.ts: their shops, their region, their store) comes
-- from these links. Each server copy keeps a caller's scope while nothing has changed them (decision 041), through
-- the same notices as the sessions of migration 033: a change to any link, by any process, tells every copy at its
-- commit. Only the columns a scope reads send one: a store's new location changes no one's scope. The function is
-- this migration's own (033, which made the sessions' one, comes after it in a new database); the channel is
-- AUTH_CHANGES_CHANNEL in server/db/postgres.ts. Migration 031 (the collection lists' scopes, decision 040, on its
-- own branch) makes the same function and triggers: here they are replaced, or made, with every column either scope
-- reads, so one change sends one notice.
CREATE OR REPLACE FUNCTION notify_scope_change() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN PERFORM pg_notify('portal_auth_changes', ''); RETURN NULL; END $$;

DROP TRIGGER IF EXISTS shop_owners_scope_changed ON shop_owners;
CREATE TRIGGER shop_owners_scope_changed AFTER INSERT OR UPDATE OF admin_id OR DELETE OR TRUNCATE ON shop_owners
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
DROP TRIGGER IF EXISTS stores_scope_changed ON stores;
CREATE TRIGGER stores_scope_changed AFTER INSERT OR UPDATE OF shop_owner_id, region_id OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
DROP TRIGGER IF EXISTS regions_scope_changed ON regions;
CREATE TRIGGER regions_scope_changed AFTER INSERT OR UPDATE OF lead_admin_id OR DELETE OR TRUNCATE ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
DROP TRIGGER IF EXISTS agents_scope_changed ON agents;
CREATE TRIGGER agents_scope_changed AFTER INSERT OR UPDATE OF admin_id, store_id OR DELETE OR TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION notify_scope_change();
