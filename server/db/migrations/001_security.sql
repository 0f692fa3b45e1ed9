-- Portal security: groups, roles, users, sessions, OTP, throttling, audit and the demo outbox.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE admin_roles (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE admin_groups (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX admin_groups_name_key ON admin_groups (lower(name));

CREATE TABLE admin_group_roles (
  id bigserial PRIMARY KEY,
  group_id bigint NOT NULL REFERENCES admin_groups (id) ON DELETE CASCADE,
  admin_role text NOT NULL REFERENCES admin_roles (code),
  created_at timestamptz NOT NULL,
  UNIQUE (group_id, admin_role)
);

CREATE TABLE admins (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  full_name text NOT NULL,
  email text NOT NULL,
  phone text,
  password_hash text NOT NULL,
  group_id bigint NOT NULL REFERENCES admin_groups (id),
  otp_enabled boolean NOT NULL DEFAULT false,
  otp_channel text NOT NULL DEFAULT 'sms' CHECK (otp_channel IN ('sms', 'email')),
  disabled boolean NOT NULL DEFAULT false,
  last_seen timestamptz,
  last_ip text,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX admins_username_key ON admins (lower(username));

-- One row per issued token (jti). Logout or disabling the user revokes it.
CREATE TABLE auth_sessions (
  id text PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  otp_required boolean NOT NULL,
  otp_verified_at timestamptz,
  revoked_at timestamptz
);

CREATE TABLE otp_codes (
  id bigserial PRIMARY KEY,
  session_id text NOT NULL REFERENCES auth_sessions (id),
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz
);

CREATE TABLE login_attempts (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  client_ip text NOT NULL,
  succeeded boolean NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX login_attempts_username_idx ON login_attempts (lower(username), attempted_at);
CREATE INDEX login_attempts_ip_idx ON login_attempts (client_ip, attempted_at);

CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  actor_id bigint REFERENCES admins (id),
  action text NOT NULL,
  entity text NOT NULL,
  entity_id text,
  before jsonb,
  after jsonb,
  at timestamptz NOT NULL
);
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id);

-- What the SMS/e-mail simulators "sent", read by testers through GET /portal_api/dev/outbox.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  channel text NOT NULL,
  recipient text NOT NULL,
  body text NOT NULL,
  sent_at timestamptz NOT NULL
);
