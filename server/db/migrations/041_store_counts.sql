-- Issue 16 (decision 080): each row of the stores list showed its active agents and its handsets in stock, counted on
-- every call from agents and inventory_items for each of the page's 25 stores: more than half of that statement's
-- PostgreSQL time at a million customers (30,000 handsets in stock), and as much on the demo data. Each store's two
-- figures are now kept here, moved by statement triggers in the same transaction as the agents and handsets they
-- count. A store with no row yet (made after this migration, before its first agent or handset) has none of either.
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

CREATE TABLE store_counts (
  store_id bigint PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
  agents_active int NOT NULL DEFAULT 0,
  in_stock int NOT NULL DEFAULT 0
);

INSERT INTO store_counts (store_id, agents_active, in_stock)
SELECT s.id,
       (SELECT count(*) FROM agents g WHERE g.store_id = s.id AND g.status = 'active'),
       (SELECT count(*) FROM inventory_items i WHERE i.store_id = s.id AND i.status = 'in_stock')
  FROM stores s;

-- What a statement changed, per store: +1 for each row it leaves counted (an active agent, a handset in stock), -1 for
-- each it found counted; a store whose sum is 0 (an update that left both alone) is not written. The stores are
-- written in the order of their ids, so two statements moving the same stores wait for each other, never deadlock.
-- Transition tables cannot go with a column list, so the update triggers run for any update of their table.
CREATE FUNCTION count_store_agents() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO store_counts (store_id, agents_active) SELECT store_id, count(*) FROM added WHERE status = 'active' AND store_id IS NOT NULL GROUP BY store_id ORDER BY store_id ON CONFLICT (store_id) DO UPDATE SET agents_active = store_counts.agents_active + EXCLUDED.agents_active; ELSIF TG_OP = 'DELETE' THEN UPDATE store_counts c SET agents_active = c.agents_active - d.n FROM (SELECT store_id, count(*) AS n FROM removed WHERE status = 'active' AND store_id IS NOT NULL GROUP BY store_id) d WHERE c.store_id = d.store_id; ELSE INSERT INTO store_counts (store_id, agents_active) SELECT store_id, sum(n) FROM (SELECT store_id, 1 AS n FROM added WHERE status = 'active' AND store_id IS NOT NULL UNION ALL SELECT store_id, -1 FROM removed WHERE status = 'active' AND store_id IS NOT NULL) x GROUP BY store_id HAVING sum(n) <> 0 ORDER BY store_id ON CONFLICT (store_id) DO UPDATE SET agents_active = store_counts.agents_active + EXCLUDED.agents_active; END IF; RETURN NULL; END $$;

CREATE FUNCTION count_store_stock() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO store_counts (store_id, in_stock) SELECT store_id, count(*) FROM added WHERE status = 'in_stock' GROUP BY store_id ORDER BY store_id ON CONFLICT (store_id) DO UPDATE SET in_stock = store_counts.in_stock + EXCLUDED.in_stock; ELSIF TG_OP = 'DELETE' THEN UPDATE store_counts c SET in_stock = c.in_stock - d.n FROM (SELECT store_id, count(*) AS n FROM removed WHERE status = 'in_stock' GROUP BY store_id) d WHERE c.store_id = d.store_id; ELSE INSERT INTO store_counts (store_id, in_stock) SELECT store_id, sum(n) FROM (SELECT store_id, 1 AS n FROM added WHERE status = 'in_stock' UNION ALL SELECT store_id, -1 FROM removed WHERE status = 'in_stock') x GROUP BY store_id HAVING sum(n) <> 0 ORDER BY store_id ON CONFLICT (store_id) DO UPDATE SET in_stock = store_counts.in_stock + EXCLUDED.in_stock; END IF; RETURN NULL; END $$;

CREATE FUNCTION zero_store_counts() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_ARGV[0] = 'agents' THEN UPDATE store_counts SET agents_active = 0; ELSE UPDATE store_counts SET in_stock = 0; END IF; RETURN NULL; END $$;

CREATE TRIGGER agents_store_counts_insert AFTER INSERT ON agents
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_store_agents();
CREATE TRIGGER agents_store_counts_update AFTER UPDATE ON agents
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_store_agents();
CREATE TRIGGER agents_store_counts_delete AFTER DELETE ON agents
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_store_agents();
CREATE TRIGGER agents_store_counts_truncate AFTER TRUNCATE ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION zero_store_counts('agents');

CREATE TRIGGER inventory_items_store_counts_insert AFTER INSERT ON inventory_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_store_stock();
CREATE TRIGGER inventory_items_store_counts_update AFTER UPDATE ON inventory_items
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_store_stock();
CREATE TRIGGER inventory_items_store_counts_delete AFTER DELETE ON inventory_items
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_store_stock();
CREATE TRIGGER inventory_items_store_counts_truncate AFTER TRUNCATE ON inventory_items
  FOR EACH STATEMENT EXECUTE FUNCTION zero_store_counts('inventory');
