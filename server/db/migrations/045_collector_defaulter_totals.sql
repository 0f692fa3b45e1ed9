-- Issue 16 (decision 085): a debt collector's own defaulters list counted their kept rows (migration 043's index) on
-- every call, about 1,945 index entries at a million customers: most of its PostgreSQL time, and the list answered
-- 0.19x health. Each collector's count is now kept in list_totals ('defaulters:collector:<admin id>', migration
-- 032's table), moved by statement triggers on the kept rows in the same transaction that writes them: a loan into
-- default with a case of theirs adds one, out of default or to another collector takes one away. The list with no
-- filter reads its total from that row; a filtered one still counts what it matches.
-- A function's body stays on one line where it ends a statement: migrate.ts splits on a semicolon that ends a line.

INSERT INTO list_totals (list, total)
SELECT 'defaulters:collector:' || collector_id, count(*) FROM defaulter_rows WHERE collector_id IS NOT NULL GROUP BY collector_id;

-- What a statement changed, per collector: the rows it added count one each, the rows it removed take one away (an
-- update removes the old row and adds the new: a case that changes hands moves one from one collector to the other,
-- and an update that leaves the collector alone moves nothing). The rows are taken in the lists' order, whoever
-- writes them, so two writers never wait for each other's rows the other way round: the existing ones locked first,
-- then the additions made (a collector's first defaulter makes their row), then the removals taken.
CREATE FUNCTION count_collector_defaulters() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE lists text[]; moves bigint[]; BEGIN IF TG_OP = 'INSERT' THEN SELECT array_agg(d.list ORDER BY d.list), array_agg(d.n ORDER BY d.list) INTO lists, moves FROM (SELECT 'defaulters:collector:' || a.collector_id AS list, count(*) AS n FROM added a WHERE a.collector_id IS NOT NULL GROUP BY a.collector_id) d; ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(d.list ORDER BY d.list), array_agg(d.n ORDER BY d.list) INTO lists, moves FROM (SELECT 'defaulters:collector:' || r.collector_id AS list, -count(*) AS n FROM removed r WHERE r.collector_id IS NOT NULL GROUP BY r.collector_id) d; ELSE SELECT array_agg(d.list ORDER BY d.list), array_agg(d.n ORDER BY d.list) INTO lists, moves FROM (SELECT 'defaulters:collector:' || x.collector_id AS list, sum(x.n) AS n FROM (SELECT a.collector_id, 1 AS n FROM added a WHERE a.collector_id IS NOT NULL UNION ALL SELECT r.collector_id, -1 FROM removed r WHERE r.collector_id IS NOT NULL) x GROUP BY x.collector_id HAVING sum(x.n) <> 0) d; END IF; IF lists IS NULL THEN RETURN NULL; END IF; PERFORM 1 FROM list_totals t WHERE t.list = ANY (lists) ORDER BY t.list FOR UPDATE; INSERT INTO list_totals (list, total) SELECT u.list, u.n FROM unnest(lists, moves) AS u (list, n) WHERE u.n > 0 ORDER BY u.list ON CONFLICT (list) DO UPDATE SET total = list_totals.total + EXCLUDED.total; UPDATE list_totals t SET total = t.total + u.n FROM unnest(lists, moves) AS u (list, n) WHERE t.list = u.list AND u.n < 0; RETURN NULL; END $$;

CREATE TRIGGER defaulter_rows_collector_counted_insert AFTER INSERT ON defaulter_rows
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_collector_defaulters();
CREATE TRIGGER defaulter_rows_collector_counted_update AFTER UPDATE ON defaulter_rows
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_collector_defaulters();
CREATE TRIGGER defaulter_rows_collector_counted_delete AFTER DELETE ON defaulter_rows
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_collector_defaulters();
CREATE TRIGGER defaulter_rows_collector_counted_truncate AFTER TRUNCATE ON defaulter_rows
  FOR EACH STATEMENT EXECUTE FUNCTION zero_list_totals('defaulters:collector:%');
