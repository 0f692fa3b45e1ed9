-- Lock solution changes (issue 4, decision 008): a customer's device moving from one lock provider to another.
-- Started with the new type (the agent gets its instructions), applied when the agent confirms the lock and the
-- app are installed; a new start replaces an unconfirmed one (one live change per device). enrolled_at is set
-- after the commit, once the new provider has accepted the handset; until then the enrolment is pending and
-- confirming again retries it.
CREATE TABLE lock_solution_changes (
  id bigserial PRIMARY KEY,
  device_id bigint NOT NULL REFERENCES devices (id),
  from_type text NOT NULL CHECK (from_type IN ('trustonic', 'oguard', 'rguard', 'zte', 'vivo', 'dial_code')),
  to_type text NOT NULL CHECK (to_type IN ('trustonic', 'oguard', 'rguard', 'zte', 'vivo', 'dial_code')),
  started_by bigint NOT NULL REFERENCES admins (id),
  started_at timestamptz NOT NULL,
  replaced_at timestamptz,
  applied_by bigint REFERENCES admins (id),
  applied_at timestamptz,
  enrolled_at timestamptz,
  enrolment_id text,
  CHECK (from_type <> to_type),
  CHECK (applied_at IS NULL OR replaced_at IS NULL),
  CHECK ((applied_at IS NULL) = (applied_by IS NULL)),
  CHECK (enrolled_at IS NULL OR applied_at IS NOT NULL)
);
CREATE UNIQUE INDEX lock_solution_changes_live_key ON lock_solution_changes (device_id) WHERE applied_at IS NULL AND replaced_at IS NULL;
CREATE INDEX lock_solution_changes_device_idx ON lock_solution_changes (device_id, started_at DESC);
