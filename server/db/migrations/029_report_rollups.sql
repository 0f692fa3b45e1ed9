-- Issue 16 (decision 032): the reports that read a million customers' rows on every call read rollups instead,
-- written by the ageing run (server/domain/report-rollups.ts) and by seed:scale. Each report's state is one row of
-- report_snapshots. Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- report: ledger_days, defaulter_reasons, collections_due, imei_exceptions. through_id: the rollup holds every row of
-- its append-only source table (ledger_entries, debt_collection_calls) up to this id, and a call adds the rows after it
-- live. day: the EAT day a snapshot of a day is of (collections due). refreshed_at: when the ageing run wrote it (the
-- clock's time). run: counts the writes, so that an answer kept from one (server/domain/kept-answers.ts) is not taken
-- for the next.
CREATE TABLE report_snapshots (
  report text PRIMARY KEY,
  through_id bigint,
  day date,
  refreshed_at timestamptz NOT NULL,
  run bigint NOT NULL DEFAULT 0
);

-- The balance sheet and the profit and loss: each account's debits and credits per EAT day of posting, for the ledger
-- entries up to report_snapshots.through_id. Entries are immutable, so the sums only grow.
CREATE TABLE ledger_days (
  account text NOT NULL REFERENCES ledger_accounts (code),
  day date NOT NULL,
  debit bigint NOT NULL,
  credit bigint NOT NULL,
  PRIMARY KEY (account, day)
);
INSERT INTO report_snapshots (report, through_id, refreshed_at) VALUES ('ledger_days', 0, now());

-- The defaulters reasons report: the collection calls up to through_id, counted by EAT day, the EAT day of the same
-- loan's next call (none: it is the loan's last call), reason, ageing category and region. A call is a loan's last
-- in a period when its day is in the period and its next call's day is after it.
CREATE TABLE defaulter_reasons_days (
  call_day date NOT NULL,
  next_day date,
  reason text NOT NULL,
  category text NOT NULL,
  region_id bigint NOT NULL,
  defaulters integer NOT NULL,
  amount_due bigint NOT NULL
);
CREATE INDEX defaulter_reasons_days_day_idx ON defaulter_reasons_days (call_day);
INSERT INTO report_snapshots (report, through_id, refreshed_at) VALUES ('defaulter_reasons', 0, now());

-- Collections due of report_snapshots.day, per store, agent and assigned collector (the scopes a caller may have).
CREATE TABLE collections_due_snapshot (
  store_id bigint NOT NULL,
  agent_id bigint,
  collector_id bigint,
  today_loans integer NOT NULL,
  today_amount bigint NOT NULL,
  week_loans integer NOT NULL,
  week_amount bigint NOT NULL
);
CREATE INDEX collections_due_snapshot_store_idx ON collections_due_snapshot (store_id);

-- The IMEI exceptions found by the last ageing run, in the list's order.
CREATE TABLE imei_exceptions_snapshot (
  kind text NOT NULL,
  item_id bigint NOT NULL,
  imei text NOT NULL,
  status text NOT NULL,
  store_id bigint NOT NULL,
  phone_model_id bigint NOT NULL,
  device_id bigint,
  device_status text,
  enrolled_at timestamptz
);
CREATE INDEX imei_exceptions_snapshot_order_idx ON imei_exceptions_snapshot (kind, store_id, imei);
