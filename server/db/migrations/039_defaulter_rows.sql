-- Issue 16 (decision 059): a page of the defaulters lists showed each loan joined to its customer, device, case and
-- latest promise, five index lookups a row: 450 of the 568 buffers of the first page of every defaulter at a million
-- customers, and the two lists' PostgreSQL time was twice the loans list's. Each defaulter (an active loan with days
-- defaulted) now has one kept row with what the lists show of its loan, customer, case and latest promise, written by
-- triggers in the writer's own transaction. The device is still joined: it changes on every check-in and lock.
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

-- What a defaulter row is, read live: the kept rows are always this view's rows of their loans.
CREATE VIEW defaulter_rows_live AS
SELECT l.id, l.loan_number, l.customer_id, l.device_id, l.store_id, l.agent_id, l.days_defaulted, l.amount_due, l.loan_balance,
       l.last_repayment_date, l.next_repayment_date, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
       k.collector_id, k.last_call_at, k.last_outcome, k.last_reason, k.next_action_date, k.broken_promise_at,
       p.id AS promise_id, p.promised_on, p.amount AS promise_amount, p.paid_since AS promise_paid_since, p.status AS promise_status
  FROM loans l
  JOIN customers c ON c.id = l.customer_id
  LEFT JOIN collection_cases k ON k.loan_id = l.id
  LEFT JOIN LATERAL (SELECT x.id, x.promised_on, x.amount, x.paid_since, x.status FROM payment_promises x
                      WHERE x.loan_id = l.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) p ON true
 WHERE l.status = 'active' AND l.days_defaulted > 0;

CREATE TABLE defaulter_rows AS SELECT * FROM defaulter_rows_live WITH NO DATA;
ALTER TABLE defaulter_rows ADD PRIMARY KEY (id);
INSERT INTO defaulter_rows SELECT * FROM defaulter_rows_live;

-- The rows of these loans written again from the view: a loan no longer in default loses its row, one in default gets
-- it as the view reads it now. `lock`: the loans are locked first (FOR NO KEY UPDATE, as an update of the loan
-- would), so a writer of the case, the promise or the customer waits for one of the loan and then reads it committed;
-- two writers of one loan never keep a row made of the other's old values. The portal's writers lock the loan first
-- anyway (calls, promises, assignment). An update of the loans holds their locks already.
CREATE FUNCTION defaulter_rows_refresh(ids bigint[], lock boolean) RETURNS void LANGUAGE plpgsql AS
  $$ BEGIN IF lock THEN PERFORM 1 FROM loans l WHERE l.id = ANY (ids) ORDER BY l.id FOR NO KEY UPDATE; END IF; DELETE FROM defaulter_rows r WHERE r.id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM loans l WHERE l.id = r.id AND l.status = 'active' AND l.days_defaulted > 0); INSERT INTO defaulter_rows AS r SELECT * FROM defaulter_rows_live v WHERE v.id = ANY (ids) ON CONFLICT (id) DO UPDATE SET (loan_number, customer_id, device_id, store_id, agent_id, days_defaulted, amount_due, loan_balance, last_repayment_date, next_repayment_date, msisdn, customer_name, collector_id, last_call_at, last_outcome, last_reason, next_action_date, broken_promise_at, promise_id, promised_on, promise_amount, promise_paid_since, promise_status) = ROW (EXCLUDED.loan_number, EXCLUDED.customer_id, EXCLUDED.device_id, EXCLUDED.store_id, EXCLUDED.agent_id, EXCLUDED.days_defaulted, EXCLUDED.amount_due, EXCLUDED.loan_balance, EXCLUDED.last_repayment_date, EXCLUDED.next_repayment_date, EXCLUDED.msisdn, EXCLUDED.customer_name, EXCLUDED.collector_id, EXCLUDED.last_call_at, EXCLUDED.last_outcome, EXCLUDED.last_reason, EXCLUDED.next_action_date, EXCLUDED.broken_promise_at, EXCLUDED.promise_id, EXCLUDED.promised_on, EXCLUDED.promise_amount, EXCLUDED.promise_paid_since, EXCLUDED.promise_status) WHERE r IS DISTINCT FROM EXCLUDED; END $$;

-- Loans: once per statement, with the statement's rows (an ageing page of 5,000, a repayment's one, a new loan).
CREATE FUNCTION loans_defaulter_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE ids bigint[]; BEGIN SELECT array_agg(n.id) INTO ids FROM new_rows n; IF ids IS NOT NULL THEN PERFORM defaulter_rows_refresh(ids, false); END IF; RETURN NULL; END $$;
CREATE TRIGGER loans_defaulter_rows_insert AFTER INSERT ON loans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loans_defaulter_rows();
CREATE TRIGGER loans_defaulter_rows_update AFTER UPDATE ON loans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loans_defaulter_rows();

-- A case or a promise: its loan's row. A case's days are its loan's (migration 037), written when the loan's are:
-- the loan's own trigger writes the row then.
CREATE FUNCTION loan_part_defaulter_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP <> 'INSERT' THEN PERFORM defaulter_rows_refresh(ARRAY[OLD.loan_id], true); END IF; IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.loan_id <> OLD.loan_id) THEN PERFORM defaulter_rows_refresh(ARRAY[NEW.loan_id], true); END IF; RETURN NULL; END $$;
CREATE TRIGGER collection_cases_defaulter_rows
  AFTER INSERT OR DELETE OR UPDATE OF loan_id, collector_id, last_call_at, last_outcome, last_reason, next_action_date, broken_promise_at
  ON collection_cases FOR EACH ROW EXECUTE FUNCTION loan_part_defaulter_rows();
CREATE TRIGGER payment_promises_defaulter_rows
  AFTER INSERT OR DELETE OR UPDATE OF loan_id, promised_on, amount, paid_since, status, created_at
  ON payment_promises FOR EACH ROW EXECUTE FUNCTION loan_part_defaulter_rows();

-- A customer's phone number or name: the rows of their loans.
CREATE FUNCTION customer_defaulter_rows() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN PERFORM defaulter_rows_refresh(ARRAY(SELECT l.id FROM loans l WHERE l.customer_id = NEW.id), true); RETURN NULL; END $$;
CREATE TRIGGER customers_defaulter_rows AFTER UPDATE OF msisdn, first_name, other_names ON customers
  FOR EACH ROW WHEN (OLD.msisdn IS DISTINCT FROM NEW.msisdn OR OLD.first_name IS DISTINCT FROM NEW.first_name
                     OR OLD.other_names IS DISTINCT FROM NEW.other_names)
  EXECUTE FUNCTION customer_defaulter_rows();
