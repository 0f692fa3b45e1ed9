-- Analytics rollups (issue 15, decision 029): at a million customers the analyses summed up to a million
-- analytics_daily rows per call (a row per day and store, agent, phone model and lock type), every cohort, and read the
-- handsets live for the stock turn. The ageing run now also writes what each call reads, so a call sums at most one row
-- per combination of its scope, or a few hundred per day:
-- the period tables hold, per analysis period (7d, 30d, 90d) ending on the day of the last run, the book on that day,
-- the period's flows, the cohorts' first-payment default and ownership counts and the stock turn's parts. The region
-- tables hold the per-day trend, the vintage curves and the ageing migration without the store and the agent (the
-- store's region and type at the time of the run), for the whole book and the region leads.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

-- Per period and (store, agent, phone model, lock type), as of analytics_refreshes' 'periods' day.
CREATE TABLE analytics_period (
  period text NOT NULL CHECK (period IN ('7d', '30d', '90d')),
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
  locked_arrears integer NOT NULL DEFAULT 0,
  locked_stolen integer NOT NULL DEFAULT 0,
  locked_lost integer NOT NULL DEFAULT 0,
  due_amount bigint NOT NULL DEFAULT 0,
  collected_amount bigint NOT NULL DEFAULT 0,
  loans_started integer NOT NULL DEFAULT 0,
  deposits_taken bigint NOT NULL DEFAULT 0,
  written_off bigint NOT NULL DEFAULT 0,
  gross_days bigint NOT NULL DEFAULT 0,
  fpd_eligible integer NOT NULL DEFAULT 0,
  fpd integer NOT NULL DEFAULT 0,
  own_eligible integer NOT NULL DEFAULT 0,
  owned integer NOT NULL DEFAULT 0,
  PRIMARY KEY (period, store_id, agent_id, phone_model_id, lock_type)
);
CREATE INDEX analytics_period_agent_idx ON analytics_period (period, agent_id);

-- The same without the agent: what every call that neither filters nor breaks down by agent reads.
CREATE TABLE analytics_period_store (
  period text NOT NULL CHECK (period IN ('7d', '30d', '90d')),
  store_id bigint NOT NULL,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  active_loans integer NOT NULL DEFAULT 0,
  gross_receivable bigint NOT NULL DEFAULT 0,
  par1 bigint NOT NULL DEFAULT 0,
  par7 bigint NOT NULL DEFAULT 0,
  par30 bigint NOT NULL DEFAULT 0,
  par90 bigint NOT NULL DEFAULT 0,
  loans_late integer NOT NULL DEFAULT 0,
  locked_arrears integer NOT NULL DEFAULT 0,
  locked_stolen integer NOT NULL DEFAULT 0,
  locked_lost integer NOT NULL DEFAULT 0,
  due_amount bigint NOT NULL DEFAULT 0,
  collected_amount bigint NOT NULL DEFAULT 0,
  loans_started integer NOT NULL DEFAULT 0,
  deposits_taken bigint NOT NULL DEFAULT 0,
  written_off bigint NOT NULL DEFAULT 0,
  gross_days bigint NOT NULL DEFAULT 0,
  fpd_eligible integer NOT NULL DEFAULT 0,
  fpd integer NOT NULL DEFAULT 0,
  own_eligible integer NOT NULL DEFAULT 0,
  owned integer NOT NULL DEFAULT 0,
  PRIMARY KEY (period, store_id, phone_model_id, lock_type)
);

-- Stock turn's parts per period and (store, phone model): handsets sold in the period and handset-days in stock.
CREATE TABLE analytics_period_stock (
  period text NOT NULL CHECK (period IN ('7d', '30d', '90d')),
  store_id bigint NOT NULL,
  phone_model_id bigint NOT NULL,
  handsets_sold integer NOT NULL,
  stock_days bigint NOT NULL,
  PRIMARY KEY (period, store_id, phone_model_id)
);

-- The daily trend without store and agent.
CREATE TABLE analytics_trend_region (
  day date NOT NULL,
  region_id bigint NOT NULL,
  store_type text NOT NULL,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  gross_receivable bigint NOT NULL,
  par1 bigint NOT NULL,
  par30 bigint NOT NULL,
  par90 bigint NOT NULL,
  due_amount bigint NOT NULL,
  collected_amount bigint NOT NULL,
  loans_started integer NOT NULL,
  PRIMARY KEY (day, region_id, store_type, phone_model_id, lock_type)
);

CREATE TABLE analytics_vintage_region (
  cohort date NOT NULL,
  age_months integer NOT NULL,
  region_id bigint NOT NULL,
  store_type text NOT NULL,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  loans integer NOT NULL,
  cum_due bigint NOT NULL,
  cum_paid bigint NOT NULL,
  PRIMARY KEY (cohort, age_months, region_id, store_type, phone_model_id, lock_type)
);

CREATE TABLE analytics_migration_region (
  month_end date NOT NULL,
  region_id bigint NOT NULL,
  store_type text NOT NULL,
  phone_model_id bigint NOT NULL,
  lock_type text NOT NULL,
  from_category text NOT NULL,
  to_category text NOT NULL,
  loans integer NOT NULL,
  balance_from bigint NOT NULL,
  balance_to bigint NOT NULL,
  PRIMARY KEY (month_end, region_id, store_type, phone_model_id, lock_type, from_category, to_category)
);

-- A shop owner's, a store's or an agent's trend, vintage and migration read the detailed tables by store or agent.
CREATE INDEX analytics_daily_store_idx ON analytics_daily (store_id, day);
CREATE INDEX analytics_daily_agent_idx ON analytics_daily (agent_id, day);
CREATE INDEX analytics_vintage_store_idx ON analytics_vintage (store_id, cohort);
CREATE INDEX analytics_vintage_agent_idx ON analytics_vintage (agent_id, cohort);
CREATE INDEX analytics_migration_agent_idx ON analytics_migration (agent_id, month_end);

-- The day the period tables are as of.
ALTER TABLE analytics_refreshes DROP CONSTRAINT analytics_refreshes_part_check;
ALTER TABLE analytics_refreshes ADD CONSTRAINT analytics_refreshes_part_check CHECK (part IN ('daily', 'cohorts', 'history', 'periods'));
