-- Ageing migration month to month (issue 15, decision 024): how the book's balances moved between the ageing
-- categories from one month-end to the next, per (store, agent, phone model, lock type), rebuilt once a day by the
-- ageing run with the cohorts (server/domain/analytics/refresh.ts). An analysis sums these rows, never the loans.
-- Categories: new (started during the month, the from side only), current (0 days late), days_1_3, watchful (4-7),
-- substandard (8-14), doubtful (15-30), non_performing (31-180), written_off (more than 180 days late or
-- deactivated), closed (paid off, the to side only). Money is whole TZS in bigint.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.
CREATE TABLE analytics_migration (
  month_end date NOT NULL,
  store_id bigint NOT NULL,
  agent_id bigint NOT NULL DEFAULT 0,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  from_category text NOT NULL,
  to_category text NOT NULL,
  loans integer NOT NULL,
  balance_from bigint NOT NULL,
  balance_to bigint NOT NULL,
  PRIMARY KEY (month_end, store_id, agent_id, phone_model_id, lock_type, from_category, to_category)
);
-- A shop owner's or one store's migration reads by store first.
CREATE INDEX analytics_migration_store_idx ON analytics_migration (store_id, month_end);
