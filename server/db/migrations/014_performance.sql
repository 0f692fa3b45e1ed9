-- Issue 16: indexes for the hot queries that had none at a million customers (found by EXPLAIN on a seed:scale
-- database and checked by tests/api/hot-queries.test.ts, which fails on a sequential scan of a large table).
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- The device lists (damaged, lost, suspended IMEIs) select devices by status: a few in a hundred, so a partial
-- index of just those rows, never the active ones.
CREATE INDEX devices_listed_status_idx ON devices (status, id) WHERE status IN ('stolen', 'lost', 'damaged');

-- Finding a customer by an ID number typed with other spacing, dashes or case (server/domain/customers.ts
-- compares it without them): the same expression, indexed.
CREATE INDEX customers_national_id_bare_idx ON customers ((upper(regexp_replace(national_id, '[[:space:]-]', '', 'g'))));
