-- Issue 16 (decision 031): the loans list (issue 14) pages the active loans in the order of its sort column, newest
-- or largest first, with the loan's id as the tie-break in the same direction. One index per sort column, in exactly
-- that order, serves both directions (walked backwards for ascending) and lets a page stop after its rows instead of
-- sorting every active loan. Never-paid loans (no last payment) sort last going down and first going up.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

CREATE INDEX loans_list_started_idx ON loans (started_at DESC NULLS LAST, id DESC) WHERE status = 'active';
CREATE INDEX loans_list_days_idx ON loans (days_defaulted DESC NULLS LAST, id DESC) WHERE status = 'active';
CREATE INDEX loans_list_due_idx ON loans (amount_due DESC NULLS LAST, id DESC) WHERE status = 'active';
CREATE INDEX loans_list_balance_idx ON loans (loan_balance DESC NULLS LAST, id DESC) WHERE status = 'active';
CREATE INDEX loans_list_paid_idx ON loans (last_repayment_date DESC NULLS LAST, id DESC) WHERE status = 'active';
CREATE INDEX loans_list_next_idx ON loans (next_repayment_date DESC NULLS LAST, id DESC) WHERE status = 'active';

-- The defaulters lists' priority order (broken promises first, then the next actions planned, then the rest by days
-- defaulted) reads its first two runs from the cases in next-action order.
CREATE INDEX collection_cases_broken_next_idx ON collection_cases (next_action_date) WHERE broken_promise_at IS NOT NULL;
CREATE INDEX collection_cases_planned_next_idx ON collection_cases (next_action_date)
  WHERE broken_promise_at IS NULL AND next_action_date IS NOT NULL;
