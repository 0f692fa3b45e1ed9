-- Issue 11: every admin change needs a second admin. Creating a security group becomes a portal change request
-- like creating a user and adding or removing a group's role (migration 003), decided in the portal inbox.
INSERT INTO request_kinds (code, queue, description) VALUES
  ('group_create', 'maker_checker_portal', 'Create a security group');
