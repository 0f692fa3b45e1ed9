-- What staff do on a customer's phone and account: offline unlock codes, the lock commands sent to the lock
-- providers, call ratings, the customer's app PIN and its resets, and data bundles given as a gift.
--
-- Conventions as in 002: instants are timestamptz, calendar days are date in EAT. Codes and PINs are never
-- stored in the clear, only as a keyed hash (HMAC-SHA256 with the server's secret).
-- A stolen or lost device is always locked (002 holds that in a CHECK on devices), so no unlock can reach it.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- One-time unlock codes for a locked handset with no data connection. The rate limits count these rows per
-- device and per staff member in a sliding window (see server/domain/customer-actions.ts). Reporting the device
-- stolen revokes the codes not yet used, so a code read out before the theft unlocks nothing.
CREATE TABLE offline_pins (
  id bigserial PRIMARY KEY,
  device_id bigint NOT NULL REFERENCES devices (id),
  customer_id bigint NOT NULL REFERENCES customers (id),
  issued_by bigint NOT NULL REFERENCES admins (id),
  code_hash text NOT NULL,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz,
  CHECK (expires_at > issued_at)
);
CREATE INDEX offline_pins_device_idx ON offline_pins (device_id, issued_at);
CREATE INDEX offline_pins_staff_idx ON offline_pins (issued_by, issued_at);

-- Lock and unlock commands for the lock provider of a device, written in the transaction that decides them and
-- delivered after it commits (the simulator in demo mode marks them sent). The device row holds the state the
-- business wants; this is the trail of what was asked of the provider.
CREATE TABLE device_lock_commands (
  id bigserial PRIMARY KEY,
  device_id bigint NOT NULL REFERENCES devices (id),
  command text NOT NULL CHECK (command IN ('lock', 'unlock')),
  reason text NOT NULL CHECK (reason IN ('stolen', 'recovered', 'arrears', 'current')),
  requested_by bigint REFERENCES admins (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  requested_at timestamptz NOT NULL,
  sent_at timestamptz,
  CHECK (status <> 'sent' OR sent_at IS NOT NULL)
);
CREATE INDEX device_lock_commands_device_idx ON device_lock_commands (device_id, requested_at);
CREATE INDEX device_lock_commands_pending_idx ON device_lock_commands (requested_at) WHERE status = 'pending';

-- Call ratings (customer_call_rating): the call centre's record of how a call with the customer went.
CREATE TABLE call_ratings (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id),
  call_type text NOT NULL CHECK (call_type IN ('incoming', 'outgoing')),
  mood text NOT NULL CHECK (mood IN ('angry', 'disappointed', 'happy', 'neutral', 'sad')),
  description text NOT NULL CHECK (description IN ('inquiry', 'lost_phone', 'misinformed_by_agent', 'other', 'phone_unlock',
    'repair', 'wants_to_return_phone', 'payment_to_wrong_account')),
  comment text,
  rated_by bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX call_ratings_customer_idx ON call_ratings (customer_id, created_at DESC, id DESC);

-- The customer's app PIN. A reset sets a temporary PIN the customer must change at the next login. A forgot-
-- password code is single use and expires.
CREATE TABLE customer_credentials (
  customer_id bigint PRIMARY KEY REFERENCES customers (id),
  pin_hash text,
  must_change boolean NOT NULL DEFAULT false,
  reset_code_hash text,
  reset_code_expires_at timestamptz,
  updated_at timestamptz NOT NULL,
  CHECK ((reset_code_hash IS NULL) = (reset_code_expires_at IS NULL))
);

-- Data bundles given to a customer (award/customer/data/bundles).
CREATE TABLE data_bundle_awards (
  id bigserial PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customers (id),
  bundle text NOT NULL CHECK (bundle IN ('100MB', '500MB', '1GB', '2GB')),
  reason text NOT NULL,
  awarded_by bigint NOT NULL REFERENCES admins (id),
  awarded_at timestamptz NOT NULL
);
CREATE INDEX data_bundle_awards_customer_idx ON data_bundle_awards (customer_id, awarded_at);
