-- Reconciliation of mobile-money statements and month-end close (issue 13, decision 018).
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- Custom column mappings, saved by name.
CREATE TABLE reconciliation_mappings (
  name text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('mpesa', 'tigo_pesa', 'airtel_money', 'halopesa')),
  columns jsonb NOT NULL,
  created_by bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL
);

-- One uploaded statement and its matching. The file is kept as uploaded (base64), its SHA-256 recognises a second
-- upload of the same file. Signed off by a second person (never the uploader), after which it is locked.
CREATE TABLE reconciliation_runs (
  id bigserial PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('mpesa', 'tigo_pesa', 'airtel_money', 'halopesa')),
  period_from date NOT NULL,
  period_to date NOT NULL CHECK (period_to >= period_from),
  file_name text NOT NULL,
  content_type text NOT NULL,
  document text NOT NULL,
  sha256 text NOT NULL UNIQUE,
  mapping_name text,
  line_count integer NOT NULL CHECK (line_count >= 0),
  statement_total bigint NOT NULL,
  portal_total bigint NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'signed_off')),
  uploaded_by bigint NOT NULL REFERENCES admins (id),
  uploaded_at timestamptz NOT NULL,
  signed_off_by bigint REFERENCES admins (id),
  signed_off_at timestamptz,
  CHECK ((status = 'signed_off') = (signed_off_by IS NOT NULL AND signed_off_at IS NOT NULL)),
  CHECK (signed_off_by IS NULL OR signed_off_by <> uploaded_by)
);
CREATE INDEX reconciliation_runs_list_idx ON reconciliation_runs (uploaded_at DESC, id DESC);
CREATE INDEX reconciliation_runs_period_idx ON reconciliation_runs (period_to, period_from);

-- The lines of a run: each statement line with money paid in, and each portal payment the statement lacks.
CREATE TABLE reconciliation_lines (
  id bigserial PRIMARY KEY,
  run_id bigint NOT NULL REFERENCES reconciliation_runs (id),
  kind text NOT NULL CHECK (kind IN ('matched', 'amount_mismatch', 'statement_only', 'portal_only', 'duplicate')),
  matched_by text CHECK (matched_by IN ('receipt', 'phone_amount_time')),
  receipt text,
  completed_at timestamptz,
  details text,
  payer_phone text,
  statement_amount bigint,
  portal_amount bigint,
  transaction_row_id bigint REFERENCES transactions (id),
  resolution text CHECK (resolution IN ('record_payment', 'explained')),
  resolution_reason text,
  resolved_by bigint REFERENCES admins (id),
  resolved_at timestamptz,
  CHECK ((resolution IS NULL) = (resolved_by IS NULL)),
  CHECK (kind <> 'matched' OR resolution IS NULL)
);
CREATE INDEX reconciliation_lines_run_idx ON reconciliation_lines (run_id, id);
CREATE INDEX reconciliation_lines_open_idx ON reconciliation_lines (run_id, id) WHERE kind <> 'matched' AND resolution IS NULL;
CREATE INDEX reconciliation_lines_diff_idx ON reconciliation_lines (run_id, id) WHERE kind <> 'matched';

-- The statement matching reads the portal's payments of one provider over the period.
CREATE INDEX transactions_method_date_idx ON transactions (payment_method, date_processed);

-- Month-end close: a closed month takes no posting dated in it (server/domain/ledger.ts refuses it).
CREATE TABLE closed_periods (
  month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  closed_through date NOT NULL UNIQUE,
  reason text NOT NULL,
  closed_by bigint NOT NULL REFERENCES admins (id),
  closed_at timestamptz NOT NULL
);
