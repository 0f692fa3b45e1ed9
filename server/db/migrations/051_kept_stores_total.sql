-- Issue 16: the stores list, opened by head office with nothing narrowing it, counted every store for its total (1,034
-- at a million customers, an index-only scan of all of them on every page). Its total is now kept in list_totals as the
-- stock transfers' and shop owners' are (migration 050, decision 095), moved by the same statement triggers.

INSERT INTO list_totals (list, total) SELECT 'stores', count(*) FROM stores;

CREATE TRIGGER stores_counted_insert AFTER INSERT ON stores
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_listed_rows('stores');
CREATE TRIGGER stores_counted_delete AFTER DELETE ON stores
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_listed_rows('stores');
CREATE TRIGGER stores_counted_truncate AFTER TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION zero_list_totals('stores');
