-- Issue 16 (decision 089): the identifiers, codes and states compare as bytes (COLLATE "C"), not by the database's
-- locale. Every text column is declared "C" here except the words people write or read (names, places, comments,
-- reasons, message bodies, descriptions), which keep the database's collation: their lower(), upper() and ILIKE go on
-- knowing letters beyond ASCII. tests/api/collation.test.ts holds that list and fails on a new text column that is
-- in neither.
-- Why: with a libc locale other than C (C.UTF-8 here) PostgreSQL compares text through strcoll() and sorts it without
-- abbreviated keys. At a million customers the payments' master-transaction index built in 40.7-41.3 s with C.UTF-8
-- and 30.3 s with "C", and seed:scale spends most of its time building such indexes. An index lookup of a phone
-- number, receipt or IMEI compares the same way.
-- What it changes: nothing a caller sees. C.UTF-8 and PGlite's C both already ordered these columns by code point,
-- the byte order of UTF-8, and they hold ASCII. Comparing a "C" column with one of the database's collation is not an
-- error: the "C" side wins (a non-default collation over the default). Columns compared with each other are all
-- identifiers, so both sides are "C" and their indexes still serve the comparison.
-- A column a view or a trigger's column list or condition uses cannot change type: those views and triggers are
-- dropped first and made again after, as they were.
-- On a database with data, the columns' indexes are rebuilt (the tables are not rewritten).

DROP VIEW customer_qualified_phones;
DROP VIEW ledger_postings;
DROP VIEW defaulter_rows_live;
DROP TRIGGER admins_names ON admins;
DROP TRIGGER collection_cases_defaulter_rows ON collection_cases;
DROP TRIGGER customers_defaulter_rows ON customers;
DROP TRIGGER deposit_attempts_receipt ON deposit_attempts;
DROP TRIGGER devices_status_counted_insert ON devices;
DROP TRIGGER devices_status_counted_update ON devices;
DROP TRIGGER devices_status_counted_delete ON devices;
DROP TRIGGER payment_promises_defaulter_rows ON payment_promises;

ALTER TABLE admin_group_roles
  ALTER COLUMN admin_role TYPE text COLLATE "C";
ALTER TABLE admin_roles
  ALTER COLUMN code TYPE text COLLATE "C";
ALTER TABLE admins
  ALTER COLUMN username TYPE text COLLATE "C",
  ALTER COLUMN email TYPE text COLLATE "C",
  ALTER COLUMN phone TYPE text COLLATE "C",
  ALTER COLUMN password_hash TYPE text COLLATE "C",
  ALTER COLUMN otp_channel TYPE text COLLATE "C",
  ALTER COLUMN last_ip TYPE text COLLATE "C";
ALTER TABLE agent_categories
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE agents
  ALTER COLUMN msisdn TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE analytics_cohorts
  ALTER COLUMN lock_type TYPE text COLLATE "C";
ALTER TABLE analytics_daily
  ALTER COLUMN lock_type TYPE text COLLATE "C";
ALTER TABLE analytics_migration
  ALTER COLUMN lock_type TYPE text COLLATE "C",
  ALTER COLUMN from_category TYPE text COLLATE "C",
  ALTER COLUMN to_category TYPE text COLLATE "C";
ALTER TABLE analytics_migration_region
  ALTER COLUMN store_type TYPE text COLLATE "C",
  ALTER COLUMN lock_type TYPE text COLLATE "C",
  ALTER COLUMN from_category TYPE text COLLATE "C",
  ALTER COLUMN to_category TYPE text COLLATE "C";
ALTER TABLE analytics_period
  ALTER COLUMN period TYPE text COLLATE "C",
  ALTER COLUMN lock_type TYPE text COLLATE "C";
ALTER TABLE analytics_period_stock
  ALTER COLUMN period TYPE text COLLATE "C";
ALTER TABLE analytics_period_store
  ALTER COLUMN period TYPE text COLLATE "C",
  ALTER COLUMN lock_type TYPE text COLLATE "C";
ALTER TABLE analytics_refreshes
  ALTER COLUMN part TYPE text COLLATE "C";
ALTER TABLE analytics_trend_region
  ALTER COLUMN store_type TYPE text COLLATE "C",
  ALTER COLUMN lock_type TYPE text COLLATE "C";
ALTER TABLE analytics_vintage
  ALTER COLUMN lock_type TYPE text COLLATE "C";
ALTER TABLE analytics_vintage_region
  ALTER COLUMN store_type TYPE text COLLATE "C",
  ALTER COLUMN lock_type TYPE text COLLATE "C";
ALTER TABLE audit_log
  ALTER COLUMN action TYPE text COLLATE "C",
  ALTER COLUMN entity TYPE text COLLATE "C",
  ALTER COLUMN entity_id TYPE text COLLATE "C";
ALTER TABLE auth_sessions
  ALTER COLUMN id TYPE text COLLATE "C";
ALTER TABLE call_rating_days
  ALTER COLUMN kind TYPE text COLLATE "C",
  ALTER COLUMN mood TYPE text COLLATE "C",
  ALTER COLUMN description TYPE text COLLATE "C";
ALTER TABLE call_ratings
  ALTER COLUMN call_type TYPE text COLLATE "C",
  ALTER COLUMN mood TYPE text COLLATE "C",
  ALTER COLUMN description TYPE text COLLATE "C";
ALTER TABLE closed_periods
  ALTER COLUMN month TYPE text COLLATE "C";
ALTER TABLE collection_cases
  ALTER COLUMN last_outcome TYPE text COLLATE "C",
  ALTER COLUMN last_reason TYPE text COLLATE "C";
ALTER TABLE customer_credentials
  ALTER COLUMN pin_hash TYPE text COLLATE "C",
  ALTER COLUMN reset_code_hash TYPE text COLLATE "C";
ALTER TABLE customer_sms
  ALTER COLUMN msisdn TYPE text COLLATE "C",
  ALTER COLUMN category TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE customers
  ALTER COLUMN msisdn TYPE text COLLATE "C",
  ALTER COLUMN sex TYPE text COLLATE "C",
  ALTER COLUMN id_type TYPE text COLLATE "C",
  ALTER COLUMN national_id TYPE text COLLATE "C",
  ALTER COLUMN nida_number TYPE text COLLATE "C",
  ALTER COLUMN resident_postal_code TYPE text COLLATE "C",
  ALTER COLUMN customer_key TYPE text COLLATE "C",
  ALTER COLUMN security_answer_hash TYPE text COLLATE "C",
  ALTER COLUMN language TYPE text COLLATE "C";
ALTER TABLE data_bundle_awards
  ALTER COLUMN bundle TYPE text COLLATE "C";
ALTER TABLE debt_collection_call_ratings
  ALTER COLUMN mood TYPE text COLLATE "C";
ALTER TABLE debt_collection_calls
  ALTER COLUMN call_type TYPE text COLLATE "C",
  ALTER COLUMN outcome TYPE text COLLATE "C",
  ALTER COLUMN reason TYPE text COLLATE "C";
ALTER TABLE defaulter_reasons_days
  ALTER COLUMN reason TYPE text COLLATE "C",
  ALTER COLUMN category TYPE text COLLATE "C";
ALTER TABLE defaulter_rows
  ALTER COLUMN loan_number TYPE text COLLATE "C",
  ALTER COLUMN msisdn TYPE text COLLATE "C",
  ALTER COLUMN last_outcome TYPE text COLLATE "C",
  ALTER COLUMN last_reason TYPE text COLLATE "C",
  ALTER COLUMN promise_status TYPE text COLLATE "C";
ALTER TABLE deposit_attempts
  ALTER COLUMN idempotency_key TYPE text COLLATE "C",
  ALTER COLUMN payment_msisdn TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C",
  ALTER COLUMN failure TYPE text COLLATE "C",
  ALTER COLUMN receipt TYPE text COLLATE "C",
  ALTER COLUMN settled_by TYPE text COLLATE "C";
ALTER TABLE device_incidents
  ALTER COLUMN kind TYPE text COLLATE "C";
ALTER TABLE device_lock_commands
  ALTER COLUMN command TYPE text COLLATE "C",
  ALTER COLUMN reason TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE devices
  ALTER COLUMN imei TYPE text COLLATE "C",
  ALTER COLUMN lock_solution_type TYPE text COLLATE "C",
  ALTER COLUMN lock_status TYPE text COLLATE "C",
  ALTER COLUMN activation_status TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE finance_settings
  ALTER COLUMN key TYPE text COLLATE "C";
ALTER TABLE first_deposit_days
  ALTER COLUMN provider TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE first_deposit_otps
  ALTER COLUMN party TYPE text COLLATE "C",
  ALTER COLUMN recipient TYPE text COLLATE "C",
  ALTER COLUMN code_hash TYPE text COLLATE "C";
ALTER TABLE first_deposits
  ALTER COLUMN repayment_period TYPE text COLLATE "C",
  ALTER COLUMN identity_method TYPE text COLLATE "C",
  ALTER COLUMN contract_ref TYPE text COLLATE "C",
  ALTER COLUMN terms_version TYPE text COLLATE "C",
  ALTER COLUMN provider TYPE text COLLATE "C",
  ALTER COLUMN loan_standing TYPE text COLLATE "C",
  ALTER COLUMN receipt TYPE text COLLATE "C";
ALTER TABLE imei_exceptions_snapshot
  ALTER COLUMN kind TYPE text COLLATE "C",
  ALTER COLUMN imei TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C",
  ALTER COLUMN device_status TYPE text COLLATE "C";
ALTER TABLE inventory_items
  ALTER COLUMN imei TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE inventory_status_changes
  ALTER COLUMN from_status TYPE text COLLATE "C",
  ALTER COLUMN to_status TYPE text COLLATE "C";
ALTER TABLE ledger_accounts
  ALTER COLUMN code TYPE text COLLATE "C",
  ALTER COLUMN category TYPE text COLLATE "C",
  ALTER COLUMN account_number TYPE text COLLATE "C",
  ALTER COLUMN ob_number TYPE text COLLATE "C";
ALTER TABLE ledger_days
  ALTER COLUMN account TYPE text COLLATE "C";
ALTER TABLE ledger_entries
  ALTER COLUMN kind TYPE text COLLATE "C",
  ALTER COLUMN debit_account TYPE text COLLATE "C",
  ALTER COLUMN credit_account TYPE text COLLATE "C";
ALTER TABLE list_totals
  ALTER COLUMN list TYPE text COLLATE "C";
ALTER TABLE loans
  ALTER COLUMN loan_number TYPE text COLLATE "C",
  ALTER COLUMN repayment_period TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C",
  ALTER COLUMN contract_ref TYPE text COLLATE "C",
  ALTER COLUMN contract_url TYPE text COLLATE "C";
ALTER TABLE lock_solution_changes
  ALTER COLUMN from_type TYPE text COLLATE "C",
  ALTER COLUMN to_type TYPE text COLLATE "C",
  ALTER COLUMN enrolment_id TYPE text COLLATE "C";
ALTER TABLE login_attempts
  ALTER COLUMN username TYPE text COLLATE "C",
  ALTER COLUMN client_ip TYPE text COLLATE "C";
ALTER TABLE offline_pins
  ALTER COLUMN code_hash TYPE text COLLATE "C";
ALTER TABLE otp_codes
  ALTER COLUMN session_id TYPE text COLLATE "C",
  ALTER COLUMN code_hash TYPE text COLLATE "C";
ALTER TABLE otp_wrong_codes
  ALTER COLUMN session_id TYPE text COLLATE "C";
ALTER TABLE outbox
  ALTER COLUMN channel TYPE text COLLATE "C",
  ALTER COLUMN recipient TYPE text COLLATE "C";
ALTER TABLE payment_callbacks
  ALTER COLUMN source TYPE text COLLATE "C",
  ALTER COLUMN provider TYPE text COLLATE "C",
  ALTER COLUMN receipt TYPE text COLLATE "C",
  ALTER COLUMN reference TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C",
  ALTER COLUMN result_code TYPE text COLLATE "C",
  ALTER COLUMN msisdn TYPE text COLLATE "C";
ALTER TABLE payment_promises
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE phone_models
  ALTER COLUMN sku TYPE text COLLATE "C",
  ALTER COLUMN lock_solution_type TYPE text COLLATE "C";
ALTER TABLE promise_unlocks
  ALTER COLUMN end_reason TYPE text COLLATE "C";
ALTER TABLE reconciliation_lines
  ALTER COLUMN kind TYPE text COLLATE "C",
  ALTER COLUMN matched_by TYPE text COLLATE "C",
  ALTER COLUMN receipt TYPE text COLLATE "C",
  ALTER COLUMN payer_phone TYPE text COLLATE "C",
  ALTER COLUMN resolution TYPE text COLLATE "C";
ALTER TABLE reconciliation_mappings
  ALTER COLUMN provider TYPE text COLLATE "C";
ALTER TABLE reconciliation_runs
  ALTER COLUMN provider TYPE text COLLATE "C",
  ALTER COLUMN content_type TYPE text COLLATE "C",
  ALTER COLUMN sha256 TYPE text COLLATE "C",
  ALTER COLUMN mapping_name TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE report_snapshots
  ALTER COLUMN report TYPE text COLLATE "C";
ALTER TABLE request_kinds
  ALTER COLUMN code TYPE text COLLATE "C",
  ALTER COLUMN queue TYPE text COLLATE "C",
  ALTER COLUMN description TYPE text COLLATE "C";
ALTER TABLE requests
  ALTER COLUMN kind TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE settings
  ALTER COLUMN key TYPE text COLLATE "C";
ALTER TABLE shop_owners
  ALTER COLUMN msisdn TYPE text COLLATE "C";
ALTER TABLE stock_count_lines
  ALTER COLUMN outcome TYPE text COLLATE "C",
  ALTER COLUMN imei TYPE text COLLATE "C";
ALTER TABLE stock_transfers
  ALTER COLUMN status TYPE text COLLATE "C";
ALTER TABLE stores
  ALTER COLUMN store_type TYPE text COLLATE "C",
  ALTER COLUMN till_or_paybill TYPE text COLLATE "C",
  ALTER COLUMN biller_type TYPE text COLLATE "C",
  ALTER COLUMN biller_number TYPE text COLLATE "C";
ALTER TABLE transactions
  ALTER COLUMN transaction_id TYPE text COLLATE "C",
  ALTER COLUMN master_transaction_id TYPE text COLLATE "C",
  ALTER COLUMN reference_no TYPE text COLLATE "C",
  ALTER COLUMN kind TYPE text COLLATE "C",
  ALTER COLUMN payment_method TYPE text COLLATE "C",
  ALTER COLUMN status TYPE text COLLATE "C",
  ALTER COLUMN payment_phone TYPE text COLLATE "C",
  ALTER COLUMN account_keyed_in TYPE text COLLATE "C",
  ALTER COLUMN business_short_code TYPE text COLLATE "C",
  ALTER COLUMN allocated_to TYPE text COLLATE "C",
  ALTER COLUMN idempotency_key TYPE text COLLATE "C";
ALTER TABLE vivo_auth_codes
  ALTER COLUMN imei TYPE text COLLATE "C",
  ALTER COLUMN recipient TYPE text COLLATE "C",
  ALTER COLUMN code_hash TYPE text COLLATE "C";

CREATE VIEW customer_qualified_phones AS
SELECT c.id AS customer_id, m.id AS phone_model_id, p.id AS phone_price_id, p.rrp, l.limit_amount
FROM customers c
JOIN customer_limits l ON l.customer_id = c.id
JOIN phone_prices p ON p.effective_to IS NULL AND p.rrp <= l.limit_amount
JOIN phone_models m ON m.id = p.phone_model_id AND m.active
WHERE NOT EXISTS (SELECT 1 FROM loans a WHERE a.customer_id = c.id AND a.status = 'active');

CREATE VIEW ledger_postings AS
SELECT id AS entry_id, debit_account AS account, amount AS debit, 0::bigint AS credit, posted_at FROM ledger_entries
UNION ALL
SELECT id AS entry_id, credit_account AS account, 0::bigint AS debit, amount AS credit, posted_at FROM ledger_entries;

CREATE VIEW defaulter_rows_live AS
SELECT l.id, l.loan_number, l.customer_id, l.device_id, l.store_id, l.agent_id, l.days_defaulted, l.amount_due, l.loan_balance,
       l.last_repayment_date, l.next_repayment_date, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
       k.collector_id, k.last_call_at, k.last_outcome, k.last_reason, k.next_action_date, k.broken_promise_at,
       p.id AS promise_id, p.promised_on, p.amount AS promise_amount, p.paid_since AS promise_paid_since, p.status AS promise_status
  FROM loans l
  JOIN customers c ON c.id = l.customer_id
  LEFT JOIN collection_cases k ON k.loan_id = l.id
  LEFT JOIN LATERAL (SELECT x.id, x.promised_on, x.amount, x.paid_since, x.status FROM payment_promises x
                      WHERE x.loan_id = l.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) p ON true
 WHERE l.status = 'active' AND l.days_defaulted > 0;

CREATE TRIGGER admins_names AFTER INSERT OR DELETE OR UPDATE OF username, full_name OR TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION names_changed();
CREATE TRIGGER collection_cases_defaulter_rows
  AFTER INSERT OR DELETE OR UPDATE OF loan_id, collector_id, last_call_at, last_outcome, last_reason, next_action_date, broken_promise_at
  ON collection_cases FOR EACH ROW EXECUTE FUNCTION loan_part_defaulter_rows();
CREATE TRIGGER customers_defaulter_rows AFTER UPDATE OF msisdn, first_name, other_names ON customers FOR EACH ROW
  WHEN (OLD.msisdn IS DISTINCT FROM NEW.msisdn OR OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.other_names IS DISTINCT FROM NEW.other_names)
  EXECUTE FUNCTION customer_defaulter_rows();
CREATE TRIGGER deposit_attempts_receipt AFTER INSERT OR UPDATE OF receipt ON deposit_attempts FOR EACH ROW EXECUTE FUNCTION first_deposit_receipt();
CREATE TRIGGER devices_status_counted_insert AFTER INSERT ON devices FOR EACH ROW
  WHEN (NEW.status IN ('stolen', 'lost', 'damaged')) EXECUTE FUNCTION count_device_status();
CREATE TRIGGER devices_status_counted_update AFTER UPDATE OF status ON devices FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status IN ('stolen', 'lost', 'damaged') OR NEW.status IN ('stolen', 'lost', 'damaged')))
  EXECUTE FUNCTION count_device_status();
CREATE TRIGGER devices_status_counted_delete AFTER DELETE ON devices FOR EACH ROW
  WHEN (OLD.status IN ('stolen', 'lost', 'damaged')) EXECUTE FUNCTION count_device_status();
CREATE TRIGGER payment_promises_defaulter_rows AFTER INSERT OR DELETE OR UPDATE OF loan_id, promised_on, amount, paid_since, status, created_at
  ON payment_promises FOR EACH ROW EXECUTE FUNCTION loan_part_defaulter_rows();
