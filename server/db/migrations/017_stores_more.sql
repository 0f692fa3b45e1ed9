-- Issue 12, part two (decision 019): handset statuses set by hand from the inventory screen, with their history.
-- Two statuses the issue names join migration 011's: lost (not found where it should be) and returned to the
-- supplier (left the business). Every change by hand keeps its reason in inventory_status_changes, next to its
-- audit row.
ALTER TABLE inventory_items DROP CONSTRAINT inventory_items_status_check;
ALTER TABLE inventory_items ADD CONSTRAINT inventory_items_status_check CHECK (
  status IN ('in_stock', 'reserved', 'in_transit', 'sold', 'returned', 'repossessed', 'in_repair', 'damaged', 'written_off',
             'lost', 'returned_to_supplier')
);

CREATE TABLE inventory_status_changes (
  id bigserial PRIMARY KEY,
  inventory_item_id bigint NOT NULL REFERENCES inventory_items (id),
  from_status text NOT NULL,
  to_status text NOT NULL,
  reason text NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  changed_by bigint NOT NULL REFERENCES admins (id),
  changed_at timestamptz NOT NULL
);
CREATE INDEX inventory_status_changes_item_idx ON inventory_status_changes (inventory_item_id, changed_at DESC);

-- The IMEI exceptions list (decision 019) starts each of its four checks from a small set.
CREATE INDEX devices_not_enrolled_idx ON devices (inventory_item_id) WHERE enrolled_at IS NULL;
CREATE INDEX devices_stolen_idx ON devices (imei) WHERE status = 'stolen';
CREATE INDEX loans_deactivated_device_idx ON loans (device_id) WHERE status = 'deactivated';
