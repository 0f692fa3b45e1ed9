-- Issue 16 (decision 090): the queue of loan extensions read, for each request of its page, the customer, the loan and
-- the loan's device by key: 75 index lookups into three tables of a million rows, 60% of PostgreSQL's time for the
-- page (547-577 us against 237 us read from one kept row each, at a million customers). Each pending extension now
-- has a kept row with what the queue shows of it, written by triggers in the writer's own transaction, as the
-- defaulters' rows are (decision 059): a request submitted or decided, a loan, its device's lock date, a customer's
-- name or number. The rows are always what extension_rows_live reads (tests/api/extension-rows.test.ts).
-- A function's body stays on one line where it ends a statement: migrate.ts splits on a semicolon that ends a line.

-- What a kept row is, read live: every pending loan extension with its customer, loan and device now.
CREATE VIEW extension_rows_live AS
SELECT r.id, r.submitted_at, r.reason, r.customer_id, r.store_id, r.maker_id, r.loan_id, l.device_id,
       (r.payload #>> '{params,days_to_extend}')::int AS days,
       c.msisdn AS customer_msisdn, c.first_name || ' ' || c.other_names AS customer_name,
       l.loan_number, l.status AS loan_status, l.loan_balance, l.days_defaulted, l.next_repayment_date, d.future_lock_date
  FROM requests r
  LEFT JOIN customers c ON c.id = r.customer_id
  LEFT JOIN loans l ON l.id = r.loan_id
  LEFT JOIN devices d ON d.id = l.device_id
 WHERE r.kind = 'loan_extension' AND r.status = 'submitted';

CREATE TABLE extension_rows AS SELECT * FROM extension_rows_live WITH NO DATA;
ALTER TABLE extension_rows ADD PRIMARY KEY (id);
-- The queue's order, and the writers' ways in: a loan, a device, a customer.
CREATE INDEX extension_rows_page_idx ON extension_rows (submitted_at, id);
CREATE INDEX extension_rows_loan_idx ON extension_rows (loan_id);
CREATE INDEX extension_rows_device_idx ON extension_rows (device_id);
CREATE INDEX extension_rows_customer_idx ON extension_rows (customer_id);
INSERT INTO extension_rows SELECT * FROM extension_rows_live;

-- The rows of these requests written again from the view: one no longer pending loses its row, a pending one gets it
-- as the view reads it now. `lock`: the requests' loans are locked first (FOR NO KEY UPDATE, as an update of the loan
-- would), so a writer of the device or the customer, or of the request, waits for one of the loan and then reads it
-- committed; no row is kept made of another writer's old values. The portal's writers of a lock date hold the loan's
-- lock already (a repayment, an extension approved): they update the loan first.
CREATE FUNCTION extension_rows_refresh(ids bigint[], lock boolean) RETURNS void LANGUAGE plpgsql AS
  $$ BEGIN IF lock THEN PERFORM 1 FROM loans l WHERE l.id IN (SELECT r.loan_id FROM requests r WHERE r.id = ANY (ids)) ORDER BY l.id FOR NO KEY UPDATE; END IF; DELETE FROM extension_rows k WHERE k.id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM requests r WHERE r.id = k.id AND r.kind = 'loan_extension' AND r.status = 'submitted'); INSERT INTO extension_rows AS k SELECT * FROM extension_rows_live v WHERE v.id = ANY (ids) ON CONFLICT (id) DO UPDATE SET (submitted_at, reason, customer_id, store_id, maker_id, loan_id, device_id, days, customer_msisdn, customer_name, loan_number, loan_status, loan_balance, days_defaulted, next_repayment_date, future_lock_date) = ROW (EXCLUDED.submitted_at, EXCLUDED.reason, EXCLUDED.customer_id, EXCLUDED.store_id, EXCLUDED.maker_id, EXCLUDED.loan_id, EXCLUDED.device_id, EXCLUDED.days, EXCLUDED.customer_msisdn, EXCLUDED.customer_name, EXCLUDED.loan_number, EXCLUDED.loan_status, EXCLUDED.loan_balance, EXCLUDED.days_defaulted, EXCLUDED.next_repayment_date, EXCLUDED.future_lock_date) WHERE k IS DISTINCT FROM EXCLUDED; END $$;

-- A loan extension submitted, decided or changed: its row.
CREATE FUNCTION request_extension_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP = 'DELETE' THEN DELETE FROM extension_rows WHERE id = OLD.id; ELSE PERFORM extension_rows_refresh(ARRAY[NEW.id], true); END IF; RETURN NULL; END $$;
CREATE TRIGGER requests_extension_rows AFTER INSERT OR UPDATE ON requests
  FOR EACH ROW WHEN (NEW.kind = 'loan_extension') EXECUTE FUNCTION request_extension_rows();
CREATE TRIGGER requests_extension_rows_delete AFTER DELETE ON requests
  FOR EACH ROW WHEN (OLD.kind = 'loan_extension') EXECUTE FUNCTION request_extension_rows();

-- Loans: once per statement, the rows of the pending extensions of its loans (an ageing page of 5,000 loans, a
-- repayment's one), found through the kept rows' loan index. A new loan has no request yet.
CREATE FUNCTION loans_extension_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE ids bigint[]; BEGIN SELECT array_agg(k.id) INTO ids FROM extension_rows k WHERE k.loan_id = ANY (ARRAY(SELECT n.id FROM new_rows n)); IF ids IS NOT NULL THEN PERFORM extension_rows_refresh(ids, false); END IF; RETURN NULL; END $$;
CREATE TRIGGER loans_extension_rows AFTER UPDATE ON loans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loans_extension_rows();

-- A device's lock date: the rows of its loan's pending extensions.
CREATE FUNCTION device_extension_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE ids bigint[]; BEGIN SELECT array_agg(k.id) INTO ids FROM extension_rows k WHERE k.device_id = NEW.id; IF ids IS NOT NULL THEN PERFORM extension_rows_refresh(ids, true); END IF; RETURN NULL; END $$;
CREATE TRIGGER devices_extension_rows AFTER UPDATE OF future_lock_date ON devices
  FOR EACH ROW WHEN (OLD.future_lock_date IS DISTINCT FROM NEW.future_lock_date) EXECUTE FUNCTION device_extension_rows();

-- A customer's phone number or name: the rows of their pending extensions.
CREATE FUNCTION customer_extension_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE ids bigint[]; BEGIN SELECT array_agg(k.id) INTO ids FROM extension_rows k WHERE k.customer_id = NEW.id; IF ids IS NOT NULL THEN PERFORM extension_rows_refresh(ids, true); END IF; RETURN NULL; END $$;
CREATE TRIGGER customers_extension_rows AFTER UPDATE OF msisdn, first_name, other_names ON customers
  FOR EACH ROW WHEN (OLD.msisdn IS DISTINCT FROM NEW.msisdn OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.other_names IS DISTINCT FROM NEW.other_names)
  EXECUTE FUNCTION customer_extension_rows();
