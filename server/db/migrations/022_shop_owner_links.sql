-- Stores, continued (issue 12, decision 026): a shop owner's link to a dealer shop through the business
-- maker-checker inbox, and the index that lets the IMEI exceptions start from the shelf.
--
-- Conventions as in 002: money is bigint TZS, instants timestamptz, calendar days date in EAT.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

INSERT INTO request_kinds (code, queue, description) VALUES
  ('shop_owner_link', 'maker_checker', 'Make a shop owner the owner of a dealer shop (gives the owner''s user the store''s data)');

-- The handsets on the shelf, by IMEI, carrying what the exceptions list shows. enrolled_on_shelf starts here and
-- looks each IMEI up in devices (devices.imei is unique), instead of reading inventory_items and devices whole to
-- hash-join them: the shelf is the stores' stock (thousands of rows), not the million handsets ever sold.
CREATE INDEX inventory_items_shelf_imei_idx ON inventory_items (imei) INCLUDE (store_id, phone_model_id, status)
  WHERE status IN ('in_stock', 'returned', 'repossessed');

-- The shop owners list: by name, and its search by name.
CREATE INDEX shop_owners_name_idx ON shop_owners (lower(full_name) text_pattern_ops, id);
