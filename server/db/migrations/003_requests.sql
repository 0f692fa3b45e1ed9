-- Requests that a second person decides (maker-checker), and the ledger that records what an approval writes off.
--
-- One table holds every kind: the customer requests (loan extension, loan deactivation or "deregistration", IMEI
-- change) and the generic kinds of the two maker-checker inboxes (business operations, portal changes). The
-- lifecycle is submitted, then approved or denied, once. The server decides with a guarded
-- UPDATE ... WHERE status = 'submitted' in the same transaction as the effect and the audit row, and the constraints
-- below hold whatever the code does: the checker is never the maker, a decided request has its checker and time,
-- a denial has its comment, and a subject has at most one open request of a kind.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- The kinds and the queue that decides each. A later operation registers its kind with one INSERT here.
CREATE TABLE request_kinds (
  code text PRIMARY KEY,
  queue text NOT NULL
    CHECK (queue IN ('loan_extension', 'loan_deactivation', 'imei_change', 'maker_checker', 'maker_checker_portal')),
  description text NOT NULL
);
INSERT INTO request_kinds (code, queue, description) VALUES
  ('loan_extension', 'loan_extension', 'Move the next due date of a loan by a number of days'),
  ('loan_deactivation', 'loan_deactivation', 'Deregister a customer: close the active loans and write off the balance'),
  ('imei_change', 'imei_change', 'Change the IMEI of a customer device'),
  ('phone_price_update', 'maker_checker', 'Replace the current price of a phone model'),
  ('portal_user_create', 'maker_checker_portal', 'Create a portal user in a group'),
  ('group_role_add', 'maker_checker_portal', 'Add a role to a security group'),
  ('group_role_remove', 'maker_checker_portal', 'Remove a role from a security group');

-- payload: what the request asks, {"before": {...}, "after": {...}, "params": {...}}. before and after are flat
-- field -> value maps as the maker saw them (what the approvers read), params what the effect needs.
-- applied: for an approved request, the before and after the effect really found and left.
-- subject: what the request is about, for "one open request per subject and kind": customer:<id> for the
-- customer requests (a customer has at most one pending request of each kind), phone_model:<id>,
-- group_role:<group id>:<role>, username:<name> for the others.
-- store_id: the store of the loan or device concerned, for the queues' store filter.
CREATE TABLE requests (
  id bigserial PRIMARY KEY,
  kind text NOT NULL REFERENCES request_kinds (code),
  status text NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted', 'approved', 'denied')),
  subject text NOT NULL,
  maker_id bigint NOT NULL REFERENCES admins (id),
  checker_id bigint REFERENCES admins (id),
  reason text,
  decision_comment text,
  payload jsonb NOT NULL,
  applied jsonb,
  customer_id bigint REFERENCES customers (id),
  loan_id bigint REFERENCES loans (id),
  device_id bigint REFERENCES devices (id),
  store_id bigint REFERENCES stores (id),
  submitted_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- Maker and checker are different people, always: no role or setting bypasses it.
  CONSTRAINT requests_checker_is_not_maker CHECK (checker_id <> maker_id),
  CONSTRAINT requests_decided_has_checker CHECK ((status = 'submitted') = (checker_id IS NULL)),
  CONSTRAINT requests_decided_has_time CHECK ((status = 'submitted') = (decided_at IS NULL)),
  CONSTRAINT requests_decided_after_submitted CHECK (decided_at IS NULL OR decided_at >= submitted_at),
  CONSTRAINT requests_denial_has_comment CHECK (status <> 'denied' OR length(btrim(coalesce(decision_comment, ''))) > 0),
  CONSTRAINT requests_approval_is_applied CHECK ((status = 'approved') = (applied IS NOT NULL)),
  CONSTRAINT requests_payload_shape CHECK (
    jsonb_typeof(payload) = 'object' AND jsonb_typeof(payload -> 'before') = 'object' AND jsonb_typeof(payload -> 'after') = 'object'
  ),
  CONSTRAINT requests_reason_required CHECK (
    kind NOT IN ('loan_deactivation', 'imei_change') OR length(btrim(coalesce(reason, ''))) > 0
  ),
  CONSTRAINT requests_customer_kinds_name_customer CHECK (
    kind NOT IN ('loan_extension', 'loan_deactivation', 'imei_change') OR customer_id IS NOT NULL
  ),
  CONSTRAINT requests_extension_names_loan CHECK (kind <> 'loan_extension' OR loan_id IS NOT NULL),
  CONSTRAINT requests_imei_change_names_device CHECK (kind <> 'imei_change' OR device_id IS NOT NULL)
);
-- One open request per subject and kind: a second submit is refused (and two at once cannot both get in).
CREATE UNIQUE INDEX requests_one_open_per_subject ON requests (kind, subject) WHERE status = 'submitted';
-- The pending queues, oldest first (small: only open requests).
CREATE INDEX requests_pending_idx ON requests (kind, submitted_at, id) WHERE status = 'submitted';
CREATE INDEX requests_pending_store_idx ON requests (store_id, submitted_at) WHERE status = 'submitted';
CREATE INDEX requests_pending_maker_idx ON requests (maker_id, submitted_at) WHERE status = 'submitted';
-- The audit search: by kind and result, maker, checker, and either date.
CREATE INDEX requests_kind_status_idx ON requests (kind, status, submitted_at);
CREATE INDEX requests_maker_idx ON requests (maker_id, submitted_at);
CREATE INDEX requests_checker_idx ON requests (checker_id, decided_at) WHERE checker_id IS NOT NULL;
CREATE INDEX requests_submitted_idx ON requests (submitted_at);
CREATE INDEX requests_decided_idx ON requests (decided_at) WHERE decided_at IS NOT NULL;
-- A customer's own requests (the customer view) and the foreign keys.
CREATE INDEX requests_customer_idx ON requests (customer_id, submitted_at) WHERE customer_id IS NOT NULL;
CREATE INDEX requests_loan_idx ON requests (loan_id) WHERE loan_id IS NOT NULL;
CREATE INDEX requests_device_idx ON requests (device_id) WHERE device_id IS NOT NULL;

-- The general ledger. Accounts by code, and journal entries that debit one account and credit another by the
-- same amount: every entry is two postings whose debits equal credits by construction (the ledger_postings view
-- unfolds them), with no trigger needed to check the balance.
CREATE TABLE ledger_accounts (
  code text PRIMARY KEY,
  name text NOT NULL,
  category text NOT NULL CHECK (category IN ('asset', 'liability', 'equity', 'income', 'expense'))
);
INSERT INTO ledger_accounts (code, name, category) VALUES
  ('loans_receivable', 'Loans receivable (handset loans)', 'asset'),
  ('bad_debt_expense', 'Bad debts written off', 'expense');

-- kind says what made the entry: loan_write_off (an approved deregistration writes off the loan balance).
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  debit_account text NOT NULL REFERENCES ledger_accounts (code),
  credit_account text NOT NULL REFERENCES ledger_accounts (code),
  amount bigint NOT NULL CHECK (amount > 0),
  description text NOT NULL,
  loan_id bigint REFERENCES loans (id),
  request_id bigint REFERENCES requests (id),
  posted_by bigint REFERENCES admins (id),
  posted_at timestamptz NOT NULL,
  CHECK (debit_account <> credit_account),
  CHECK (kind <> 'loan_write_off' OR (loan_id IS NOT NULL AND request_id IS NOT NULL))
);
-- A loan is written off at most once.
CREATE UNIQUE INDEX ledger_entries_one_write_off_per_loan ON ledger_entries (loan_id) WHERE kind = 'loan_write_off';
CREATE INDEX ledger_entries_posted_idx ON ledger_entries (posted_at);
CREATE INDEX ledger_entries_request_idx ON ledger_entries (request_id) WHERE request_id IS NOT NULL;

CREATE VIEW ledger_postings AS
SELECT id AS entry_id, debit_account AS account, amount AS debit, 0::bigint AS credit, posted_at FROM ledger_entries
UNION ALL
SELECT id AS entry_id, credit_account AS account, 0::bigint AS debit, amount AS credit, posted_at FROM ledger_entries;
