-- The customer first-time deposit wizard (issue 3): one record per wizard, its mobile-money push attempts, the
-- one-time codes sent to the agent and the customer, the vivo lock authorization codes and the signed contracts.
--
-- The wizard's steps run in order: deposit paid, both OTPs checked, identity checked (fingerprint against NIDA or
-- the security answer), contract signed, lock installed (vivo: authorization code checked), then the loan. Each
-- step's outcome is a column of first_deposits, and the CHECKs below refuse a step whose predecessor is not done
-- whatever the code does. A push attempt is idempotent per (wizard_id, attempt): its transactions row carries
-- idempotency_key '<wizard_id>:<attempt>', and a wizard has at most one attempt that is pending or completed, so
-- retries, reloads and several server copies never charge twice.
-- Codes (OTPs, vivo authorization codes) are stored only as salted SHA-256 hashes: sha256$<salt hex>$<hash hex>.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- The ledger accounts a sale on credit posts to (the deposit received by mobile money, the sale, the receivable).
INSERT INTO ledger_accounts (code, name, category) VALUES
  ('mobile_money_clearing', 'Mobile-money collections (in the wallets, not yet swept to the bank)', 'asset'),
  ('customer_deposits', 'Deposits received from customers before their loan starts', 'liability'),
  ('handset_sales', 'Handset sales', 'income'),
  ('deferred_finance_income', 'Finance charges of handset loans, not yet earned', 'liability');

-- One wizard. agent_admin_id is the portal user who runs it (only they see it), agent_id and store_id the agents
-- row linked to that user and its store, where the handset comes from.
-- inventory_item_id is the handset reserved for the wizard (status reserved) while item_held, set by the push.
-- A failed push gives the handset back to stock (item_held false) and the next attempt takes it again or another.
-- phone_price_id, phone_model_id, repayment_period and deposit_amount are those of the latest push and are fixed
-- once the deposit is paid.
-- contract_ref is made when the identity is checked: random and unguessable (the public link of the contract).
CREATE TABLE first_deposits (
  wizard_id uuid PRIMARY KEY,
  agent_admin_id bigint NOT NULL REFERENCES admins (id),
  agent_id bigint REFERENCES agents (id),
  store_id bigint NOT NULL REFERENCES stores (id),
  customer_id bigint NOT NULL REFERENCES customers (id),
  phone_price_id bigint NOT NULL REFERENCES phone_prices (id),
  phone_model_id bigint NOT NULL REFERENCES phone_models (id),
  inventory_item_id bigint REFERENCES inventory_items (id),
  item_held boolean NOT NULL DEFAULT false,
  repayment_period text NOT NULL CHECK (repayment_period IN ('daily', 'weekly', 'monthly', 'twelve_months')),
  deposit_amount bigint NOT NULL CHECK (deposit_amount > 0),
  deposit_paid_at timestamptz,
  otp_verified_at timestamptz,
  identity_method text CHECK (identity_method IN ('fingerprint', 'security_question')),
  identity_verified_at timestamptz,
  security_wrong_answers integer NOT NULL DEFAULT 0 CHECK (security_wrong_answers BETWEEN 0 AND 3),
  contract_ref text UNIQUE CHECK (contract_ref ~ '^[A-Za-z0-9_-]{16,64}$'),
  terms_version text,
  signed_by text,
  signed_at timestamptz,
  vivo_verified_at timestamptz,
  loan_id bigint UNIQUE REFERENCES loans (id),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (NOT item_held OR inventory_item_id IS NOT NULL),
  CHECK (deposit_paid_at IS NULL OR inventory_item_id IS NOT NULL),
  CHECK (otp_verified_at IS NULL OR deposit_paid_at IS NOT NULL),
  CHECK ((identity_method IS NULL) = (identity_verified_at IS NULL)),
  CHECK (identity_verified_at IS NULL OR otp_verified_at IS NOT NULL),
  CHECK ((contract_ref IS NULL) = (identity_verified_at IS NULL)),
  CHECK ((signed_at IS NULL) = (signed_by IS NULL)),
  CHECK (signed_at IS NULL OR (identity_verified_at IS NOT NULL AND terms_version IS NOT NULL)),
  CHECK (loan_id IS NULL OR (signed_at IS NOT NULL AND item_held))
);
-- A handset is held by one wizard at a time.
CREATE UNIQUE INDEX first_deposits_item_held_key ON first_deposits (inventory_item_id) WHERE item_held;
CREATE INDEX first_deposits_agent_idx ON first_deposits (agent_admin_id, updated_at);
CREATE INDEX first_deposits_customer_idx ON first_deposits (customer_id);

-- The signed contract as rendered at signing (one PDF per wizard, served publicly by its contract_ref).
CREATE TABLE first_deposit_contracts (
  wizard_id uuid PRIMARY KEY REFERENCES first_deposits (wizard_id),
  pdf bytea NOT NULL,
  created_at timestamptz NOT NULL
);

-- The mobile-money pushes of a wizard, one row per attempt. The pending transactions row is written with the
-- attempt (transaction_id holds a placeholder until the provider's receipt arrives with the outcome).
-- push_accepted_at: when the provider accepted the push (null: the call failed or is under way, a retry of the
-- same attempt pushes again with the same reference, which the provider does not charge twice).
-- callbacks counts the provider's callbacks received for it (a duplicate callback only counts).
CREATE TABLE deposit_attempts (
  wizard_id uuid NOT NULL REFERENCES first_deposits (wizard_id),
  attempt integer NOT NULL CHECK (attempt BETWEEN 1 AND 50),
  idempotency_key text NOT NULL UNIQUE REFERENCES transactions (idempotency_key),
  payment_msisdn text NOT NULL CHECK (payment_msisdn ~ '^255[67][0-9]{8}$'),
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
  failure text CHECK (failure IN ('insufficient_funds', 'cancelled', 'timeout', 'rejected')),
  receipt text,
  settled_by text CHECK (settled_by IN ('callback', 'status_query')),
  requested_by bigint NOT NULL REFERENCES admins (id),
  requested_at timestamptz NOT NULL,
  push_accepted_at timestamptz,
  completed_at timestamptz,
  callbacks integer NOT NULL DEFAULT 0 CHECK (callbacks >= 0),
  PRIMARY KEY (wizard_id, attempt),
  CHECK (idempotency_key = wizard_id::text || ':' || attempt::text),
  CHECK ((status = 'failed') = (failure IS NOT NULL)),
  CHECK ((status = 'pending') = (completed_at IS NULL)),
  CHECK ((status = 'pending') = (settled_by IS NULL)),
  CHECK (status <> 'completed' OR receipt IS NOT NULL)
);
-- At most one attempt of a wizard is pending or completed: a new attempt only after the previous one failed, and
-- a wizard's deposit is paid once.
CREATE UNIQUE INDEX deposit_attempts_one_live ON deposit_attempts (wizard_id) WHERE status IN ('pending', 'completed');
CREATE INDEX deposit_attempts_pending_idx ON deposit_attempts (requested_at) WHERE status = 'pending';

-- One-time codes of a wizard, to the agent and to the customer: 6 digits, valid 5 minutes, single use, at most 5
-- wrong tries. Sending a new code replaces the live one of that party.
CREATE TABLE first_deposit_otps (
  id bigserial PRIMARY KEY,
  wizard_id uuid NOT NULL REFERENCES first_deposits (wizard_id),
  party text NOT NULL CHECK (party IN ('agent', 'customer')),
  recipient text NOT NULL,
  code_hash text NOT NULL CHECK (code_hash ~ '^sha256[$][0-9a-f]{32}[$][0-9a-f]{64}$'),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts BETWEEN 0 AND 5),
  used_at timestamptz,
  replaced_at timestamptz,
  CHECK (expires_at > created_at),
  CHECK (used_at IS NULL OR replaced_at IS NULL)
);
CREATE UNIQUE INDEX first_deposit_otps_live_key ON first_deposit_otps (wizard_id, party) WHERE used_at IS NULL AND replaced_at IS NULL;
CREATE INDEX first_deposit_otps_sent_idx ON first_deposit_otps (wizard_id, party, created_at);

-- Authorization codes of the vivo lock provider for a handset (by IMEI), valid 5 minutes. A new code replaces
-- the live one. wizard_id is set when the handset is the one reserved for a wizard.
CREATE TABLE vivo_auth_codes (
  id bigserial PRIMARY KEY,
  imei text NOT NULL CHECK (imei ~ '^[0-9]{15}$'),
  wizard_id uuid REFERENCES first_deposits (wizard_id),
  requested_by bigint NOT NULL REFERENCES admins (id),
  recipient text NOT NULL,
  code_hash text NOT NULL CHECK (code_hash ~ '^sha256[$][0-9a-f]{32}[$][0-9a-f]{64}$'),
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0 CHECK (failed_attempts >= 0),
  verified_at timestamptz,
  replaced_at timestamptz,
  CHECK (expires_at > sent_at),
  CHECK (verified_at IS NULL OR replaced_at IS NULL)
);
CREATE UNIQUE INDEX vivo_auth_codes_live_key ON vivo_auth_codes (imei) WHERE verified_at IS NULL AND replaced_at IS NULL;
CREATE INDEX vivo_auth_codes_imei_idx ON vivo_auth_codes (imei, sent_at);
