-- Issue 16 (decision 055): the defaulters lists' first two runs (broken promises, then the planned next actions) are
-- in next-action order, then most days defaulted. The days were the loan's, so each run read every case of its first
-- next-action day and that case's loan to sort them (115 cases and 460 loan pages for the first page of every
-- defaulter at a million customers). Each case now carries its loan's days defaulted, kept by triggers in the
-- writer's own transaction, and each run's index is in the run's whole order: a page reads its own cases.
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

ALTER TABLE collection_cases ADD COLUMN days_defaulted integer;
UPDATE collection_cases k SET days_defaulted = l.days_defaulted FROM loans l WHERE l.id = k.loan_id;
ALTER TABLE collection_cases ALTER COLUMN days_defaulted SET NOT NULL;

-- A case is opened with its loan's days, unless its writer gives them (seed:scale, whose loans have no index while it
-- loads: a lookup per case would read every loan).
CREATE FUNCTION collection_case_days() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF NEW.days_defaulted IS NULL THEN SELECT l.days_defaulted INTO NEW.days_defaulted FROM loans l WHERE l.id = NEW.loan_id; END IF; RETURN NEW; END $$;
CREATE TRIGGER collection_cases_days BEFORE INSERT ON collection_cases FOR EACH ROW EXECUTE FUNCTION collection_case_days();

-- An update of loans (the ageing run's page of 5,000, a repayment's one) moves the days of those loans' cases, by the
-- cases' key through an array of the rows (migration 035: a join planned once per connection on a transition table
-- of one row must stay linear on a page of thousands). Only cases whose days differ are written. Transition tables
-- cannot go with a column list, so the trigger runs for any update of loans.
CREATE FUNCTION loan_case_days() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE ids bigint[]; days integer[]; BEGIN SELECT array_agg(n.id), array_agg(n.days_defaulted) INTO ids, days FROM new_rows n; IF ids IS NOT NULL THEN UPDATE collection_cases k SET days_defaulted = u.days FROM unnest(ids, days) AS u (id, days) WHERE k.loan_id = u.id AND k.days_defaulted <> u.days; END IF; RETURN NULL; END $$;
CREATE TRIGGER loans_case_days AFTER UPDATE ON loans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_case_days();

-- Each run along one index in its whole order: next action, most days first, then the loan.
DROP INDEX collection_cases_broken_next_idx;
DROP INDEX collection_cases_planned_next_idx;
CREATE INDEX collection_cases_broken_next_idx ON collection_cases (next_action_date, days_defaulted DESC, loan_id)
  WHERE broken_promise_at IS NOT NULL;
CREATE INDEX collection_cases_planned_next_idx ON collection_cases (next_action_date, days_defaulted DESC, loan_id)
  WHERE broken_promise_at IS NULL AND next_action_date IS NOT NULL;
