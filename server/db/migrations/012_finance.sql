-- Finance and accounting (issue 13, decision 014): the chart of accounts with the spec's Account fields, the
-- capital accounts, the business requests finance makes (allocating a suspended payment to a loan, injecting and
-- deducting capital), and the indexes the transaction search and the statements read by.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- The spec's Account: number, category (the ledger category), min and max balance, whether it may go negative,
-- withdrawal limits per day, week and month, the global chart of accounts name and the OB number. The available
-- amount and wallet balance are computed from the ledger. capital: money may be injected into or deducted from it.
ALTER TABLE ledger_accounts
  ADD COLUMN account_number text,
  ADD COLUMN min_balance bigint,
  ADD COLUMN max_balance bigint,
  ADD COLUMN negative_allowed boolean NOT NULL DEFAULT true,
  ADD COLUMN daily_withdrawal_limit bigint,
  ADD COLUMN weekly_withdrawal_limit bigint,
  ADD COLUMN monthly_withdrawal_limit bigint,
  ADD COLUMN global_name text,
  ADD COLUMN ob_number text,
  ADD COLUMN capital boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX ledger_accounts_number_idx ON ledger_accounts (account_number) WHERE account_number IS NOT NULL;

INSERT INTO ledger_accounts (code, name, category) VALUES
  ('bank_operating', 'Operating bank account', 'asset'),
  ('working_capital_float', 'Working capital float (mobile-money disbursement wallet)', 'asset'),
  ('paid_in_capital', 'Paid-in capital (owners'' injections)', 'equity'),
  ('cost_of_handsets', 'Cost of handsets sold', 'expense');

UPDATE ledger_accounts SET account_number = '1100', global_name = 'Loans and advances', negative_allowed = false WHERE code = 'loans_receivable';
UPDATE ledger_accounts SET account_number = '1010', global_name = 'Cash at mobile-money wallets', negative_allowed = false, ob_number = 'OB-MM-001'
  WHERE code = 'mobile_money_clearing';
UPDATE ledger_accounts SET account_number = '1000', global_name = 'Cash at bank', negative_allowed = false, capital = true,
  min_balance = 1000000, daily_withdrawal_limit = 50000000, weekly_withdrawal_limit = 150000000, monthly_withdrawal_limit = 400000000,
  ob_number = 'OB-BANK-001' WHERE code = 'bank_operating';
UPDATE ledger_accounts SET account_number = '1020', global_name = 'Cash at mobile-money wallets', negative_allowed = false, capital = true,
  min_balance = 0, max_balance = 500000000, daily_withdrawal_limit = 20000000, weekly_withdrawal_limit = 60000000,
  monthly_withdrawal_limit = 150000000, ob_number = 'OB-MM-002' WHERE code = 'working_capital_float';
UPDATE ledger_accounts SET account_number = '2100', global_name = 'Customer deposits' WHERE code = 'customer_deposits';
UPDATE ledger_accounts SET account_number = '2200', global_name = 'Deferred income' WHERE code = 'deferred_finance_income';
UPDATE ledger_accounts SET account_number = '2300', global_name = 'Suspense and unallocated receipts' WHERE code = 'unallocated_payments';
UPDATE ledger_accounts SET account_number = '3000', global_name = 'Share capital' WHERE code = 'paid_in_capital';
UPDATE ledger_accounts SET account_number = '4000', global_name = 'Revenue from sales' WHERE code = 'handset_sales';
UPDATE ledger_accounts SET account_number = '4100', global_name = 'Fee income' WHERE code = 'late_fee_income';
UPDATE ledger_accounts SET account_number = '5000', global_name = 'Cost of sales' WHERE code = 'cost_of_handsets';
UPDATE ledger_accounts SET account_number = '5100', global_name = 'Impairment losses' WHERE code = 'bad_debt_expense';

-- The business requests of finance, decided in the business maker-checker inbox.
INSERT INTO request_kinds (code, queue, description) VALUES
  ('suspense_allocation', 'maker_checker', 'Apply a payment held in suspense (wrong account keyed in) to the right loan'),
  ('capital_injection', 'maker_checker', 'Inject capital into a capital account'),
  ('capital_deduction', 'maker_checker', 'Deduct capital from a capital account');

-- A payment taken out of suspense names the request that allocated it.
ALTER TABLE transactions ADD COLUMN allocation_request_id bigint REFERENCES requests (id);

-- Finance settings (the external chart-of-accounts link).
CREATE TABLE finance_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Find transaction: by payment phone, by amount, by status, each over a date range, newest first.
CREATE INDEX transactions_phone_idx ON transactions (payment_phone, date_processed DESC);
CREATE INDEX transactions_date_idx ON transactions (date_processed DESC, id DESC);
CREATE INDEX transactions_amount_idx ON transactions (amount, date_processed DESC);
CREATE INDEX transactions_status_idx ON transactions (status, date_processed DESC);
CREATE INDEX transactions_account_keyed_idx ON transactions (upper(account_keyed_in));
-- The statements: an account's postings up to a date, and the journal lines of an account.
CREATE INDEX ledger_entries_debit_idx ON ledger_entries (debit_account, posted_at);
CREATE INDEX ledger_entries_credit_idx ON ledger_entries (credit_account, posted_at);
CREATE INDEX ledger_entries_kind_idx ON ledger_entries (kind, posted_at);
