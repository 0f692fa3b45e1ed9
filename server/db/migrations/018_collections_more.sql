-- Collections, continued (issue 14, decision 020): a device unlocked until the day a defaulter promised to pay,
-- granted when a second person approves a collector's request, ended when the promise is kept, broken or its day is
-- over; and the indexes of the deposits, collections and call-ratings lists.
--
-- Conventions as in 002: money is bigint TZS, instants timestamptz, calendar days date in EAT.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

INSERT INTO request_kinds (code, queue, description) VALUES
  ('promise_unlock', 'maker_checker', 'Unlock a defaulter''s device until the day they promised to pay');

-- One row per approved unlock. While it is open (ended_at NULL) and its day `until_day` has not passed, arrears do
-- not lock the device. The sweep after the ageing run ends it: broken (the promise was broken, the device locks
-- again), kept (paid as promised) or expired (its day passed). At most one open grant per device.
CREATE TABLE promise_unlocks (
  id bigserial PRIMARY KEY,
  request_id bigint NOT NULL UNIQUE REFERENCES requests (id),
  loan_id bigint NOT NULL REFERENCES loans (id),
  device_id bigint NOT NULL REFERENCES devices (id),
  promise_id bigint NOT NULL REFERENCES payment_promises (id),
  until_day date NOT NULL,
  granted_by bigint NOT NULL REFERENCES admins (id),
  granted_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('kept', 'broken', 'expired', 'superseded')),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL))
);
CREATE UNIQUE INDEX promise_unlocks_one_open ON promise_unlocks (device_id) WHERE ended_at IS NULL;
CREATE INDEX promise_unlocks_open_until_idx ON promise_unlocks (until_day) WHERE ended_at IS NULL;

-- First deposits across customers (/dashboard/deposits): newest first in a period, optionally by store or agent.
CREATE INDEX first_deposits_created_idx ON first_deposits (created_at DESC, wizard_id DESC);
CREATE INDEX first_deposits_store_created_idx ON first_deposits (store_id, created_at DESC);
CREATE INDEX first_deposits_agent_created_idx ON first_deposits (agent_id, created_at DESC);

-- Call ratings (/dashboard/call-ratings): both kinds newest first in a period.
CREATE INDEX call_ratings_created_idx ON call_ratings (created_at DESC, id DESC);
CREATE INDEX debt_collection_call_ratings_created_idx ON debt_collection_call_ratings (created_at DESC, id DESC);
