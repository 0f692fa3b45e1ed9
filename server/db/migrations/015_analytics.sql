-- Analytics (issue 15, decision 017): daily snapshot tables the dashboards read, written by the ageing run
-- (server/domain/analytics/refresh.ts), so an analysis sums a few thousand pre-aggregated rows instead of a
-- million loans and their payments. Money is whole TZS in bigint. Days are EAT calendar days.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- One row per day and (store, agent, phone model, lock type): the book as it stood at the end of that day, and
-- what happened during it. Balances are loan balances (what the customer still owes on the schedule, late fee
-- included), gross_receivable covers active loans not written off (180 days late or less).
CREATE TABLE analytics_daily (
  day date NOT NULL,
  store_id bigint NOT NULL,
  agent_id bigint NOT NULL DEFAULT 0,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  active_loans integer NOT NULL DEFAULT 0,
  gross_receivable bigint NOT NULL DEFAULT 0,
  par1 bigint NOT NULL DEFAULT 0,
  par7 bigint NOT NULL DEFAULT 0,
  par30 bigint NOT NULL DEFAULT 0,
  par90 bigint NOT NULL DEFAULT 0,
  loans_late integer NOT NULL DEFAULT 0,
  due_amount bigint NOT NULL DEFAULT 0,
  collected_amount bigint NOT NULL DEFAULT 0,
  loans_started integer NOT NULL DEFAULT 0,
  deposits_taken bigint NOT NULL DEFAULT 0,
  written_off bigint NOT NULL DEFAULT 0,
  locked_arrears integer NOT NULL DEFAULT 0,
  locked_stolen integer NOT NULL DEFAULT 0,
  locked_lost integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, store_id, agent_id, phone_model_id, lock_type)
);

-- One row per start month (cohort) and (store, agent, phone model, lock type): first-payment default and
-- ownership, rebuilt once a day.
CREATE TABLE analytics_cohorts (
  cohort date NOT NULL,
  store_id bigint NOT NULL,
  agent_id bigint NOT NULL DEFAULT 0,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  loans integer NOT NULL,
  fpd_eligible integer NOT NULL,
  fpd integer NOT NULL,
  own_eligible integer NOT NULL,
  owned integer NOT NULL,
  PRIMARY KEY (cohort, store_id, agent_id, phone_model_id, lock_type)
);

-- Vintage curves: per cohort and account age in months (30 days), what the cohort's loans had paid and had
-- fallen due on the schedule by then (deposits excluded from both), rebuilt once a day.
CREATE TABLE analytics_vintage (
  cohort date NOT NULL,
  age_months integer NOT NULL CHECK (age_months > 0),
  store_id bigint NOT NULL,
  agent_id bigint NOT NULL DEFAULT 0,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  loans integer NOT NULL,
  cum_due bigint NOT NULL,
  cum_paid bigint NOT NULL,
  PRIMARY KEY (cohort, age_months, store_id, agent_id, phone_model_id, lock_type)
);

-- When each part was last rebuilt (the ageing run runs hourly: today's row every time, the cohorts once a day).
CREATE TABLE analytics_refreshes (
  part text PRIMARY KEY CHECK (part IN ('daily', 'cohorts', 'history')),
  day date NOT NULL,
  refreshed_at timestamptz NOT NULL
);
