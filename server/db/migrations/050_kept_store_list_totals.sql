-- Issue 16: the stock transfers and shop owners lists counted every row for their total when nothing narrowed them:
-- a read of the whole table on every page (1,104 transfers and 760 shop owners at a million customers, a sequential
-- scan either way), and transfers only accumulate. Their totals are now kept in list_totals (migration 032), moved by
-- statement triggers in the same transaction as the rows they count, as the requests' total is. A scoped, filtered or
-- searched list still counts what it matches.
-- The function body is one line: migrate.ts splits statements on a semicolon that ends a line.

INSERT INTO list_totals (list, total) SELECT 'stock_transfers', count(*) FROM stock_transfers;
INSERT INTO list_totals (list, total) SELECT 'shop_owners', count(*) FROM shop_owners;

-- The list's name is the trigger's argument. Rows are counted per statement: a seed inserting thousands at once moves
-- the row once.
CREATE FUNCTION count_listed_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'INSERT' THEN UPDATE list_totals SET total = total + (SELECT count(*) FROM added) WHERE list = TG_ARGV[0]; ELSE UPDATE list_totals SET total = total - (SELECT count(*) FROM removed) WHERE list = TG_ARGV[0]; END IF; RETURN NULL; END $$;

CREATE TRIGGER stock_transfers_counted_insert AFTER INSERT ON stock_transfers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_listed_rows('stock_transfers');
CREATE TRIGGER stock_transfers_counted_delete AFTER DELETE ON stock_transfers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_listed_rows('stock_transfers');
CREATE TRIGGER stock_transfers_counted_truncate AFTER TRUNCATE ON stock_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION zero_list_totals('stock_transfers');

CREATE TRIGGER shop_owners_counted_insert AFTER INSERT ON shop_owners
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_listed_rows('shop_owners');
CREATE TRIGGER shop_owners_counted_delete AFTER DELETE ON shop_owners
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_listed_rows('shop_owners');
CREATE TRIGGER shop_owners_counted_truncate AFTER TRUNCATE ON shop_owners
  FOR EACH STATEMENT EXECUTE FUNCTION zero_list_totals('shop_owners');
