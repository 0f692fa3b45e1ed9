-- Issue 12: stores, people and inventory (decision 013).
-- Plain PostgreSQL 15 / PGlite SQL, no semicolons in comments (migrate.ts splits statements on them).

-- A handset's statuses: the deposit wizard's in_stock, reserved and sold, plus in transit between stores and what
-- can happen to a handset after a sale or on the shelf. damaged stays for rows written before this migration.
ALTER TABLE inventory_items DROP CONSTRAINT inventory_items_status_check;
ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_status_check CHECK (
  status IN ('in_stock', 'reserved', 'in_transit', 'sold', 'returned', 'repossessed', 'in_repair', 'damaged', 'written_off')
);
ALTER TABLE inventory_items ADD COLUMN added_by bigint REFERENCES admins (id);
-- The inventory screen searches by the start of an IMEI and lists newest first, across stores or in one.
CREATE INDEX inventory_items_imei_prefix_idx ON inventory_items (imei text_pattern_ops);
CREATE INDEX inventory_items_received_idx ON inventory_items (received_at DESC, id DESC);
CREATE INDEX inventory_items_status_idx ON inventory_items (status, received_at DESC);
CREATE INDEX inventory_items_model_idx ON inventory_items (phone_model_id, status);

-- Store and agent filters of the lists.
CREATE INDEX stores_owner_idx ON stores (shop_owner_id);
CREATE INDEX stores_type_idx ON stores (store_type, region_id);
CREATE INDEX stores_name_idx ON stores (lower(name) text_pattern_ops);
CREATE INDEX agents_name_idx ON agents (lower(full_name) text_pattern_ops);
CREATE INDEX regions_lead_idx ON regions (lead_admin_id);

-- Region leads over time: one open term per region (regions.lead_admin_id mirrors it, for the scope checks).
CREATE TABLE region_leads (
  id bigserial PRIMARY KEY,
  region_id bigint NOT NULL REFERENCES regions (id),
  admin_id bigint NOT NULL REFERENCES admins (id),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  assigned_by bigint REFERENCES admins (id),
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE UNIQUE INDEX region_leads_one_open_key ON region_leads (region_id) WHERE ended_at IS NULL;
CREATE INDEX region_leads_region_idx ON region_leads (region_id, started_at DESC);

-- Transfers between stores: sent (the handsets are in transit, still counted at the sending store), then received
-- (they belong to the receiving store, in stock).
CREATE TABLE stock_transfers (
  id bigserial PRIMARY KEY,
  from_store_id bigint NOT NULL REFERENCES stores (id),
  to_store_id bigint NOT NULL REFERENCES stores (id),
  status text NOT NULL DEFAULT 'in_transit' CHECK (status IN ('in_transit', 'received')),
  note text,
  sent_by bigint REFERENCES admins (id),
  sent_at timestamptz NOT NULL,
  received_by bigint REFERENCES admins (id),
  received_at timestamptz,
  CHECK (from_store_id <> to_store_id),
  CHECK ((status = 'received') = (received_at IS NOT NULL))
);
CREATE INDEX stock_transfers_from_idx ON stock_transfers (from_store_id, status, sent_at DESC);
CREATE INDEX stock_transfers_to_idx ON stock_transfers (to_store_id, status, sent_at DESC);
CREATE INDEX stock_transfers_sent_idx ON stock_transfers (sent_at DESC, id DESC);

CREATE TABLE stock_transfer_items (
  transfer_id bigint NOT NULL REFERENCES stock_transfers (id),
  inventory_item_id bigint NOT NULL REFERENCES inventory_items (id),
  PRIMARY KEY (transfer_id, inventory_item_id)
);
CREATE INDEX stock_transfer_items_item_idx ON stock_transfer_items (inventory_item_id);

-- Stock counts: what was found on a store's shelf against what the records expected.
CREATE TABLE stock_counts (
  id bigserial PRIMARY KEY,
  store_id bigint NOT NULL REFERENCES stores (id),
  counted_by bigint REFERENCES admins (id),
  counted_at timestamptz NOT NULL,
  expected integer NOT NULL CHECK (expected >= 0),
  matched integer NOT NULL CHECK (matched >= 0)
);
CREATE INDEX stock_counts_store_idx ON stock_counts (store_id, counted_at DESC);
CREATE INDEX stock_counts_at_idx ON stock_counts (counted_at DESC, id DESC);

CREATE TABLE stock_count_lines (
  id bigserial PRIMARY KEY,
  stock_count_id bigint NOT NULL REFERENCES stock_counts (id),
  outcome text NOT NULL CHECK (outcome IN ('missing', 'unexpected', 'invalid')),
  imei text NOT NULL,
  inventory_item_id bigint REFERENCES inventory_items (id)
);
CREATE INDEX stock_count_lines_count_idx ON stock_count_lines (stock_count_id, outcome);
