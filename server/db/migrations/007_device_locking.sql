-- The loan drives the handset's lock (issue 4, decision 008 addendum): the lock-command worker, the daily ageing run
-- and repayments by mobile money.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- Delivery of lock commands (005) by the worker: each try is counted, a failed command is tried again at
-- next_attempt_at (also the lease of a command being delivered, so two server copies never send it at once), and a
-- command overtaken by a newer one for the same device before it went out is superseded (never sent: only the
-- newest wish for a handset matters).
ALTER TABLE device_lock_commands ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0);
ALTER TABLE device_lock_commands ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE device_lock_commands ADD COLUMN last_error text;
ALTER TABLE device_lock_commands DROP CONSTRAINT device_lock_commands_status_check;
ALTER TABLE device_lock_commands ADD CONSTRAINT device_lock_commands_status_check
  CHECK (status IN ('pending', 'sent', 'failed', 'superseded'));
CREATE INDEX device_lock_commands_due_idx ON device_lock_commands (next_attempt_at, id) WHERE status IN ('pending', 'failed');

-- Repayments: money a customer pays into the business's paybill lands in the mobile-money wallets and pays the loan
-- receivable. What cannot be applied to a loan (an account keyed in that matches no active loan, or more than the
-- loan's balance) is owed back or waits for finance to allocate it. A late fee is income when it is paid.
INSERT INTO ledger_accounts (code, name, category) VALUES
  ('unallocated_payments', 'Payments received not applied to a loan (suspense and overpayments)', 'liability'),
  ('late_fee_income', 'Late fees paid', 'income');
