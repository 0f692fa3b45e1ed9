-- A customer's first deposit is taken once (issue 11, item 1, decision 010).
--
-- holds_customer: this wizard has the customer's one deposit in progress: a push pending or a deposit paid, and no
-- loan yet. At most one wizard per customer holds them (the unique index below), so a second wizard, however it is
-- started, in however many server copies, cannot push the customer again. The push sets it in the transaction that
-- records the attempt; a failed push, the loan, and the release of an abandoned deposit clear it.
-- abandoned_at: the wizard was given up. Set by the release of a deposit paid but left without a step for the time
-- limit (decision 010): in the same transaction the deposit goes to suspense, the handset back to stock, and the
-- audit row is written. An abandoned wizard takes no further step.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

ALTER TABLE first_deposits ADD COLUMN holds_customer boolean NOT NULL DEFAULT false;
ALTER TABLE first_deposits ADD COLUMN abandoned_at timestamptz;
ALTER TABLE first_deposits ADD CONSTRAINT first_deposits_holds_open_check CHECK (NOT holds_customer OR (loan_id IS NULL AND abandoned_at IS NULL));
ALTER TABLE first_deposits ADD CONSTRAINT first_deposits_abandoned_check CHECK (abandoned_at IS NULL OR (loan_id IS NULL AND NOT item_held));

-- The wizards in progress before this migration: per customer, the paid one touched last (else the pending one)
-- holds the customer. Any other paid and unfinished wizard of that customer (a deposit taken twice before this fix)
-- holds nobody and is released to suspense by the worker once it has been left for the time limit.
UPDATE first_deposits SET holds_customer = true
 WHERE wizard_id IN (
   SELECT DISTINCT ON (f.customer_id) f.wizard_id
     FROM first_deposits f
    WHERE f.loan_id IS NULL
      AND (f.deposit_paid_at IS NOT NULL
           OR EXISTS (SELECT 1 FROM deposit_attempts a WHERE a.wizard_id = f.wizard_id AND a.status = 'pending'))
    ORDER BY f.customer_id, (f.deposit_paid_at IS NOT NULL) DESC, f.updated_at DESC, f.wizard_id
 );

CREATE UNIQUE INDEX first_deposits_one_per_customer ON first_deposits (customer_id) WHERE holds_customer;
-- The release worker's search: paid, no loan, not abandoned, by last step.
CREATE INDEX first_deposits_unfinished_idx ON first_deposits (updated_at) WHERE deposit_paid_at IS NOT NULL AND loan_id IS NULL AND abandoned_at IS NULL;
