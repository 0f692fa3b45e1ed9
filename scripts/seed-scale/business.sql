-- The scale seed (npm run seed:scale, scripts/seed-scale.ts): N customers and the business around them, made inside
-- PostgreSQL with generate_series and INSERT ... SELECT. {{NAME}} are whole numbers the driver puts in (the number of
-- customers, the first free id of each table), R[expr|salt] a uniform number in [0, 1) drawn from expr (hashint8,
-- so the same N gives the same data), DIGITS[expr|width] expr with zeros in front up to width digits, never cut. Loans
-- follow the schedule rules of server/domain/loan-standing.ts, so the ageing run finds nothing to change on the day
-- of the seed. Statements are separated by lines "-- step: name".
-- What must be unique (phone numbers, national ids, IMEIs, names, references) is numbered from the ids before the run
-- ({{C0}} + g for a customer's), so a second run adds its rows beside the first's.

-- step: plan
-- The plan's tables are UNLOGGED, not TEMP: the steps after the loans read them from two connections at once
-- (scripts/seed-scale.ts drops them at the end, and an earlier run's here).
DROP TABLE IF EXISTS scale_price, scale_region, scale_category, scale_staff, scale_plan;
CREATE UNLOGGED TABLE scale_price AS
SELECT (row_number() OVER (ORDER BY p.id) - 1)::int AS k, p.id AS price_id, p.phone_model_id, p.rrp, p.deposit, p.daily_payment,
       p.installments, p.twelve_months_payment, m.lock_solution_type
  FROM phone_prices p JOIN phone_models m ON m.id = p.phone_model_id
 WHERE p.effective_to IS NULL AND m.active;
CREATE UNLOGGED TABLE scale_region AS SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id, name FROM regions;
CREATE UNLOGGED TABLE scale_category AS SELECT (row_number() OVER (ORDER BY id) - 1)::int AS k, id FROM agent_categories;
CREATE UNLOGGED TABLE scale_staff AS
SELECT (SELECT id FROM admins WHERE username = 'callcentre') AS maker, (SELECT id FROM admins WHERE username = 'approver') AS checker,
       (SELECT id FROM admins WHERE username = 'collector') AS reporter, (SELECT id FROM admins WHERE username = 'admin') AS manager;

-- step: shop owners and stores
INSERT INTO shop_owners (id, full_name, msisdn, created_at)
SELECT {{O0}} + g, 'Mmiliki Duka ' || g, '25563' || lpad(({{O0}} + g)::text, 7, '0'), {{NOW}} - interval '3 years'
  FROM generate_series(1, {{STORES}}) g WHERE g % 4 <> 0;
INSERT INTO stores (id, name, region_id, store_type, shop_owner_id, location, latitude, longitude, till_or_paybill, biller_type,
                    biller_number, created_at)
SELECT {{S0}} + g, 'Simu Duka ' || r.name || ' ' || ({{S0}} + g), r.id,
       CASE WHEN g % 4 = 0 THEN 'main_shop' ELSE 'dealer_shop' END,
       CASE WHEN g % 4 = 0 THEN NULL ELSE {{O0}} + g END,
       r.name || ', mtaa ' || (g % 97),
       round((-6.8 + R[g|11] * 4 - 2)::numeric, 6), round((36 + R[g|12] * 4)::numeric, 6),
       CASE WHEN g % 3 = 0 THEN 'paybill' ELSE 'till' END,
       (ARRAY['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'])[1 + g % 4],
       lpad((500000 + {{S0}} + g)::text, 7, '0'), {{NOW}} - interval '3 years'
  FROM generate_series(1, {{STORES}}) g JOIN scale_region r ON r.k = g % {{REGIONS}};

-- step: agents
INSERT INTO agents (id, full_name, msisdn, store_id, category_id, status, latitude, longitude, location_updated_at, created_at)
SELECT {{A0}} + g,
       (ARRAY['Juma', 'Baraka', 'Neema', 'Rehema', 'Hamisi', 'Zawadi', 'Salim', 'Upendo', 'Idrisa', 'Mwanaidi'])[1 + g % 10] || ' ' ||
       (ARRAY['Mushi', 'Kimaro', 'Massawe', 'Mollel', 'Ngowi', 'Lema', 'Mrema', 'Swai', 'Temba', 'Shirima', 'Mbwambo'])[1 + g % 11],
       '25564' || lpad(({{A0}} + g)::text, 7, '0'), {{S0}} + 1 + (g - 1) % {{STORES}},
       CASE WHEN g % 10 = 0 THEN NULL ELSE (SELECT c.id FROM scale_category c WHERE c.k = g % {{CATEGORIES}}) END,
       CASE WHEN g % 25 = 0 THEN 'inactive' ELSE 'active' END,
       NULL, NULL, NULL, {{NOW}} - interval '2 years'
  FROM generate_series(1, {{AGENTS}}) g;

-- step: customer plan
-- One row per new customer with everything its loan, device and payments follow from.
CREATE UNLOGGED TABLE scale_plan AS
WITH base AS (
  SELECT g, R[g|1] AS u_borrow, R[g|2] AS u_scenario, R[g|3] AS u_period, R[g|4] AS u_days, R[g|5] AS u_paid, R[g|6] AS u_count,
         R[g|7] AS u_device, (g - 1) % {{STORES}} AS s
    FROM generate_series(1, {{N}}) g
), shaped AS (
  SELECT b.*, p.price_id, p.phone_model_id, p.rrp, p.deposit, p.lock_solution_type,
         CASE WHEN b.u_period < 0.55 THEN 'daily' WHEN b.u_period < 0.80 THEN 'weekly' WHEN b.u_period < 0.92 THEN 'monthly' ELSE 'twelve_months' END AS period,
         CASE WHEN b.u_period < 0.55 THEN 1 WHEN b.u_period < 0.80 THEN 7 ELSE 30 END AS interval_days,
         CASE WHEN b.u_period < 0.55 THEN p.installments WHEN b.u_period < 0.80 THEN p.installments / 7
              WHEN b.u_period < 0.92 THEN p.installments / 30 ELSE 12 END AS inst_count,
         CASE WHEN b.u_period < 0.55 THEN p.daily_payment WHEN b.u_period < 0.80 THEN p.daily_payment * 7
              WHEN b.u_period < 0.92 THEN p.daily_payment * 30 ELSE p.twelve_months_payment END AS inst_amount,
         -- 0 closed, 6 paying on time, 1-5 the defaulter ageing categories (src/lib/defaulter-category.ts)
         CASE WHEN b.u_scenario < 0.12 THEN 0 WHEN b.u_scenario < 0.50 THEN 6 WHEN b.u_scenario < 0.60 THEN 1
              WHEN b.u_scenario < 0.69 THEN 2 WHEN b.u_scenario < 0.78 THEN 3 WHEN b.u_scenario < 0.88 THEN 4 ELSE 5 END AS scenario
    FROM base b JOIN scale_price p ON p.k = b.g % {{PRICES}}
), dated AS (
  SELECT s.*,
         CASE s.scenario WHEN 1 THEN 1 + floor(s.u_days * 3) WHEN 2 THEN 4 + floor(s.u_days * 4) WHEN 3 THEN 8 + floor(s.u_days * 7)
                         WHEN 4 THEN 15 + floor(s.u_days * 16) WHEN 5 THEN 31 + floor(s.u_days * s.u_days * 210) ELSE 0 END::int AS days_defaulted,
         CASE WHEN s.scenario = 0 THEN s.inst_count ELSE 3 + floor(s.u_paid * (s.inst_count - 3))::int END AS paid_units
    FROM shaped s
), anchored AS (
  SELECT d.*,
         CASE WHEN d.scenario = 0 THEN NULL
              WHEN d.scenario = 6 THEN {{TODAY}} + floor(d.u_days * d.interval_days)::int
              ELSE {{TODAY}} - d.days_defaulted END AS next_date,
         CASE WHEN d.days_defaulted >= 8 THEN least(20000, 1000 * (d.days_defaulted / 7)) ELSE 0 END AS late_fee,
         least(d.paid_units, 3 + floor(d.u_count * 28)::int) AS pay_count
    FROM dated d
)
SELECT a.*,
       {{C0}} + a.g AS customer_id, {{D0}} + a.g AS device_id, {{L0}} + a.g AS loan_id, {{I0}} + a.g AS item_id,
       {{S0}} + 1 + a.s AS store_id, {{A0}} + 1 + a.s + {{STORES}} * (((a.g - 1) / {{STORES}}) % 4) AS agent_id,
       a.u_borrow < 0.92 AS borrower,
       CASE WHEN a.scenario = 0 THEN {{TODAY}} - a.inst_count * a.interval_days - 1 - floor(a.u_days * 90)::int
            ELSE a.next_date - (a.paid_units + 1) * a.interval_days END AS start_date,
       CASE WHEN a.scenario = 0 THEN 0
            ELSE least(a.inst_count - a.paid_units, CASE WHEN {{TODAY}} < a.next_date THEN 0 ELSE ({{TODAY}} - a.next_date) / a.interval_days + 1 END)
       END AS fallen,
       CASE WHEN a.scenario <> 0 AND a.u_device < 0.004 THEN 'stolen' WHEN a.scenario <> 0 AND a.u_device < 0.008 THEN 'lost'
            WHEN a.u_device < 0.014 THEN 'damaged' ELSE 'active' END AS device_status
  FROM anchored a;

-- step: customers
INSERT INTO customers (id, msisdn, first_name, other_names, sex, date_of_birth, id_type, national_id, nida_number, birth_country,
                       birth_region, resident_region, resident_district, resident_village, resident_street, customer_key, store_id,
                       registered_by_agent_id, registered_at)
SELECT p.customer_id, '2556' || lpad((p.g + {{C0}})::text, 8, '0'),
       CASE WHEN p.g % 2 = 0
            THEN (ARRAY['Juma', 'Hamisi', 'Salim', 'Baraka', 'Idrisa', 'Daudi', 'Faraji', 'Emmanuel', 'Musa', 'Athumani', 'Rashidi', 'Yohana'])[1 + p.g % 12]
            ELSE (ARRAY['Neema', 'Rehema', 'Zawadi', 'Amina', 'Halima', 'Mwajuma', 'Tatu', 'Upendo', 'Asha', 'Grace', 'Esther', 'Mwanaidi'])[1 + p.g % 12] END,
       (ARRAY['Mushi', 'Kimaro', 'Massawe', 'Mollel', 'Ngowi', 'Lema', 'Mrema', 'Swai', 'Temba', 'Shirima', 'Mbwambo', 'Mwakyusa', 'Kombo', 'Said', 'Omari'])[1 + (p.g / 7) % 15],
       CASE WHEN p.g % 2 = 0 THEN 'M' ELSE 'F' END,
       DATE '1965-01-01' + floor(R[p.g|13] * 14000)::int,
       'nida',
       substr(n.nida, 1, 8) || '-' || substr(n.nida, 9, 5) || '-' || substr(n.nida, 14, 5) || '-' || substr(n.nida, 19, 2), n.nida,
       'Tanzania', r.name, r.name, r.name || ' Mjini', 'Kijiji ' || (p.g % 311), 'Mtaa ' || (p.g % 53),
       'CS' || lpad((p.g + {{C0}})::text, 10, '0'), p.store_id, p.agent_id,
       (least(p.start_date, {{TODAY}}) - 2 - floor(R[p.g|14] * 30)::int)::timestamp + time '09:00' + (p.g % 480) * interval '1 minute'
  FROM scale_plan p
  CROSS JOIN LATERAL (SELECT '99' || lpad((p.g + {{C0}})::text, 18, '0') AS nida) n
  JOIN scale_region r ON r.k = p.s % {{REGIONS}};

-- step: customer limits
INSERT INTO customer_limits (customer_id, limit_amount, score, updated_at)
SELECT p.customer_id, CASE WHEN p.g % 40 = 0 THEN 0 ELSE (p.rrp / 1000 * 1000) + 100000 * (p.g % 5) END,
       CASE WHEN p.scenario = 5 THEN 200 + p.g % 200 WHEN p.scenario IN (0, 6) THEN 650 + p.g % 300 ELSE 400 + p.g % 300 END,
       {{NOW}} - interval '1 day' * (p.g % 60)
  FROM scale_plan p;

-- step: stock (sold handsets, and handsets in stock at the new stores)
INSERT INTO inventory_items (id, phone_model_id, store_id, imei, status, received_at, sold_at)
SELECT p.item_id, p.phone_model_id, p.store_id, '86' || lpad((p.g + {{C0}})::text, 13, '0'), 'sold',
       (p.start_date - 14)::timestamp + time '08:00', p.start_date::timestamp + time '10:00' + (p.g % 420) * interval '1 minute'
  FROM scale_plan p WHERE p.borrower;
INSERT INTO inventory_items (id, phone_model_id, store_id, imei, status, received_at, sold_at)
SELECT {{I0}} + {{N}} + g, (SELECT phone_model_id FROM scale_price WHERE k = g % {{PRICES}}), {{S0}} + 1 + (g - 1) % {{STORES}},
       '87' || lpad(({{I0}} + {{N}} + g)::text, 13, '0'),
       -- The 4th and 5th handsets of every tenth store are on their way to the next store (the transfers below).
       CASE WHEN (g - 1) / {{STORES}} IN (3, 4) AND (g - 1) % {{STORES}} % 10 = 0 THEN 'in_transit'
            WHEN g % 50 = 0 THEN 'damaged' WHEN g % 70 = 0 THEN 'reserved' ELSE 'in_stock' END,
       -- The 2nd and 3rd handsets of every store came from the store before it, on the day that transfer was received.
       {{NOW}} - interval '1 day' * CASE WHEN (g - 1) / {{STORES}} IN (1, 2) THEN 19 + ((g - 1) % {{STORES}} + 1) % 40 ELSE g % 90 END, NULL
  FROM generate_series(1, {{STOCK}}) g;

-- step: stock transfers (every new store received 2 handsets from the store before it; every tenth sent 2 to the next, still in transit)
-- The new stores' handsets are {{I0}} + {{N}} + g, at store {{S0}} + 1 + (g - 1) % {{STORES}}: store s's are g = s + j * {{STORES}}.
INSERT INTO stock_transfers (id, from_store_id, to_store_id, status, note, sent_by, sent_at, received_by, received_at)
SELECT {{X0}} + s, {{S0}} + 1 + (s + {{STORES}} - 2) % {{STORES}}, {{S0}} + s, 'received', 'Restock after the month-end count',
       st.manager, {{NOW}} - interval '1 day' * (20 + s % 40), st.manager, {{NOW}} - interval '1 day' * (19 + s % 40)
  FROM generate_series(1, {{STORES}}) s CROSS JOIN scale_staff st
UNION ALL
SELECT {{X0}} + {{STORES}} + s, {{S0}} + s, {{S0}} + 1 + s % {{STORES}}, 'in_transit', 'Weekly restock',
       st.manager, {{NOW}} - interval '1 day' * (1 + s % 3), NULL, NULL
  FROM generate_series(1, {{STORES}}) s CROSS JOIN scale_staff st WHERE s % 10 = 1;
INSERT INTO stock_transfer_items (transfer_id, inventory_item_id)
SELECT {{X0}} + s, {{I0}} + {{N}} + s + j * {{STORES}} FROM generate_series(1, {{STORES}}) s CROSS JOIN generate_series(1, 2) j
UNION ALL
SELECT {{X0}} + {{STORES}} + s, {{I0}} + {{N}} + s + j * {{STORES}} FROM generate_series(1, {{STORES}}) s CROSS JOIN generate_series(3, 4) j
 WHERE s % 10 = 1;

-- step: devices
INSERT INTO devices (id, customer_id, phone_model_id, inventory_item_id, imei, lock_solution_type, lock_status, activation_status,
                     is_locked, status, status_since, last_check_in, enrolled_at, future_lock_date, created_at)
SELECT p.device_id, p.customer_id, p.phone_model_id, p.item_id, '86' || lpad((p.g + {{C0}})::text, 13, '0'), p.lock_solution_type,
       CASE WHEN p.scenario = 0 THEN 'inactive' ELSE 'active' END, 'activated',
       p.device_status IN ('stolen', 'lost') OR (p.scenario <> 0 AND p.days_defaulted > 3),
       p.device_status,
       -- The day of its incident (the next step writes the incident with the same day).
       CASE WHEN p.device_status <> 'active' THEN least({{TODAY}} - 1, p.start_date + 5 + p.g % 40) END,
       {{NOW}} - interval '1 minute' * (p.g % 4000) - CASE WHEN p.scenario = 5 THEN interval '20 days' ELSE interval '0 days' END,
       p.start_date::timestamp + time '10:20' + (p.g % 420) * interval '1 minute',
       CASE WHEN p.scenario = 0 THEN NULL ELSE p.next_date + 3 END,
       p.start_date::timestamp + time '10:10' + (p.g % 420) * interval '1 minute'
  FROM scale_plan p WHERE p.borrower;

-- step: device incidents
INSERT INTO device_incidents (device_id, kind, occurred_on, service_centre, repair_reason, notes, reported_by, created_at)
SELECT p.device_id, p.device_status, least({{TODAY}} - 1, p.start_date + 5 + p.g % 40),
       CASE WHEN p.device_status = 'damaged' THEN (ARRAY['Carlcare Kariakoo', 'Carlcare Mwanza', 'vivo Care Arusha', 'Carlcare Mbeya'])[1 + p.g % 4] END,
       CASE WHEN p.device_status = 'damaged' THEN (ARRAY['Cracked screen', 'Water damage', 'Charging port faulty', 'Battery does not charge'])[1 + p.g % 4] END,
       'Reported by the customer', st.reporter, least({{TODAY}} - 1, p.start_date + 5 + p.g % 40)::timestamp + time '11:00'
  FROM scale_plan p CROSS JOIN scale_staff st WHERE p.borrower AND p.device_status <> 'active';
-- Each new listed device points at its incident (migration 048; its triggers are off while the seed loads). A seeded
-- device has that one incident, so the newest of its kind is it.
UPDATE devices d SET status_incident_id = i.id
  FROM device_incidents i
 WHERE i.device_id = d.id AND i.kind = d.status AND d.status IN ('stolen', 'lost', 'damaged') AND d.id > {{D0}};

-- step: loans
INSERT INTO loans (id, loan_number, customer_id, device_id, phone_price_id, store_id, agent_id, repayment_period, price, deposit_paid,
                   installment_amount, installments, interval_days, amount_paid, late_fee, amount_due, days_defaulted,
                   last_repayment_date, next_repayment_date, status, contract_ref, contract_url, started_at, closed_at, created_at)
SELECT p.loan_id, 'LN' || DIGITS[p.loan_id|7], p.customer_id, p.device_id, p.price_id, p.store_id, p.agent_id, p.period,
       p.rrp, p.deposit, p.inst_amount, p.inst_count, p.interval_days, p.paid_units * p.inst_amount,
       CASE WHEN p.scenario = 0 THEN 0 ELSE p.late_fee END,
       CASE WHEN p.scenario = 0 THEN 0
            ELSE least(p.fallen * p.inst_amount + p.late_fee, p.inst_amount * (p.inst_count - p.paid_units) + p.late_fee) END,
       p.days_defaulted,
       greatest(p.start_date, p.start_date + p.paid_units * p.interval_days - (p.g % 3)),
       p.next_date, CASE WHEN p.scenario = 0 THEN 'closed' ELSE 'active' END,
       'sc' || lpad(p.loan_id::text, 30, '0'), '/econtract?ref=sc' || lpad(p.loan_id::text, 30, '0'),
       p.start_date::timestamp + time '10:00' + (p.g % 420) * interval '1 minute',
       CASE WHEN p.scenario = 0 THEN (p.start_date + p.paid_units * p.interval_days)::timestamp + time '12:00' END,
       p.start_date::timestamp + time '10:00' + (p.g % 420) * interval '1 minute'
  FROM scale_plan p WHERE p.borrower;

-- step: transactions (the deposit, then 3-30 repayments that pay the installments in lumps, oldest first)
INSERT INTO transactions (id, transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, debit, credit,
                          balance_before, balance_after, payment_phone, customer_name, account_keyed_in, business_short_code,
                          allocated_to, customer_id, loan_id, idempotency_key, date_processed, created_at)
SELECT {{T0}} + (p.g - 1) * 32 + j + 1,
       'SX' || lpad(({{T0}} + (p.g - 1) * 32 + j + 1)::text, 11, '0'),
       'MT' || to_char(day, 'YYYYMMDD') || lpad(({{T0}} + (p.g - 1) * 32 + j + 1)::text, 10, '0'),
       'LN' || DIGITS[p.loan_id|7] || CASE WHEN j = 0 THEN '-D' ELSE '-R' END || lpad(({{T0}} + (p.g - 1) * 32 + j + 1)::text, 10, '0'),
       CASE WHEN j = 0 THEN 'deposit' ELSE 'repayment' END,
       CASE WHEN (p.g + j) % 17 = 0 THEN 'pos' ELSE (ARRAY['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'])[1 + p.g % 4] END,
       'completed', amount, 0, amount,
       CASE WHEN j = 0 THEN p.inst_amount * p.inst_count + p.deposit ELSE p.inst_amount * (p.inst_count - units_before) END,
       CASE WHEN j = 0 THEN p.inst_amount * p.inst_count ELSE p.inst_amount * (p.inst_count - units_after) END,
       '2556' || lpad((p.g + {{C0}})::text, 8, '0'), NULL, 'LN' || DIGITS[p.loan_id|7], '400200', 'LN' || DIGITS[p.loan_id|7],
       p.customer_id, p.loan_id,
       -- the deposit from a wallet is the wizard's first push (the next step's attempts), keyed by it
       CASE WHEN j = 0 AND p.g % 17 <> 0 THEN md5('scale-wizard-' || p.customer_id)::uuid::text || ':1' END, at, at
  FROM scale_plan p
  CROSS JOIN LATERAL generate_series(0, p.pay_count) j
  CROSS JOIN LATERAL (
    SELECT CASE WHEN j = 0 THEN 0 ELSE (j - 1) * p.paid_units / p.pay_count END AS units_before,
           CASE WHEN j = 0 THEN 0 ELSE j * p.paid_units / p.pay_count END AS units_after
  ) u
  CROSS JOIN LATERAL (
    SELECT CASE WHEN j = 0 THEN p.deposit ELSE (u.units_after - u.units_before) * p.inst_amount END AS amount,
           CASE WHEN j = 0 THEN p.start_date
                ELSE greatest(p.start_date, p.start_date + u.units_after * p.interval_days - (p.g % 3)) END AS day
  ) a
  CROSS JOIN LATERAL (SELECT a.day::timestamp + time '07:00' + ((p.g * 7 + j * 53) % 720) * interval '1 minute' AS at) t
 WHERE p.borrower;

-- step: failed collection attempts and suspended payments
INSERT INTO transactions (id, transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, debit, credit,
                          balance_before, balance_after, payment_phone, account_keyed_in, business_short_code, customer_id, loan_id,
                          date_processed, created_at)
SELECT {{T0}} + (p.g - 1) * 32 + 32, 'SX' || lpad(({{T0}} + (p.g - 1) * 32 + 32)::text, 11, '0'),
       'MT' || to_char({{TODAY}}, 'YYYYMMDD') || lpad(({{T0}} + (p.g - 1) * 32 + 32)::text, 10, '0'),
       'LN' || DIGITS[p.loan_id|7] || '-R' || lpad(({{T0}} + (p.g - 1) * 32 + 32)::text, 10, '0'),
       'repayment', (ARRAY['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'])[1 + p.g % 4], 'failed', p.inst_amount, 0, 0,
       p.inst_amount * (p.inst_count - p.paid_units) + p.late_fee, p.inst_amount * (p.inst_count - p.paid_units) + p.late_fee,
       '2556' || lpad((p.g + {{C0}})::text, 8, '0'), 'LN' || DIGITS[p.loan_id|7], '400200', p.customer_id, p.loan_id,
       {{NOW}} - interval '1 day' * (1 + p.g % greatest(1, p.days_defaulted - 1)), {{NOW}} - interval '1 day' * (1 + p.g % greatest(1, p.days_defaulted - 1))
  FROM scale_plan p WHERE p.borrower AND p.days_defaulted > 7 AND p.g % 4 = 0;
INSERT INTO transactions (id, transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, debit, credit,
                          payment_phone, customer_name, account_keyed_in, business_short_code, date_processed, created_at)
SELECT {{T0}} + {{N}} * 32 + g, 'SU' || lpad(({{T0}} + {{N}} * 32 + g)::text, 11, '0'), 'MT' || lpad(({{T0}} + {{N}} * 32 + g)::text, 18, '0'),
       'SUS-' || lpad(({{T0}} + {{N}} * 32 + g)::text, 10, '0'),
       'repayment', (ARRAY['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'])[1 + g % 4], 'suspended', 1000 * (1 + g % 30), 0, 0,
       '25566' || lpad(g::text, 7, '0'), 'MTEJA ' || g, '07' || lpad(g::text, 8, '0'), '400200',
       {{NOW}} - interval '1 hour' * (g % 2000), {{NOW}} - interval '1 hour' * (g % 2000)
  FROM generate_series(1, {{SUSPENDED}}) g;

-- step: failed pushes' payments (a wizard that never became a loan but chose a wallet pushed once, and the push failed)
-- Its transaction, in the customer's first slot (which has no payments), failed and posted nothing. In the payments'
-- lane: it names only the customer, so the analytics need not wait for the pushes (deposit pushes, below).
INSERT INTO transactions (id, transaction_id, master_transaction_id, reference_no, kind, payment_method, status, amount, debit, credit,
                          balance_before, balance_after, payment_phone, customer_name, account_keyed_in, business_short_code,
                          customer_id, idempotency_key, created_at)
SELECT {{T0}} + (p.g - 1) * 32 + 1, 'PUSH-' || k.key, k.key, k.key, 'deposit', (ARRAY['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'])[1 + p.g % 4],
       'failed', p.deposit, 0, 0, p.inst_amount * p.inst_count + p.deposit, p.inst_amount * p.inst_count,
       '2556' || lpad((p.g + {{C0}})::text, 8, '0'), 'CUSTOMER ' || p.g, '06' || lpad((p.g + {{C0}})::text, 8, '0'), '400200',
       p.customer_id, k.key, at + interval '10 minutes'
  FROM scale_plan p
  CROSS JOIN LATERAL (SELECT md5('scale-wizard-' || p.customer_id)::uuid::text || ':1' AS key,
                             ({{TODAY}} - p.g % 60)::timestamp + time '09:00' + (p.g % 480) * interval '1 minute' AS at) k
 WHERE NOT p.borrower AND R[p.g|20] < 0.5 AND p.g % 3 <> 0;

-- step: customer sms
INSERT INTO customer_sms (customer_id, msisdn, body, category, status, sent_at)
SELECT p.customer_id, '2556' || lpad((p.g + {{C0}})::text, 8, '0'),
       CASE k WHEN 0 THEN 'Karibu Simu Pay! Akaunti yako imefunguliwa.'
              WHEN 1 THEN 'Tumepokea malipo yako. Asante.'
              WHEN 2 THEN 'Kumbusho: malipo yako yanadaiwa kesho.'
              WHEN 3 THEN 'Malipo yako yamechelewa. Tafadhali lipa ili kuepuka kufungiwa simu.'
              ELSE 'Simu yako itafungwa kesho kama hutalipa.' END,
       (ARRAY['welcome', 'receipt', 'reminder', 'overdue', 'lock_warning'])[1 + k],
       CASE WHEN (p.g + k) % 29 = 0 THEN 'failed' WHEN (p.g + k) % 3 = 0 THEN 'sent' ELSE 'delivered' END,
       {{NOW}} - interval '1 day' * (4 - k) * (1 + p.g % 20) - interval '1 minute' * (p.g % 600)
  FROM scale_plan p
  CROSS JOIN LATERAL generate_series(0, CASE WHEN NOT p.borrower THEN 0 WHEN p.scenario BETWEEN 1 AND 5 THEN 4 ELSE 2 END) k;

-- step: requests (loan extensions in every state, deregistrations of non-performing loans with their write-off)
INSERT INTO requests (kind, status, subject, maker_id, checker_id, reason, decision_comment, payload, applied, customer_id, loan_id,
                      store_id, submitted_at, decided_at)
SELECT 'loan_extension', st, 'customer:' || p.customer_id, s.maker, CASE WHEN st = 'submitted' THEN NULL ELSE s.checker END,
       'Customer asked for more time', CASE WHEN st = 'denied' THEN 'Too many extensions already' END,
       jsonb_build_object('before', jsonb_build_object('loan_number', 'LN' || DIGITS[p.loan_id|7], 'next_repayment_date', p.next_date::text,
                                                      'days_defaulted', p.days_defaulted),
                          'after', jsonb_build_object('loan_number', 'LN' || DIGITS[p.loan_id|7], 'next_repayment_date', (p.next_date + 7)::text,
                                                     'days_defaulted', greatest(0, p.days_defaulted - 7)),
                          'params', jsonb_build_object('days_to_extend', 7)),
       CASE WHEN st = 'approved' THEN jsonb_build_object('before', jsonb_build_object('next_repayment_date', p.next_date::text),
                                                         'after', jsonb_build_object('next_repayment_date', (p.next_date + 7)::text)) END,
       p.customer_id, p.loan_id, p.store_id, sub, CASE WHEN st = 'submitted' THEN NULL ELSE sub + interval '5 hours' END
  FROM scale_plan p CROSS JOIN scale_staff s
  CROSS JOIN LATERAL (SELECT CASE WHEN p.g % 10 < 3 THEN 'submitted' WHEN p.g % 10 < 8 THEN 'approved' ELSE 'denied' END AS st,
                             {{NOW}} - interval '1 hour' * (1 + p.g % 700) AS sub) x
 WHERE p.borrower AND p.scenario BETWEEN 1 AND 4 AND R[p.g|8] < 0.03;

-- step: deregistrations
CREATE TEMP TABLE scale_dereg ON COMMIT DROP AS
SELECT p.*, p.inst_amount * (p.inst_count - p.paid_units) + p.late_fee AS balance, {{NOW}} - interval '1 day' * (1 + p.g % 30) AS sub
  FROM scale_plan p WHERE p.borrower AND p.scenario = 5 AND R[p.g|9] < 0.04;
UPDATE loans l SET status = 'deactivated', closed_at = d.sub + interval '6 hours', amount_due = 0
  FROM scale_dereg d WHERE l.id = d.loan_id;
UPDATE devices v SET lock_status = 'inactive', future_lock_date = NULL, is_locked = v.status IN ('stolen', 'lost')
  FROM scale_dereg d WHERE v.id = d.device_id;
INSERT INTO requests (kind, status, subject, maker_id, checker_id, reason, payload, applied, customer_id, loan_id, store_id, submitted_at,
                      decided_at)
SELECT 'loan_deactivation', 'approved', 'customer:' || d.customer_id, s.maker, s.checker, 'Customer cannot be reached for months',
       jsonb_build_object('before', jsonb_build_object('loans', 'LN' || DIGITS[d.loan_id|7], 'loan_status', 'active', 'loan_balance', d.balance, 'written_off', 0),
                          'after', jsonb_build_object('loans', 'LN' || DIGITS[d.loan_id|7], 'loan_status', 'deactivated', 'loan_balance', 0, 'written_off', d.balance),
                          'params', '{}'::jsonb),
       jsonb_build_object('before', jsonb_build_object('loan_status', 'active'), 'after', jsonb_build_object('loan_status', 'deactivated', 'written_off', d.balance)),
       d.customer_id, d.loan_id, d.store_id, d.sub, d.sub + interval '6 hours'
  FROM scale_dereg d CROSS JOIN scale_staff s;
INSERT INTO ledger_entries (kind, debit_account, credit_account, amount, description, loan_id, request_id, posted_by, posted_at)
SELECT 'loan_write_off', 'bad_debt_expense', 'loans_receivable', d.balance, 'Write-off of LN' || DIGITS[d.loan_id|7] || ' (deregistration)',
       d.loan_id, r.id, s.checker, d.sub + interval '6 hours'
  FROM scale_dereg d CROSS JOIN scale_staff s
  JOIN requests r ON r.loan_id = d.loan_id AND r.kind = 'loan_deactivation' AND r.status = 'approved'
 WHERE d.balance > 0;

-- step: first deposits (decision 028: the wizard of every loan, and a wizard that stopped for some who never borrowed)
-- A borrower's wizard ran to its loan on the start day; about half of the customers who never borrowed started one
-- in the last 60 days that still awaits its payment or was abandoned. Feeds the deposits, conversion and claimed lists.
-- Its provider (decision 039) is its deposit's payment method; two in three of the others had a push. Its loan's
-- standing (decision 045) is the loan's as made above, so the claim's trigger finds nothing to write again.
INSERT INTO first_deposits (wizard_id, agent_admin_id, agent_id, store_id, customer_id, phone_price_id, phone_model_id, inventory_item_id,
                            item_held, repayment_period, deposit_amount, deposit_paid_at, otp_verified_at, identity_method,
                            identity_verified_at, contract_ref, terms_version, signed_by, signed_at, loan_id, abandoned_at,
                            provider, receipt, loan_standing, created_at, updated_at)
SELECT md5('scale-wizard-' || p.customer_id)::uuid, (SELECT id FROM admins WHERE username = 'agent'), p.agent_id, p.store_id,
       p.customer_id, p.price_id, p.phone_model_id,
       CASE WHEN p.borrower THEN p.item_id END, p.borrower, p.period, p.deposit,
       CASE WHEN p.borrower THEN at + interval '5 minutes' END,
       CASE WHEN p.borrower THEN at + interval '8 minutes' END,
       CASE WHEN p.borrower THEN 'fingerprint' END,
       CASE WHEN p.borrower THEN at + interval '10 minutes' END,
       CASE WHEN p.borrower THEN 'fd' || lpad(p.loan_id::text, 30, '0') END,
       CASE WHEN p.borrower THEN '2025-01' END,
       CASE WHEN p.borrower THEN 'Customer ' || p.g END,
       CASE WHEN p.borrower THEN at + interval '12 minutes' END,
       CASE WHEN p.borrower THEN p.loan_id END,
       CASE WHEN NOT p.borrower AND p.g % 2 = 0 THEN at + interval '2 days' END,
       CASE WHEN p.borrower AND p.g % 17 = 0 THEN 'pos' WHEN p.borrower OR p.g % 3 <> 0 THEN (ARRAY['mpesa', 'tigo_pesa', 'airtel_money', 'halopesa'])[1 + p.g % 4] END,
       -- the receipt of the paid push (the deposit's transaction, the next steps'); a failed push has none
       CASE WHEN p.borrower AND p.g % 17 <> 0 THEN 'SX' || lpad(({{T0}} + (p.g - 1) * 32 + 1)::text, 11, '0') END,
       CASE WHEN p.borrower THEN claim_standing(CASE WHEN p.scenario = 0 THEN 'closed'
                                                     WHEN p.loan_id IN (SELECT d.loan_id FROM scale_dereg d) THEN 'deactivated'
                                                     ELSE 'active' END, p.days_defaulted) END,
       at, at + interval '12 minutes'
  FROM scale_plan p
  CROSS JOIN LATERAL (
    SELECT CASE WHEN p.borrower THEN p.start_date::timestamp + time '09:40' + (p.g % 420) * interval '1 minute'
                ELSE ({{TODAY}} - p.g % 60)::timestamp + time '09:00' + (p.g % 480) * interval '1 minute' END AS at) t
 WHERE p.borrower OR R[p.g|20] < 0.5;

-- step: call ratings (customer care for about 5% of customers; debt collection calls for about 20% of defaulters, half rated)
INSERT INTO call_ratings (customer_id, call_type, mood, description, comment, rated_by, created_at)
SELECT p.customer_id, CASE WHEN p.g % 3 = 0 THEN 'outgoing' ELSE 'incoming' END,
       (ARRAY['angry', 'disappointed', 'happy', 'neutral', 'sad'])[1 + p.g % 5],
       (ARRAY['inquiry', 'lost_phone', 'misinformed_by_agent', 'other', 'phone_unlock', 'repair', 'wants_to_return_phone',
              'payment_to_wrong_account'])[1 + p.g % 8],
       CASE WHEN p.g % 4 = 0 THEN 'Called about the balance' END, s.maker,
       {{NOW}} - interval '1 minute' * (p.g % (60 * 24 * 60))
  FROM scale_plan p CROSS JOIN scale_staff s
 WHERE R[p.g|21] < 0.05;
INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, reason, remark, next_action_date, days_defaulted, amount_due,
                                   called_by, created_at)
SELECT p.loan_id, p.customer_id, 'outgoing', c.outcome,
       (ARRAY['business_slow', 'lost_job', 'sickness', 'family_emergency', 'forgot', 'phone_problem', 'disputes_loan', 'travelling',
              'other'])[1 + p.g % 9],
       NULL,
       -- A promise is followed up the day after it falls due (decision 015); a call back in two days; a call that
       -- reached no one, the next morning, for two calls in three.
       CASE WHEN c.outcome = 'promised_to_pay' THEN c.day + 2 + p.g % 7
            WHEN c.outcome = 'reached_will_call_back' THEN c.day + 2
            WHEN p.g % 3 <> 0 AND c.outcome <> 'reached_refused' THEN c.day + 1 END,
       greatest(0, p.days_defaulted - 1), p.inst_amount * least(p.days_defaulted, 30) / p.interval_days, s.reporter, c.at
  FROM scale_plan p CROSS JOIN scale_staff s
 CROSS JOIN LATERAL (SELECT o.outcome, o.at, (o.at AT TIME ZONE 'Africa/Dar_es_Salaam')::date AS day
                       FROM (SELECT CASE WHEN p.g % 10 < 3 THEN 'promised_to_pay'
                                         ELSE (ARRAY['reached_refused', 'reached_will_call_back', 'wrong_number', 'no_answer', 'phone_off',
                                                     'customer_unreachable'])[1 + p.g % 6] END AS outcome,
                                    {{NOW}} - interval '1 minute' * (60 + p.g % (60 * 24 * 30)) AS at) o) c
 WHERE p.borrower AND p.scenario BETWEEN 1 AND 5 AND R[p.g|22] < 0.2;
INSERT INTO debt_collection_call_ratings (call_id, score, mood, comment, rated_by, created_at)
SELECT c.id, 1 + c.id % 5, (ARRAY['angry', 'disappointed', 'happy', 'neutral', 'sad'])[1 + c.id % 5], NULL, s.reporter,
       c.created_at + interval '30 minutes'
  FROM debt_collection_calls c CROSS JOIN scale_staff s
 WHERE c.id % 2 = 0 AND c.customer_id > {{C0}};

-- step: collection cases and promises (a case for every defaulter called: its last call and next action, the demo collector's for one in fifty; a promise to pay for three calls in ten, open while its day is ahead, else broken)
-- One call per loan above. A promise falls due the day after the call or up to a week later (the call's next action
-- is the day after it); one whose day has passed is broken as the ageing run breaks it: at the start of the next day,
-- which is the case's next action until a call is logged. The ageing run finds nothing to change on the day of the seed.
INSERT INTO payment_promises (loan_id, call_id, promised_on, amount, paid_before, paid_since, status, resolved_at, created_by, created_at)
SELECT c.loan_id, c.id, c.next_action_date - 1, greatest(1, c.amount_due), l.amount_paid, 0,
       CASE WHEN c.next_action_date - 1 >= {{TODAY}} THEN 'open' ELSE 'broken' END,
       CASE WHEN c.next_action_date - 1 < {{TODAY}} THEN (c.next_action_date)::timestamp AT TIME ZONE 'Africa/Dar_es_Salaam' END,
       c.called_by, c.created_at
  FROM debt_collection_calls c JOIN loans l ON l.id = c.loan_id
 WHERE c.customer_id > {{C0}} AND c.outcome = 'promised_to_pay';
-- Each case is given its loan's days defaulted (migration 037): its trigger would look each loan up, and the loans
-- have no index while the seed loads.
INSERT INTO collection_cases (loan_id, collector_id, assigned_by, assigned_at, last_call_id, last_call_at, last_outcome, last_reason,
                              next_action_date, broken_promise_at, days_defaulted, updated_at)
SELECT c.loan_id, CASE WHEN c.id % 50 = 0 THEN s.reporter END, CASE WHEN c.id % 50 = 0 THEN s.manager END,
       CASE WHEN c.id % 50 = 0 THEN c.created_at - interval '1 day' END,
       c.id, c.created_at, c.outcome, c.reason, c.next_action_date, p.resolved_at, l.days_defaulted, {{NOW}}
  FROM debt_collection_calls c CROSS JOIN scale_staff s
  JOIN loans l ON l.id = c.loan_id
  LEFT JOIN payment_promises p ON p.call_id = c.id AND p.status = 'broken'
 WHERE c.customer_id > {{C0}};

-- step: deposit pushes (the paid push of every wizard paid from a wallet; the failed push of the others that chose a wallet)
INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, status, receipt, settled_by, requested_by,
                              requested_at, push_accepted_at, completed_at, callbacks)
SELECT md5('scale-wizard-' || p.customer_id)::uuid, 1, md5('scale-wizard-' || p.customer_id)::uuid::text || ':1',
       '2556' || lpad((p.g + {{C0}})::text, 8, '0'), p.deposit, 'completed', 'SX' || lpad(({{T0}} + (p.g - 1) * 32 + 1)::text, 11, '0'),
       'callback', (SELECT id FROM admins WHERE username = 'agent'), at + interval '3 minutes', at + interval '182 seconds',
       at + interval '5 minutes', 1
  FROM scale_plan p
  CROSS JOIN LATERAL (SELECT p.start_date::timestamp + time '09:40' + (p.g % 420) * interval '1 minute' AS at) t
 WHERE p.borrower AND p.g % 17 <> 0
 ORDER BY 1;
INSERT INTO deposit_attempts (wizard_id, attempt, idempotency_key, payment_msisdn, amount, status, failure, settled_by, requested_by,
                              requested_at, push_accepted_at, completed_at, callbacks)
SELECT md5('scale-wizard-' || p.customer_id)::uuid, 1, k.key, '2556' || lpad((p.g + {{C0}})::text, 8, '0'), p.deposit, 'failed', k.failure,
       CASE WHEN k.failure = 'timeout' THEN 'status_query' ELSE 'callback' END, (SELECT id FROM admins WHERE username = 'agent'),
       at + interval '10 minutes', at + interval '602 seconds', at + interval '12 minutes', CASE WHEN k.failure = 'timeout' THEN 0 ELSE 1 END
  FROM scale_plan p
  CROSS JOIN LATERAL (SELECT md5('scale-wizard-' || p.customer_id)::uuid::text || ':1' AS key,
                             (ARRAY['cancelled', 'insufficient_funds', 'timeout'])[1 + (p.g / 3) % 3] AS failure,
                             ({{TODAY}} - p.g % 60)::timestamp + time '09:00' + (p.g % 480) * interval '1 minute' AS at) k
 WHERE NOT p.borrower AND R[p.g|20] < 0.5 AND p.g % 3 <> 0;
