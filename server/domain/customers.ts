import type { z } from 'zod';
import { CUSTOMER_REQUEST_KINDS } from '../../src/contract/requests';
import type { CustomerRequestHistory, CustomerView, customerRequestsRequest, findCustomerRequest } from '../../src/contract/customers';
import type { Caller, Deps } from '../deps';
import type { Queryable } from '../db/port';
import { NEWEST_LOAN_FIRST, currentDeviceIdAfter, deviceName } from './devices';
import { addDays, eatDay } from './calendar';
import { standing } from './loan-standing';
import { type Row, customerNotFound, isoDay, isoOfUtc, utcSql } from './shared';
import { pageBounds } from '../db/page';

/**
 * Finding a customer and the customer view. Read-only: no transaction, no audit row. The profile is for anyone
 * with FIND_CUSTOMER (the route checks it), the device only with VIEW_CUSTOMER_PHONE and the loans only with
 * VIEW_CUSTOMER_LOANS: a section the caller may not see is null, and is not even read.
 */

/** A national ID as typed or printed, compared without spaces, dashes and case ("19900101-12345-..." = "1990010112345..."). */
const bareId = (value: string) => value.replace(/[\s\u00a0-]/g, '').toUpperCase();
const BARE_SQL = (column: string) => `upper(regexp_replace(${column}, '[[:space:]-]', '', 'g'))`;

const PROFILE = `c.id, c.msisdn, c.first_name, c.other_names, c.sex, ${isoDay('c.date_of_birth')} AS date_of_birth,
  c.id_type, c.national_id, c.nida_number, c.customer_key, ${utcSql('c.registered_at')} AS registered_at, c.birth_country, c.birth_region, c.birth_district,
  c.birth_ward, c.resident_postal_code, c.resident_region, c.resident_district, c.resident_village, c.resident_street,
  c.security_question, c.language, coalesce(la.has_active_loan, false) AS has_active_loan`;

/** What the view shows of a loan, as `loansView` reads it; `started_at` and `device_id` order the loans and find the device. */
const LOAN_COLUMNS = `l.id, l.loan_number, l.status, l.repayment_period, l.amount_due, l.amount_paid, l.deposit_paid, l.late_fee,
  l.installment_amount, l.installments, l.interval_days, l.loan_balance, l.days_defaulted, l.last_repayment_date,
  l.next_repayment_date, l.contract_url, l.started_at, l.device_id`;

/**
 * The statement of the customer view, for the customers `where` picks (over `c`), and `tail` after it. The sections
 * a caller may see are read with the profile (one round trip instead of three: bench:api's lookup, decision 037),
 * and a section the caller may not see is not read at all. The customer's loans are read once: whether one is
 * active, the device of the newest, and, for a caller who may see them, all of them as one JSON array newest first.
 * The device comes as columns of its own.
 */
function customerSql(caller: Caller, where: string, tail = ''): string {
  const withDevice = caller.roles.includes('VIEW_CUSTOMER_PHONE');
  const withLoans = caller.roles.includes('VIEW_CUSTOMER_LOANS');
  const loans = `LEFT JOIN LATERAL (SELECT bool_or(l.status = 'active') AS has_active_loan,
      (array_agg(l.device_id ORDER BY ${NEWEST_LOAN_FIRST}))[1] AS device_id
      ${withLoans ? `, json_agg(l ORDER BY ${NEWEST_LOAN_FIRST}) AS loans` : ''}
     FROM (SELECT ${LOAN_COLUMNS} FROM loans l WHERE l.customer_id = c.id) l) la ON true`;
  const device = withDevice
    ? `LEFT JOIN devices d ON d.id = ${currentDeviceIdAfter('la.device_id', 'c.id')} LEFT JOIN phone_models m ON m.id = d.phone_model_id`
    : '';
  const deviceColumns = withDevice
    ? `, d.id AS device_id, d.imei, m.brand, m.name AS model_name, m.model, m.sku, d.lock_solution_type, d.lock_status,
       d.is_locked, d.status AS device_status, ${utcSql('d.last_check_in')} AS last_check_in, ${utcSql('d.enrolled_at')} AS enrolled_at,
       ${isoDay('d.future_lock_date')} AS future_lock_date`
    : '';
  const loanColumns = withLoans ? ", coalesce(la.loans, '[]'::json) AS loans" : '';
  return `SELECT ${PROFILE}${deviceColumns}${loanColumns} FROM customers c ${loans} ${device} WHERE ${where} ${tail}`;
}

async function customerRow(db: Queryable, caller: Caller, body: z.output<typeof findCustomerRequest>): Promise<Row | undefined> {
  if (body.msisdn !== undefined) {
    return (await db.query<Row>(customerSql(caller, 'c.msisdn = $1'), [body.msisdn]))[0];
  }
  const typed = (body.national_id ?? '').trim();
  const bare = bareId(typed);
  if (!bare) return undefined;
  // The indexed matches first (the ID as stored, the NIDA number), then the ID ignoring separators and case.
  // Several customers may share a document number across ID types: the oldest registration answers.
  const [exact] = await db.query<Row>(
    customerSql(
      caller,
      'c.national_id = $1 OR c.nida_number = $2',
      'ORDER BY (c.nida_number IS NOT DISTINCT FROM $2) DESC, c.registered_at, c.id LIMIT 1',
    ),
    [typed, bare],
  );
  if (exact) return exact;
  const [loose] = await db.query<Row>(customerSql(caller, `${BARE_SQL('c.national_id')} = $1`, 'ORDER BY c.registered_at, c.id LIMIT 1'), [
    bare,
  ]);
  return loose;
}

/** The customer's current device (the one of their newest loan, else their newest device), as the view shows it. */
function deviceView(d: Row): CustomerView['device'] {
  if (d.device_id === null || d.device_id === undefined) return null;
  return {
    id: d.device_id,
    imei: d.imei,
    device_name: deviceName(String(d.brand), String(d.model_name)),
    model: d.model,
    sku: d.sku,
    lock_solution_type: d.lock_solution_type,
    lock_status: d.lock_status,
    is_locked: d.is_locked,
    status: d.device_status,
    last_check_in: isoOfUtc(d.last_check_in),
    enrolled_at: isoOfUtc(d.enrolled_at),
    future_lock_date: d.future_lock_date,
  };
}

/** The customer's loans, newest first, with what is due now and the arrears as the schedule stands today. */
function loansView(rows: Row[], now: Date): NonNullable<CustomerView['loans']> {
  const today = eatDay(now);
  // Due now and arrears from the schedule as it stands today: the stored amount_due is only as fresh as the last
  // ageing run. Arrears are what was due by yesterday and is still unpaid.
  const owed = (l: Row, day: string) =>
    l.status === 'active' && l.next_repayment_date
      ? standing(
          {
            installment_amount: Number(l.installment_amount),
            installments: l.installments,
            interval_days: l.interval_days,
            amount_paid: Number(l.amount_paid),
            late_fee: Number(l.late_fee),
            next_repayment_date: l.next_repayment_date,
          },
          day,
        ).amount_due
      : 0;
  return rows.map((l) => ({
    id: l.id,
    loan_number: l.loan_number,
    status: l.status,
    repayment_period: l.repayment_period,
    amount_due: l.amount_due,
    amount_paid: l.amount_paid,
    deposit_paid: l.deposit_paid,
    late_fee: l.late_fee,
    loan_balance: l.loan_balance,
    days_defaulted: l.days_defaulted,
    due_now: owed(l, today),
    arrears: owed(l, addDays(today, -1)),
    last_repayment_date: l.last_repayment_date,
    next_repayment_date: l.next_repayment_date,
    contract_url: l.contract_url,
  }));
}

export async function findCustomer(deps: Deps, caller: Caller, body: z.output<typeof findCustomerRequest>): Promise<CustomerView> {
  const c = await customerRow(deps.db, caller, body);
  if (!c) throw customerNotFound();
  return {
    customer: {
      id: c.id,
      msisdn: c.msisdn,
      first_name: c.first_name,
      other_names: c.other_names,
      sex: c.sex,
      date_of_birth: c.date_of_birth,
      id_type: c.id_type,
      national_id: c.national_id,
      nida_number: c.nida_number,
      customer_key: c.customer_key,
      registered_at: isoOfUtc(c.registered_at)!,
      loan_status: c.has_active_loan ? 'active' : 'inactive',
      birth_country: c.birth_country,
      birth_region: c.birth_region,
      birth_district: c.birth_district,
      birth_ward: c.birth_ward,
      resident_postal_code: c.resident_postal_code,
      resident_region: c.resident_region,
      resident_district: c.resident_district,
      resident_village: c.resident_village,
      resident_street: c.resident_street,
      security_question: c.security_question,
      language: c.language,
    },
    device: deviceView(c),
    loans: c.loans === undefined ? null : loansView(c.loans as Row[], deps.clock.now()),
  };
}

/**
 * The customer's requests, newest first (the index requests_customer_idx), with who decided and their comment: the
 * customer, their count and their page in one statement (three round trips before, issue 16). A customer with no
 * request still answers their one row, which tells them from a customer who does not exist.
 */
export async function customerRequests(deps: Deps, body: z.output<typeof customerRequestsRequest>): Promise<CustomerRequestHistory> {
  const rows = await deps.db.query<Row>(
    `SELECT (SELECT count(*)::int FROM requests q WHERE q.customer_id = cu.id AND q.kind = ANY($2::text[])) AS total,
            r.id, r.kind, r.status, r.reason, r.decision_comment, r.payload, ${utcSql('r.submitted_at')} AS submitted_at,
            ${utcSql('r.decided_at')} AS decided_at, m.full_name AS maker_name, k.full_name AS checker_name
       FROM customers cu
       LEFT JOIN LATERAL (SELECT r.* FROM requests r WHERE r.customer_id = cu.id AND r.kind = ANY($2::text[])
                           ORDER BY r.submitted_at DESC, r.id DESC ${pageBounds(body.limit, body.skip)}) r ON true
       LEFT JOIN admins m ON m.id = r.maker_id
       LEFT JOIN admins k ON k.id = r.checker_id
      WHERE cu.msisdn = $1
      ORDER BY r.submitted_at DESC, r.id DESC`,
    [body.msisdn, CUSTOMER_REQUEST_KINDS],
  );
  if (!rows[0]) throw customerNotFound();
  const total = Number(rows[0].total);
  return {
    total,
    requests: rows
      .filter((r) => r.id !== null)
      .map((r) => {
        const params = ((r.payload as { params?: Record<string, unknown> }).params ?? {}) as Record<string, unknown>;
        return {
          id: r.id,
          kind: r.kind,
          status: r.status,
          days_to_extend: typeof params.days_to_extend === 'number' ? params.days_to_extend : null,
          new_imei: typeof params.new_imei === 'string' ? params.new_imei : null,
          reason: r.reason,
          comment: r.decision_comment,
          requested_by: r.maker_name,
          decided_by: r.checker_name,
          submitted_at: isoOfUtc(r.submitted_at)!,
          decided_at: isoOfUtc(r.decided_at),
        };
      }),
  };
}
