-- Customer conversion, claimed customers and collections due (issue 14, decision 028).
--
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- Conversion groups a period's first deposits by store and agent: the period's rows read from this index alone
-- (an index-only scan), never the wide wizard rows.
CREATE INDEX first_deposits_conversion_idx ON first_deposits (created_at)
  INCLUDE (store_id, agent_id, customer_id, deposit_paid_at, loan_id);

-- Claimed customers: the wizards not abandoned, newest first, in a period, for everyone, a store or an agent.
CREATE INDEX first_deposits_claimed_idx ON first_deposits (created_at DESC, wizard_id DESC) WHERE abandoned_at IS NULL;
CREATE INDEX first_deposits_claimed_store_idx ON first_deposits (store_id, created_at DESC, wizard_id DESC) WHERE abandoned_at IS NULL;
CREATE INDEX first_deposits_claimed_agent_idx ON first_deposits (agent_id, created_at DESC, wizard_id DESC) WHERE abandoned_at IS NULL;

-- Collections due: the active loans whose next installment falls due by the end of the week, with what the
-- schedule needs, read from the index alone.
CREATE INDEX loans_active_next_due_idx ON loans (next_repayment_date)
  INCLUDE (store_id, agent_id, installment_amount, installments, interval_days, amount_paid, loan_balance)
  WHERE status = 'active';
