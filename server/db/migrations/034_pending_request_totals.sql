-- Issue 16: each approval queue's page counted its pending requests on every call. At a million customers the loan
-- extension queue holds about 3,000, and counting them was half of that page's PostgreSQL time. The pending requests
-- of each kind are now kept in list_totals ('requests:submitted:<kind>', migration 032's table), moved by statement
-- triggers in the same transaction as the requests they count: a submission adds, a decision or a delete takes away
-- (decision 044). A queue's page with no filter but its kinds reads its total from those rows.
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

INSERT INTO list_totals (list, total)
SELECT 'requests:submitted:' || k.code, (SELECT count(*) FROM requests r WHERE r.kind = k.code AND r.status = 'submitted')
  FROM request_kinds k;

-- What a statement changed, per kind: an insert adds its pending requests, a delete takes its pending ones away, and
-- an update adds those it leaves pending and takes away those that were (a decision moves one out; an update that
-- leaves status and kind alone moves nothing). An addition makes a kind's row if it has none (a kind registered
-- after this migration); a removal only takes from a row an addition made. Transition tables cannot go with a
-- column list, so the update trigger runs for any update of requests.
CREATE FUNCTION count_pending_requests() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'INSERT' THEN INSERT INTO list_totals (list, total) SELECT 'requests:submitted:' || kind, count(*) FROM added WHERE status = 'submitted' GROUP BY kind ON CONFLICT (list) DO UPDATE SET total = list_totals.total + EXCLUDED.total; ELSIF TG_OP = 'DELETE' THEN UPDATE list_totals t SET total = t.total - d.n FROM (SELECT 'requests:submitted:' || kind AS list, count(*) AS n FROM removed WHERE status = 'submitted' GROUP BY kind) d WHERE t.list = d.list; ELSE WITH d AS (SELECT 'requests:submitted:' || kind AS list, sum(n) AS n FROM (SELECT kind, 1 AS n FROM added WHERE status = 'submitted' UNION ALL SELECT kind, -1 FROM removed WHERE status = 'submitted') x GROUP BY kind HAVING sum(n) <> 0), more AS (INSERT INTO list_totals (list, total) SELECT list, n FROM d WHERE n > 0 ON CONFLICT (list) DO UPDATE SET total = list_totals.total + EXCLUDED.total RETURNING list) UPDATE list_totals t SET total = t.total + d.n FROM d WHERE t.list = d.list AND d.n < 0; END IF; RETURN NULL; END $$;

CREATE TRIGGER requests_pending_counted_insert AFTER INSERT ON requests
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_pending_requests();
CREATE TRIGGER requests_pending_counted_update AFTER UPDATE ON requests
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION count_pending_requests();
CREATE TRIGGER requests_pending_counted_delete AFTER DELETE ON requests
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION count_pending_requests();
CREATE TRIGGER requests_pending_counted_truncate AFTER TRUNCATE ON requests
  FOR EACH STATEMENT EXECUTE FUNCTION zero_list_totals('requests:submitted:%');
