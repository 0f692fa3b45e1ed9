-- Issue 17: a user created by an admin (or whose password an admin set) chooses their own password at the next
-- login before anything else. Existing users and the demo users are not asked (a constant default rewrites no row).
ALTER TABLE admins ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
ALTER TABLE admins ADD COLUMN password_changed_at timestamptz;
