-- The log of the mobile-money providers' callbacks (issue 13 "Beyond", decision 027): every repayment and deposit
-- callback the portal receives, written in the transaction that handles it, whatever became of it (recorded,
-- held in suspense, a repeat, a failed push, a push the portal does not know). The reconciliation matches
-- statement -> callback log -> ledger and explains each difference from it.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.
CREATE TABLE payment_callbacks (
  id bigserial PRIMARY KEY,
  -- Which callback: a customer's payment into the paybill, or the outcome of a first-deposit push.
  source text NOT NULL CHECK (source IN ('repayment', 'deposit')),
  -- NULL only for a deposit callback about a push the portal does not know.
  provider text CHECK (provider IN ('mpesa', 'tigo_pesa', 'airtel_money', 'halopesa')),
  -- The provider's transaction id (the statement's receipt).
  receipt text NOT NULL,
  -- The account keyed in (repayment) or the push's reference (deposit).
  reference text,
  status text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED')),
  result_code text,
  amount bigint NOT NULL,
  msisdn text,
  -- The provider's time of the payment (repayment), else when the callback came.
  paid_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL
);
CREATE INDEX payment_callbacks_receipt_idx ON payment_callbacks (receipt);
CREATE INDEX payment_callbacks_provider_time_idx ON payment_callbacks (provider, paid_at);

-- The ledger leg of the match looks up a payment's entries by its loan.
CREATE INDEX ledger_entries_loan_idx ON ledger_entries (loan_id, posted_at) WHERE loan_id IS NOT NULL;
