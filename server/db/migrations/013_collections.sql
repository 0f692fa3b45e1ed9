-- Debt collection (issue 14, decision 015): who works each defaulted loan, the calls logged with the customer, their
-- comments and ratings, and the promises to pay that repayments keep and the ageing run breaks.
--
-- Conventions as in 002: money is bigint TZS, instants timestamptz, calendar days date in EAT.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- One row per loan that collection has touched: the collector it is assigned to and a summary of its last call and
-- promise, kept in the transaction that changes them, so a list of a million loans joins one row per loan.
-- broken_promise_at: the customer's last promise was broken and no call was logged since (top of the collector's list).
CREATE TABLE collection_cases (
  loan_id bigint PRIMARY KEY REFERENCES loans (id),
  collector_id bigint REFERENCES admins (id),
  assigned_by bigint REFERENCES admins (id),
  assigned_at timestamptz,
  last_call_id bigint,
  last_call_at timestamptz,
  last_outcome text,
  last_reason text,
  next_action_date date,
  broken_promise_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK ((collector_id IS NULL) = (assigned_at IS NULL))
);
CREATE INDEX collection_cases_collector_idx ON collection_cases (collector_id, next_action_date) WHERE collector_id IS NOT NULL;

-- A call with a defaulting customer. outcome is from a fixed list, reason is why the customer says they have not paid.
CREATE TABLE debt_collection_calls (
  id bigserial PRIMARY KEY,
  loan_id bigint NOT NULL REFERENCES loans (id),
  customer_id bigint NOT NULL REFERENCES customers (id),
  call_type text NOT NULL CHECK (call_type IN ('incoming', 'outgoing')),
  outcome text NOT NULL CHECK (outcome IN ('promised_to_pay', 'reached_refused', 'reached_will_call_back', 'paid_already',
    'wrong_number', 'no_answer', 'phone_off', 'customer_unreachable')),
  reason text CHECK (reason IN ('business_slow', 'lost_job', 'sickness', 'family_emergency', 'forgot', 'phone_problem',
    'disputes_loan', 'travelling', 'other')),
  remark text,
  next_action_date date,
  days_defaulted integer NOT NULL CHECK (days_defaulted >= 0),
  amount_due bigint NOT NULL CHECK (amount_due >= 0),
  called_by bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX debt_collection_calls_loan_idx ON debt_collection_calls (loan_id, created_at DESC, id DESC);
CREATE INDEX debt_collection_calls_at_idx ON debt_collection_calls (created_at, loan_id);

CREATE TABLE debt_collection_call_comments (
  id bigserial PRIMARY KEY,
  call_id bigint NOT NULL REFERENCES debt_collection_calls (id),
  comment text NOT NULL,
  commented_by bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX debt_collection_call_comments_call_idx ON debt_collection_call_comments (call_id, created_at);

-- How a collection call went, rated by a supervisor or the collector (debt_collection_call_rating/v2).
CREATE TABLE debt_collection_call_ratings (
  id bigserial PRIMARY KEY,
  call_id bigint NOT NULL REFERENCES debt_collection_calls (id),
  score integer NOT NULL CHECK (score BETWEEN 1 AND 5),
  mood text NOT NULL CHECK (mood IN ('angry', 'disappointed', 'happy', 'neutral', 'sad')),
  comment text,
  rated_by bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX debt_collection_call_ratings_call_idx ON debt_collection_call_ratings (call_id, created_at);

-- A promise to pay `amount` by the end of `promised_on`. paid_before is the loan's amount_paid when it was made: the
-- promise is kept when repayments since reach the amount on or before that day (or the loan is repaid), broken when
-- the day passes short of it. A new promise on the same loan replaces an open one (superseded).
CREATE TABLE payment_promises (
  id bigserial PRIMARY KEY,
  loan_id bigint NOT NULL REFERENCES loans (id),
  call_id bigint NOT NULL REFERENCES debt_collection_calls (id),
  promised_on date NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  paid_before bigint NOT NULL CHECK (paid_before >= 0),
  paid_since bigint NOT NULL DEFAULT 0 CHECK (paid_since >= 0),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'kept', 'broken', 'superseded')),
  resolved_at timestamptz,
  created_by bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL,
  CHECK ((status = 'open') = (resolved_at IS NULL))
);
CREATE UNIQUE INDEX payment_promises_one_open ON payment_promises (loan_id) WHERE status = 'open';
CREATE INDEX payment_promises_due_idx ON payment_promises (promised_on) WHERE status = 'open';
CREATE INDEX payment_promises_loan_idx ON payment_promises (loan_id, created_at DESC, id DESC);

-- The defaulters lists and the loans tabs filter active loans by store, agent or days defaulted and sort by days,
-- amount due or last payment: partial indexes over the active loans keep a page and its count cheap on 1M loans.
CREATE INDEX loans_active_store_days_idx ON loans (store_id, days_defaulted DESC, id) WHERE status = 'active';
CREATE INDEX loans_active_agent_days_idx ON loans (agent_id, days_defaulted DESC, id) WHERE status = 'active';
CREATE INDEX loans_active_days_idx ON loans (days_defaulted DESC, id) WHERE status = 'active';
CREATE INDEX loans_active_due_idx ON loans (amount_due DESC, id) WHERE status = 'active' AND days_defaulted > 0;
CREATE INDEX loans_active_started_idx ON loans (started_at DESC, id) WHERE status = 'active';
