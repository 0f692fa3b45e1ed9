-- Hardening (issue 11): login and one-time-code throttling that a stranger cannot turn into a lockout.
-- Wrong one-time codes per account, so a new password login does not grant fresh guesses (counted per hour).
CREATE TABLE otp_wrong_codes (
  id bigserial PRIMARY KEY,
  admin_id bigint NOT NULL REFERENCES admins (id),
  session_id text NOT NULL REFERENCES auth_sessions (id),
  at timestamptz NOT NULL
);
CREATE INDEX otp_wrong_codes_admin_idx ON otp_wrong_codes (admin_id, at);

-- The codes of a login (resends are counted per login) and the failed passwords of an account and address pair.
CREATE INDEX otp_codes_session_idx ON otp_codes (session_id, created_at);
CREATE INDEX login_attempts_pair_idx ON login_attempts (lower(username), client_ip, attempted_at);
