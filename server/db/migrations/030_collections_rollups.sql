-- Issue 16 (decision 039): the 30-day collections lists at a million customers. Their totals summed a whole window of
-- first deposits or call ratings on every call. Two small day tables now hold those counts. Statement triggers keep
-- them in the same transaction as the write, whoever makes it (the wizard's steps, the release sweep, the seeds,
-- psql). The first deposits also carry the provider of their last push, so that filter is a column.
-- A function's body stays on one line where it ends a statement: migrate.ts splits on a semicolon that ends a line.

-- The provider of a wizard's last push (the payment method of its transaction), null before any push. Written by the
-- trigger on deposit_attempts below, filled here for the wizards that already have pushes.
ALTER TABLE first_deposits ADD COLUMN provider text;
UPDATE first_deposits f SET provider = t.payment_method
  FROM deposit_attempts x JOIN transactions t ON t.idempotency_key = x.idempotency_key
 WHERE x.wizard_id = f.wizard_id AND x.attempt = (SELECT max(y.attempt) FROM deposit_attempts y WHERE y.wizard_id = f.wizard_id);

CREATE FUNCTION first_deposit_provider() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN UPDATE first_deposits f SET provider = t.payment_method FROM new_rows x JOIN transactions t ON t.idempotency_key = x.idempotency_key WHERE f.wizard_id = x.wizard_id AND f.provider IS DISTINCT FROM t.payment_method AND NOT EXISTS (SELECT 1 FROM deposit_attempts y WHERE y.wizard_id = x.wizard_id AND y.attempt > x.attempt); RETURN NULL; END $$;
CREATE TRIGGER deposit_attempts_provider AFTER INSERT ON deposit_attempts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_deposit_provider();

-- The EAT day of an instant (UTC+3, no daylight saving), and where a wizard stands, as the deposits list says it
-- (server/domain/collections/deposits.ts).
CREATE FUNCTION eat_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT ((at AT TIME ZONE 'UTC') + interval '3 hours')::date $$;
CREATE FUNCTION first_deposit_status(loan_id bigint, abandoned_at timestamptz, deposit_paid_at timestamptz) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT CASE WHEN loan_id IS NOT NULL THEN 'loan_created' WHEN abandoned_at IS NOT NULL THEN 'abandoned' WHEN deposit_paid_at IS NOT NULL THEN 'paid' ELSE 'awaiting_payment' END $$;

-- First deposits per EAT start day, provider ('' before any push) and status. changes counts the wizard writes that
-- touched a row (a start, a push, a payment, a loan, an abandon, a move to another store or agent): it only grows, so
-- the sum over a period's rows tells an answer kept for that period (customer conversion) from a later one.
CREATE TABLE first_deposit_days (
  day date NOT NULL,
  provider text NOT NULL,
  status text NOT NULL,
  wizards integer NOT NULL,
  changes bigint NOT NULL,
  PRIMARY KEY (day, provider, status)
);
INSERT INTO first_deposit_days (day, provider, status, wizards, changes)
SELECT eat_day(created_at), coalesce(provider, ''), first_deposit_status(loan_id, abandoned_at, deposit_paid_at), count(*), count(*)
  FROM first_deposits GROUP BY 1, 2, 3;

-- Each statement adds its rows' counts in the rows' key order, so two writers take the day rows in the same order.
CREATE FUNCTION first_deposit_days_inserted() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO first_deposit_days AS d (day, provider, status, wizards, changes) SELECT eat_day(n.created_at), coalesce(n.provider, ''), first_deposit_status(n.loan_id, n.abandoned_at, n.deposit_paid_at), count(*), count(*) FROM new_rows n GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ON CONFLICT (day, provider, status) DO UPDATE SET wizards = d.wizards + excluded.wizards, changes = d.changes + excluded.changes; RETURN NULL; END $$;
CREATE FUNCTION first_deposit_days_deleted() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO first_deposit_days AS d (day, provider, status, wizards, changes) SELECT eat_day(o.created_at), coalesce(o.provider, ''), first_deposit_status(o.loan_id, o.abandoned_at, o.deposit_paid_at), -count(*), count(*) FROM old_rows o GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ON CONFLICT (day, provider, status) DO UPDATE SET wizards = d.wizards + excluded.wizards, changes = d.changes + excluded.changes; RETURN NULL; END $$;
-- An update counts only the wizards whose day, provider, status, store, agent or customer changed (not each step of
-- the wizard): the old key loses one, the new key gains one.
CREATE FUNCTION first_deposit_days_updated() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN INSERT INTO first_deposit_days AS d (day, provider, status, wizards, changes) SELECT k.day, k.provider, k.status, sum(k.n), count(*) FROM old_rows o JOIN new_rows n ON n.wizard_id = o.wizard_id CROSS JOIN LATERAL (VALUES (eat_day(o.created_at), coalesce(o.provider, ''), first_deposit_status(o.loan_id, o.abandoned_at, o.deposit_paid_at), -1), (eat_day(n.created_at), coalesce(n.provider, ''), first_deposit_status(n.loan_id, n.abandoned_at, n.deposit_paid_at), 1)) k (day, provider, status, n) WHERE (o.created_at, o.provider, o.loan_id, o.abandoned_at, o.deposit_paid_at, o.store_id, o.agent_id, o.customer_id) IS DISTINCT FROM (n.created_at, n.provider, n.loan_id, n.abandoned_at, n.deposit_paid_at, n.store_id, n.agent_id, n.customer_id) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 ON CONFLICT (day, provider, status) DO UPDATE SET wizards = d.wizards + excluded.wizards, changes = d.changes + excluded.changes; RETURN NULL; END $$;
CREATE TRIGGER first_deposits_days_inserted AFTER INSERT ON first_deposits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_deposit_days_inserted();
CREATE TRIGGER first_deposits_days_updated AFTER UPDATE ON first_deposits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION first_deposit_days_updated();
CREATE TRIGGER first_deposits_days_deleted AFTER DELETE ON first_deposits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION first_deposit_days_deleted();

-- Call ratings per EAT day, kind, mood and description ('' for a debt-collection rating, which has none). Both rating
-- tables are only added to; a change or a delete is counted all the same.
CREATE TABLE call_rating_days (
  day date NOT NULL,
  kind text NOT NULL,
  mood text NOT NULL,
  description text NOT NULL,
  ratings integer NOT NULL,
  PRIMARY KEY (day, kind, mood, description)
);
INSERT INTO call_rating_days (day, kind, mood, description, ratings)
SELECT eat_day(created_at), 'customer_care', mood, description, count(*) FROM call_ratings GROUP BY 1, 3, 4
UNION ALL
SELECT eat_day(created_at), 'debt_collection', mood, '', count(*) FROM debt_collection_call_ratings GROUP BY 1, 3;

-- A rating's rows in: added for new rows, taken back for old ones (an update does both).
CREATE FUNCTION call_rating_days_care() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP <> 'DELETE' THEN INSERT INTO call_rating_days AS d (day, kind, mood, description, ratings) SELECT eat_day(n.created_at), 'customer_care', n.mood, n.description, count(*) FROM new_rows n GROUP BY 1, 3, 4 ORDER BY 1, 3, 4 ON CONFLICT (day, kind, mood, description) DO UPDATE SET ratings = d.ratings + excluded.ratings; END IF; IF TG_OP <> 'INSERT' THEN INSERT INTO call_rating_days AS d (day, kind, mood, description, ratings) SELECT eat_day(o.created_at), 'customer_care', o.mood, o.description, -count(*) FROM old_rows o GROUP BY 1, 3, 4 ORDER BY 1, 3, 4 ON CONFLICT (day, kind, mood, description) DO UPDATE SET ratings = d.ratings + excluded.ratings; END IF; RETURN NULL; END $$;
CREATE FUNCTION call_rating_days_collection() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN IF TG_OP <> 'DELETE' THEN INSERT INTO call_rating_days AS d (day, kind, mood, description, ratings) SELECT eat_day(n.created_at), 'debt_collection', n.mood, '', count(*) FROM new_rows n GROUP BY 1, 3 ORDER BY 1, 3 ON CONFLICT (day, kind, mood, description) DO UPDATE SET ratings = d.ratings + excluded.ratings; END IF; IF TG_OP <> 'INSERT' THEN INSERT INTO call_rating_days AS d (day, kind, mood, description, ratings) SELECT eat_day(o.created_at), 'debt_collection', o.mood, '', -count(*) FROM old_rows o GROUP BY 1, 3 ORDER BY 1, 3 ON CONFLICT (day, kind, mood, description) DO UPDATE SET ratings = d.ratings + excluded.ratings; END IF; RETURN NULL; END $$;
CREATE TRIGGER call_ratings_days_inserted AFTER INSERT ON call_ratings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rating_days_care();
CREATE TRIGGER call_ratings_days_updated AFTER UPDATE ON call_ratings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rating_days_care();
CREATE TRIGGER call_ratings_days_deleted AFTER DELETE ON call_ratings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rating_days_care();
CREATE TRIGGER debt_collection_call_ratings_days_inserted AFTER INSERT ON debt_collection_call_ratings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rating_days_collection();
CREATE TRIGGER debt_collection_call_ratings_days_updated AFTER UPDATE ON debt_collection_call_ratings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rating_days_collection();
CREATE TRIGGER debt_collection_call_ratings_days_deleted AFTER DELETE ON debt_collection_call_ratings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION call_rating_days_collection();

-- The call ratings of one staff member, newest first (the list's rated_by filter, counted by its index).
CREATE INDEX call_ratings_rated_by_idx ON call_ratings (rated_by, created_at DESC, id DESC);
CREATE INDEX debt_collection_call_ratings_rated_by_idx ON debt_collection_call_ratings (rated_by, created_at DESC, id DESC);

-- First deposits of one status, newest first, alone or after a provider: a filter by a rare status (paid and waiting
-- for its loan, say) reads its own wizards, not the period's. The deposits list filters on the same function.
CREATE INDEX first_deposits_status_idx ON first_deposits
  (first_deposit_status(loan_id, abandoned_at, deposit_paid_at), created_at DESC, wizard_id DESC);
CREATE INDEX first_deposits_provider_status_idx ON first_deposits
  (provider, first_deposit_status(loan_id, abandoned_at, deposit_paid_at), created_at DESC, wizard_id DESC);

-- Claimed customers by a loan's standing: the period's claims that have a loan, newest first, read from the index
-- alone, each looked up in the loans in default by id (an index of those loans alone, read without the rows).
CREATE INDEX first_deposits_claimed_loans_idx ON first_deposits (created_at DESC, wizard_id DESC) INCLUDE (loan_id)
  WHERE abandoned_at IS NULL AND loan_id IS NOT NULL;
CREATE INDEX loans_defaulted_id_idx ON loans (id) WHERE status = 'active' AND days_defaulted > 0;
