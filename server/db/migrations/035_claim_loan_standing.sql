-- Issue 16 (decision 045): the claimed customers in default (or healthy, closed, deactivated) at a million customers.
-- The list walked the period's claims newest first and looked up each one's loan until it had a page in that
-- standing: about 1,245 claims and loans for the 25 in default. Each claim now carries its loan's standing, kept by
-- statement triggers in the writer's own transaction (on loans, and on first_deposits when a loan is set), so a
-- standing's page is one index range.
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

-- A loan's standing as the claimed list names it (server/domain/collections/conversion.ts): closed, deactivated,
-- else in default from its first day late, else healthy. No loan (a null status): null, the claim is in progress.
CREATE FUNCTION claim_standing(status text, days_defaulted integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT CASE WHEN status IS NULL THEN NULL WHEN status = 'closed' THEN 'closed' WHEN status = 'deactivated' THEN 'deactivated' WHEN days_defaulted > 0 THEN 'defaulted' ELSE 'healthy' END $$;

-- Made for the walk this replaces (migration 030), read by nothing else. Dropped first: the rewrite below builds the
-- table's indexes again.
DROP INDEX first_deposits_claimed_loans_idx;
DROP INDEX loans_defaulted_id_idx;

-- Filled by rewriting the table, not by an UPDATE: at a million claims an UPDATE wrote a new version of 920,000 rows
-- into each of the table's 18 indexes (190 s), where the rewrite copies the rows once and builds each index again by
-- sorting (19 s). A type change with USING is the rewrite that can read another column of the row, and the function
-- reads the loan (USING takes no subquery). A rewrite fires no trigger.
ALTER TABLE first_deposits ADD COLUMN loan_standing text;
CREATE FUNCTION loan_claim_standing_of(loan bigint) RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT claim_standing(l.status, l.days_defaulted) FROM loans l WHERE l.id = loan $$;
ALTER TABLE first_deposits ALTER COLUMN loan_standing TYPE text USING loan_claim_standing_of(loan_id);
DROP FUNCTION loan_claim_standing_of(bigint);
ALTER TABLE first_deposits ADD CONSTRAINT first_deposits_loan_standing_check
  CHECK (loan_standing IN ('healthy', 'defaulted', 'closed', 'deactivated'));

-- PL/pgSQL plans each statement of a trigger function once per connection, with the sizes of the transition tables of
-- its first call: a repayment's one row. A join of two transition tables planned so is a nested loop of one over the
-- other, and on the ageing run's page of 5,000 loans it compared 18.5 million pairs (8.7 s at 1M). So these functions
-- pair old and new rows by grouping, not by a join, and reach first_deposits through an array of the rows to write,
-- by its keys: each step is linear in the statement's rows whatever the plan.

-- A loan whose standing changed moves its claim. The ageing run updates thousands of loans at a time, nearly all of
-- them still in the standing they had (one more day late), and a repayment updates one: only the loans whose
-- standing differs between their old and new row reach first_deposits, by its loan_id key. Transition tables cannot
-- go with a column list, so the trigger runs for any update of loans. A loan is never claimed before it exists (the
-- wizard sets loan_id after), so an insert has nothing to move. A statement trigger runs even when its statement
-- changed no row, so first_deposits is updated only when a standing changed: otherwise a repayment would also run the
-- triggers of first_deposits, and an empty update of first_deposits would run its own trigger again without end.
CREATE FUNCTION loan_claim_standing() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE ids bigint[]; standings text[]; BEGIN SELECT array_agg(c.id), array_agg(c.standing) INTO ids, standings FROM (SELECT x.id, max(x.standing) FILTER (WHERE x.new) AS standing FROM (SELECT o.id, claim_standing(o.status, o.days_defaulted) AS standing, false AS new FROM old_rows o UNION ALL SELECT n.id, claim_standing(n.status, n.days_defaulted), true FROM new_rows n) x GROUP BY x.id HAVING min(x.standing) <> max(x.standing)) c; IF ids IS NOT NULL THEN UPDATE first_deposits f SET loan_standing = u.standing FROM unnest(ids, standings) AS u (id, standing) WHERE f.loan_id = u.id AND f.loan_standing IS DISTINCT FROM u.standing; END IF; RETURN NULL; END $$;
CREATE TRIGGER loans_claim_standing AFTER UPDATE ON loans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loan_claim_standing();

-- A claim inserted or updated (its loan set, or its standing written by anyone) gets its loan's standing: only the
-- rows whose stored standing differs are written again. A writer that sets it right (seed:scale) costs one join of
-- its rows to their loans and no write. A write fires these triggers once more, which then find nothing to fix.
CREATE FUNCTION first_deposit_claim_standing() RETURNS trigger LANGUAGE plpgsql AS
  $$ DECLARE ids uuid[]; standings text[]; BEGIN SELECT array_agg(n.wizard_id), array_agg(claim_standing(l.status, l.days_defaulted)) INTO ids, standings FROM new_rows n LEFT JOIN loans l ON l.id = n.loan_id WHERE n.loan_standing IS DISTINCT FROM claim_standing(l.status, l.days_defaulted); IF ids IS NOT NULL THEN UPDATE first_deposits f SET loan_standing = u.standing FROM unnest(ids, standings) AS u (wizard_id, standing) WHERE f.wizard_id = u.wizard_id; END IF; RETURN NULL; END $$;
CREATE TRIGGER first_deposits_claim_standing_inserted AFTER INSERT ON first_deposits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_deposit_claim_standing();
CREATE TRIGGER first_deposits_claim_standing_updated AFTER UPDATE ON first_deposits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_deposit_claim_standing();

-- Migration 030's day rows ignore a change of standing (it is not a key of theirs), but their update trigger joined
-- the old and new rows, and the loans' trigger above now updates many claims in one statement (the ageing run's
-- page): the same once-planned nested loop compared 2.9 million pairs for 1,692 claims. It now pairs them by
-- grouping too: a wizard whose counted columns are the same in its old and new row is a pair of two equal rows and
-- is left out; one whose columns changed leaves its old key (-1) and joins its new one (+1), as before.
CREATE OR REPLACE FUNCTION first_deposit_days_updated() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO first_deposit_days AS d (day, provider, status, wizards, changes) SELECT eat_day(x.created_at), coalesce(x.provider, ''), first_deposit_status(x.loan_id, x.abandoned_at, x.deposit_paid_at), sum(x.n), count(*) FROM (SELECT y.*, count(*) OVER (PARTITION BY y.wizard_id, y.created_at, y.provider, y.loan_id, y.abandoned_at, y.deposit_paid_at, y.store_id, y.agent_id, y.customer_id) AS alike FROM (SELECT o.wizard_id, o.created_at, o.provider, o.loan_id, o.abandoned_at, o.deposit_paid_at, o.store_id, o.agent_id, o.customer_id, -1 AS n FROM old_rows o UNION ALL SELECT n.wizard_id, n.created_at, n.provider, n.loan_id, n.abandoned_at, n.deposit_paid_at, n.store_id, n.agent_id, n.customer_id, 1 FROM new_rows n) y) x WHERE x.alike = 1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ON CONFLICT (day, provider, status) DO UPDATE SET wizards = d.wizards + excluded.wizards, changes = d.changes + excluded.changes; RETURN NULL; END $$;

-- A standing's claims newest first: its page is the first entries of one range, its count the range. A claim with a
-- loan is never abandoned (first_deposits_abandoned_check); the predicate says so for the list's own condition.
CREATE INDEX first_deposits_claim_standing_idx ON first_deposits (loan_standing, created_at DESC, wizard_id DESC)
  WHERE abandoned_at IS NULL AND loan_standing IS NOT NULL;
-- The planner's estimate of a standing's claims (the list's total over the whole business) needs the new column's
-- statistics now, not at autovacuum's next visit.
ANALYZE first_deposits;
