-- The business: regions, stores, agents, the phone catalogue and its prices, stock, customers with their limits,
-- devices, loans, payment transactions and the SMS customers received.
--
-- Conventions: money is a whole number of TZS in bigint. Instants are timestamptz. Calendar days (due dates,
-- dates of birth) are date, read in Tanzanian time (EAT, UTC+3, no daylight saving). Values that follow from
-- other columns are GENERATED columns, so they can never disagree with their inputs.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments (migrate.ts splits
-- statements on them).

-- Regions group stores for reporting and collections. The region lead is a portal user (ADD_REGION_LEAD).
CREATE TABLE regions (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  territory text NOT NULL,
  lead_admin_id bigint REFERENCES admins (id),
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX regions_name_key ON regions (lower(name));

-- Agent categories (spec: id, name, status, date_created).
CREATE TABLE agent_categories (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  date_created timestamptz NOT NULL
);
CREATE UNIQUE INDEX agent_categories_name_key ON agent_categories (lower(name));

-- Owners of dealer shops. An owner may also log in to the portal (the Shop owner group): admin_id links them.
CREATE TABLE shop_owners (
  id bigserial PRIMARY KEY,
  full_name text NOT NULL,
  msisdn text NOT NULL UNIQUE CHECK (msisdn ~ '^255[67][0-9]{8}$'),
  admin_id bigint UNIQUE REFERENCES admins (id),
  created_at timestamptz NOT NULL
);

-- Phone stores: the business's own main shops and dealer shops run by a shop owner.
-- Customers pay at a store's till (M-Pesa Lipa Namba style) or paybill on the store's mobile-money network.
CREATE TABLE stores (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  region_id bigint NOT NULL REFERENCES regions (id),
  store_type text NOT NULL CHECK (store_type IN ('main_shop', 'dealer_shop')),
  shop_owner_id bigint REFERENCES shop_owners (id),
  has_owner boolean GENERATED ALWAYS AS (shop_owner_id IS NOT NULL) STORED,
  location text NOT NULL,
  latitude numeric(9, 6) CHECK (latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude BETWEEN -180 AND 180),
  -- A store is on the map once its position is recorded ("update location").
  is_mapped boolean GENERATED ALWAYS AS (latitude IS NOT NULL AND longitude IS NOT NULL) STORED,
  till_or_paybill text NOT NULL CHECK (till_or_paybill IN ('till', 'paybill')),
  biller_type text NOT NULL CHECK (biller_type IN ('mpesa', 'tigo_pesa', 'airtel_money', 'halopesa')),
  biller_number text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX stores_name_key ON stores (lower(name));
CREATE INDEX stores_region_idx ON stores (region_id);

-- Agents are their own table, not rows of admins, because most agents are field sales staff known by name,
-- phone and store who never log in to this portal (they sell through the agent app), while admins require a
-- password and a security group. An agent who does use the portal (the demo user "agent", who takes deposits
-- at his store) is linked by admin_id, which is how the server finds "the agent's store".
-- An agent is "categorised" (the spec's is_category = 1) when category_id is set, otherwise "Unassigned".
CREATE TABLE agents (
  id bigserial PRIMARY KEY,
  full_name text NOT NULL,
  msisdn text NOT NULL UNIQUE CHECK (msisdn ~ '^255[67][0-9]{8}$'),
  store_id bigint REFERENCES stores (id),
  category_id bigint REFERENCES agent_categories (id),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  latitude numeric(9, 6) CHECK (latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude BETWEEN -180 AND 180),
  location_updated_at timestamptz,
  admin_id bigint UNIQUE REFERENCES admins (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX agents_store_idx ON agents (store_id);
CREATE INDEX agents_category_idx ON agents (category_id);

-- The phone catalogue: one row per sellable model and variant (the SKU).
-- lock_solution_type is the lock installed on that model by default (a device may later change it).
CREATE TABLE phone_models (
  id bigserial PRIMARY KEY,
  sku text NOT NULL UNIQUE,
  brand text NOT NULL,
  name text NOT NULL,
  model text NOT NULL,
  storage_gb integer NOT NULL CHECK (storage_gb > 0),
  ram_gb integer NOT NULL CHECK (ram_gb > 0),
  lock_solution_type text NOT NULL
    CHECK (lock_solution_type IN ('trustonic', 'oguard', 'rguard', 'zte', 'vivo', 'dial_code')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL
);

-- Prices, versioned: the row with effective_to NULL is the current price of a model, older rows stay for the
-- loans sold at them (a price update closes the current row and opens a new one, through maker-checker).
-- The plan: a deposit, then `installments` daily payments. installments is a multiple of both 7 and 30
-- (210 days in the demo catalogue), so the weekly (7 days) and monthly (30 days) plans pay the same total in
-- whole installments. The twelve-months option is 12 payments 30 days apart of twelve_months_payment.
-- credit_multiplier is the pricing input: the credit price aimed at is rrp x multiplier, daily_payment rounds it up.
CREATE TABLE phone_prices (
  id bigserial PRIMARY KEY,
  phone_model_id bigint NOT NULL REFERENCES phone_models (id),
  rrp bigint NOT NULL CHECK (rrp > 0),
  wholesale_price bigint NOT NULL CHECK (wholesale_price > 0 AND wholesale_price <= rrp),
  margin bigint GENERATED ALWAYS AS (rrp - wholesale_price) STORED,
  credit_multiplier numeric(4, 2) NOT NULL CHECK (credit_multiplier >= 1),
  deposit bigint NOT NULL CHECK (deposit > 0 AND deposit < rrp),
  daily_payment bigint NOT NULL CHECK (daily_payment > 0),
  weekly_payment bigint GENERATED ALWAYS AS (daily_payment * 7) STORED,
  monthly_payment bigint GENERATED ALWAYS AS (daily_payment * 30) STORED,
  installments integer NOT NULL CHECK (installments > 0 AND installments % 7 = 0 AND installments % 30 = 0),
  total_repayable bigint GENERATED ALWAYS AS (deposit + daily_payment * installments) STORED,
  twelve_months_payment bigint NOT NULL CHECK (twelve_months_payment > 0),
  twelve_months_total bigint GENERATED ALWAYS AS (deposit + twelve_months_payment * 12) STORED,
  effective_from timestamptz NOT NULL,
  effective_to timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (deposit + daily_payment * installments >= rrp),
  CHECK (deposit + twelve_months_payment * 12 >= rrp),
  CHECK (effective_to IS NULL OR effective_to > effective_from)
);
CREATE UNIQUE INDEX phone_prices_current_key ON phone_prices (phone_model_id) WHERE effective_to IS NULL;

-- Handsets in stores. A phone offered to a customer must be in_stock at the agent's store, it becomes sold
-- when its loan is created.
CREATE TABLE inventory_items (
  id bigserial PRIMARY KEY,
  phone_model_id bigint NOT NULL REFERENCES phone_models (id),
  store_id bigint NOT NULL REFERENCES stores (id),
  imei text NOT NULL UNIQUE CHECK (imei ~ '^[0-9]{15}$'),
  status text NOT NULL DEFAULT 'in_stock' CHECK (status IN ('in_stock', 'reserved', 'sold', 'returned', 'damaged')),
  received_at timestamptz NOT NULL,
  sold_at timestamptz,
  CHECK (status <> 'sold' OR sold_at IS NOT NULL)
);
CREATE INDEX inventory_items_store_idx ON inventory_items (store_id, status, phone_model_id);

-- Customers, keyed for staff by msisdn (255XXXXXXXXX).
-- national_id is the number of the ID document the customer registered with, as printed (id_type says which:
-- for a NIDA card it is the 8-5-5-2 form). nida_number is the bare 20-digit NIDA number used for the
-- fingerprint check (every SIM-registered Tanzanian has one, but it stays optional for a customer onboarded
-- before it was captured). The security answer is stored only as a salted scrypt hash.
CREATE TABLE customers (
  id bigserial PRIMARY KEY,
  msisdn text NOT NULL UNIQUE CHECK (msisdn ~ '^255[67][0-9]{8}$'),
  first_name text NOT NULL,
  other_names text NOT NULL,
  sex text NOT NULL CHECK (sex IN ('M', 'F')),
  date_of_birth date NOT NULL,
  id_type text NOT NULL DEFAULT 'nida' CHECK (id_type IN ('nida', 'voter', 'driving_licence', 'passport')),
  national_id text NOT NULL,
  nida_number text UNIQUE CHECK (nida_number ~ '^[0-9]{20}$'),
  birth_country text NOT NULL DEFAULT 'Tanzania',
  birth_region text,
  birth_district text,
  birth_ward text,
  resident_postal_code text,
  resident_region text,
  resident_district text,
  resident_village text,
  resident_street text,
  customer_key text NOT NULL UNIQUE,
  security_question text,
  security_answer_hash text,
  store_id bigint REFERENCES stores (id),
  registered_by_agent_id bigint REFERENCES agents (id),
  registered_at timestamptz NOT NULL,
  CHECK ((security_question IS NULL) = (security_answer_hash IS NULL))
);
CREATE INDEX customers_national_id_idx ON customers (national_id);
CREATE INDEX customers_store_idx ON customers (store_id);

-- How much phone a customer may take on credit: a customer qualifies for the phones whose current rrp is at
-- most limit_amount (and only while they have no active loan). 0 means the customer qualifies for nothing.
CREATE TABLE customer_limits (
  customer_id bigint PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  limit_amount bigint NOT NULL CHECK (limit_amount >= 0),
  score integer NOT NULL CHECK (score BETWEEN 0 AND 1000),
  updated_at timestamptz NOT NULL
);

-- Customer devices under a lock solution.
-- lock_status: the lock solution is active (enforcing, during a loan) or inactive (released after the loan).
-- activation_status: whether the lock install was confirmed (confirm_lock_activation).
-- is_locked: the handset is locked right now (arrears past future_lock_date, or stolen/lost).
-- status: the handset's own state, a stolen or lost device is always locked.
CREATE TABLE devices (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id),
  phone_model_id bigint NOT NULL REFERENCES phone_models (id),
  inventory_item_id bigint UNIQUE REFERENCES inventory_items (id),
  imei text NOT NULL UNIQUE CHECK (imei ~ '^[0-9]{15}$'),
  lock_solution_type text NOT NULL
    CHECK (lock_solution_type IN ('trustonic', 'oguard', 'rguard', 'zte', 'vivo', 'dial_code')),
  lock_status text NOT NULL DEFAULT 'active' CHECK (lock_status IN ('active', 'inactive')),
  activation_status text NOT NULL DEFAULT 'not_activated' CHECK (activation_status IN ('activated', 'not_activated')),
  is_locked boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'stolen', 'lost', 'damaged')),
  last_check_in timestamptz,
  enrolled_at timestamptz,
  future_lock_date date,
  created_at timestamptz NOT NULL,
  CHECK (status NOT IN ('stolen', 'lost') OR is_locked)
);
CREATE INDEX devices_customer_idx ON devices (customer_id);

-- What happened to a device: stolen, recovered, lost (date lost), damaged (service centre, repair reason), repaired.
CREATE TABLE device_incidents (
  id bigserial PRIMARY KEY,
  device_id bigint NOT NULL REFERENCES devices (id),
  kind text NOT NULL CHECK (kind IN ('stolen', 'recovered', 'lost', 'damaged', 'repaired')),
  occurred_on date NOT NULL,
  service_centre text,
  repair_reason text,
  notes text,
  reported_by bigint REFERENCES admins (id),
  created_at timestamptz NOT NULL,
  CHECK (kind <> 'damaged' OR (service_centre IS NOT NULL AND repair_reason IS NOT NULL))
);
CREATE INDEX device_incidents_device_idx ON device_incidents (device_id, occurred_on);
CREATE INDEX device_incidents_kind_idx ON device_incidents (kind, occurred_on);

-- Loans. The schedule is fixed at sale: `installments` payments of installment_amount, interval_days apart
-- (1 daily, 7 weekly, 30 monthly and twelve_months), the first one interval after started_at.
-- next_repayment_date is the due date of the earliest installment not fully paid, and
-- days_defaulted = max(0, today - next_repayment_date), kept current by the daily ageing run (its category:
-- src/lib/defaulter-category.ts). amount_due is what is overdue or due today, late fee included.
-- amount_paid counts repayments after the deposit. deposit_paid + amount_paid is what the spec calls "repaid".
CREATE TABLE loans (
  id bigserial PRIMARY KEY,
  loan_number text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers (id),
  device_id bigint NOT NULL REFERENCES devices (id),
  phone_price_id bigint NOT NULL REFERENCES phone_prices (id),
  store_id bigint NOT NULL REFERENCES stores (id),
  agent_id bigint REFERENCES agents (id),
  repayment_period text NOT NULL CHECK (repayment_period IN ('daily', 'weekly', 'monthly', 'twelve_months')),
  price bigint NOT NULL CHECK (price > 0),
  deposit_paid bigint NOT NULL CHECK (deposit_paid >= 0 AND deposit_paid <= price),
  principal bigint GENERATED ALWAYS AS (price - deposit_paid) STORED,
  installment_amount bigint NOT NULL CHECK (installment_amount > 0),
  installments integer NOT NULL CHECK (installments > 0),
  interval_days integer NOT NULL CHECK (interval_days IN (1, 7, 30)),
  total_repayable bigint GENERATED ALWAYS AS (deposit_paid + installment_amount * installments) STORED,
  amount_paid bigint NOT NULL DEFAULT 0 CHECK (amount_paid >= 0),
  late_fee bigint NOT NULL DEFAULT 0 CHECK (late_fee >= 0),
  loan_balance bigint GENERATED ALWAYS AS (installment_amount * installments + late_fee - amount_paid) STORED,
  amount_due bigint NOT NULL DEFAULT 0 CHECK (amount_due >= 0),
  days_defaulted integer NOT NULL DEFAULT 0 CHECK (days_defaulted >= 0),
  last_repayment_date date,
  next_repayment_date date,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'closed', 'deactivated')),
  contract_ref text UNIQUE,
  contract_url text,
  started_at timestamptz NOT NULL,
  closed_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (deposit_paid + installment_amount * installments >= price),
  CHECK (amount_paid <= installment_amount * installments + late_fee),
  CHECK (amount_due <= installment_amount * installments + late_fee - amount_paid),
  CHECK ((status = 'active') = (closed_at IS NULL)),
  CHECK (status <> 'active' OR next_repayment_date IS NOT NULL)
);
-- A customer has at most one active loan (and with one does not qualify for another phone).
CREATE UNIQUE INDEX loans_one_active_per_customer ON loans (customer_id) WHERE status = 'active';
CREATE INDEX loans_customer_idx ON loans (customer_id);
CREATE INDEX loans_device_idx ON loans (device_id);
CREATE INDEX loans_store_idx ON loans (store_id);
CREATE INDEX loans_agent_idx ON loans (agent_id);
CREATE INDEX loans_defaulters_idx ON loans (days_defaulted) WHERE status = 'active' AND days_defaulted > 0;

-- Payments received: deposits and repayments by mobile money or at a store's POS. Money in is a credit,
-- a reversal a debit. balance_before/after are the loan's balance around this payment. A payment that could
-- not be matched to a loan (wrong account keyed in) is suspended, with no customer or loan, until corrected.
-- transaction_id is the provider's receipt, idempotency_key the client's key for a push (one charge per key).
-- A first deposit is completed before its loan exists (the loan is created at the end of the wizard), so
-- loan_id is set then.
CREATE TABLE transactions (
  id bigserial PRIMARY KEY,
  transaction_id text NOT NULL UNIQUE,
  master_transaction_id text NOT NULL,
  reference_no text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('deposit', 'repayment')),
  payment_method text NOT NULL CHECK (payment_method IN ('mpesa', 'tigo_pesa', 'airtel_money', 'halopesa', 'pos')),
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'suspended', 'reversed')),
  amount bigint NOT NULL CHECK (amount > 0),
  debit bigint NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit bigint NOT NULL DEFAULT 0 CHECK (credit >= 0),
  balance_before bigint,
  balance_after bigint,
  payment_phone text,
  customer_name text,
  account_keyed_in text,
  business_short_code text,
  allocated_to text,
  customer_id bigint REFERENCES customers (id),
  loan_id bigint REFERENCES loans (id),
  idempotency_key text UNIQUE,
  date_processed timestamptz,
  created_at timestamptz NOT NULL,
  CHECK (status <> 'completed' OR date_processed IS NOT NULL),
  CHECK (status <> 'suspended' OR loan_id IS NULL)
);
CREATE INDEX transactions_customer_idx ON transactions (customer_id, date_processed);
CREATE INDEX transactions_loan_idx ON transactions (loan_id, date_processed);
CREATE INDEX transactions_reference_idx ON transactions (reference_no);
CREATE INDEX transactions_master_idx ON transactions (master_transaction_id);
CREATE INDEX transactions_suspended_idx ON transactions (date_processed) WHERE status = 'suspended';

-- SMS sent to customers (get_customer_sms lists them newest first).
CREATE TABLE customer_sms (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id),
  msisdn text NOT NULL,
  body text NOT NULL,
  category text NOT NULL
    CHECK (category IN ('welcome', 'receipt', 'reminder', 'overdue', 'lock_warning', 'closed', 'qualified', 'other')),
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'delivered', 'failed')),
  sent_at timestamptz NOT NULL
);
CREATE INDEX customer_sms_customer_idx ON customer_sms (customer_id, sent_at DESC, id DESC);

-- The phones each customer qualifies for by limit: current prices of active models within the customer's
-- limit, for customers without an active loan. Stock is not part of it: the server narrows the list to the
-- phones in stock at the agent's store.
CREATE VIEW customer_qualified_phones AS
SELECT c.id AS customer_id, m.id AS phone_model_id, p.id AS phone_price_id, p.rrp, l.limit_amount
FROM customers c
JOIN customer_limits l ON l.customer_id = c.id
JOIN phone_prices p ON p.effective_to IS NULL AND p.rrp <= l.limit_amount
JOIN phone_models m ON m.id = p.phone_model_id AND m.active
WHERE NOT EXISTS (SELECT 1 FROM loans a WHERE a.customer_id = c.id AND a.status = 'active');
