import type { z } from 'zod';
import type {
  DefaulterRow,
  LoanRow,
  customerRow,
  customersListRequest,
  defaultersListRequest,
  loansListRequest,
} from '../../../src/contract/collections';
import { defaulterCategoryName } from '../../../src/lib/defaulter-category';
import { parseMsisdn } from '../../../src/lib/msisdn';
import type { Caller, Deps } from '../../deps';
import { badRequest } from '../../errors';
import { keptTotal, totalColumn, totalOf } from '../../db/page';
import type { Queryable } from '../../db/port';
import { NAMES_VERSION, namesFor } from '../names';
import { iso, isoDay, listTotal, type ListTotal, type Row } from '../shared';
import { eat } from '../analytics/snapshot-sql';
import { KEPT_DEFAULTER_COLUMNS, categoryRange, categorySql, defaulterRow, likeEscaped, ownedStoresOf, scopeOf, scopeSql } from './shared';

/**
 * The loans, customers and defaulters lists (decision 015). Read-only: no transaction, no audit row. Each page is
 * one query with LIMIT/OFFSET over partial indexes of the active loans, and one count over the same conditions
 * with only the joins the filters need, in the same statement (decision 040) unless the total is the planner's estimate.
 */

/**
 * The total as a column of the page's rows: counted by the statement (an uncorrelated subquery, computed once), or a
 * placeholder when it is the planner's estimate or already known. The page's rows are the statement's outer rows, in
 * the page's own order, so PostgreSQL returns them as the page's walk gives them instead of sorting them again
 * (decision 092); an empty page has no row to carry a counted total, which is then counted alone (`totalOf`).
 */
const totalSelect = (total: ListTotal) => (total.estimated ? 'NULL::int AS total' : totalColumn(total.count));

/** The answer's total, and its rows. */
async function pageOf<T>(db: Queryable, total: ListTotal, rows: Row[], row: (r: Row) => T) {
  return {
    total: total.estimated ? total.total : await totalOf(db, rows, total.count),
    ...(total.estimated ? { total_estimated: true as const } : {}),
    data: rows.map(row),
  };
}

type Page<T> = { total: number; limit: number; skip: number; data: T[] };
type DefaultersRequest = z.output<typeof defaultersListRequest>;
export type DefaultersListKind = 'mine' | 'npl' | 'all';

/** A search box: a phone number in any form finds its customer exactly, else a loan number or part of the name. */
function searchSql(search: string | undefined, params: unknown[]): string | null {
  const text = search?.trim();
  if (!text) return null;
  const msisdn = parseMsisdn(text);
  if (msisdn) {
    params.push(msisdn);
    return `c.msisdn = $${params.length}`;
  }
  params.push(text.replace(/\s+/g, '').toUpperCase(), `%${likeEscaped(text)}%`);
  return `(upper(l.loan_number) = $${params.length - 1} OR c.first_name || ' ' || c.other_names ILIKE $${params.length})`;
}

const dir = (order: 'asc' | 'desc' | undefined, fallback: 'asc' | 'desc') => ((order ?? fallback) === 'asc' ? 'ASC' : 'DESC');

/**
 * An order along one of the active loans' list indexes (migration 028), walked forwards (DESC) or backwards (ASC):
 * the id breaks ties in the same direction, and a missing value (a loan never paid) is last going down, first going up.
 */
const along = (loan: string, column: string, direction: 'ASC' | 'DESC') =>
  `${loan}.${column} ${direction} NULLS ${direction === 'DESC' ? 'LAST' : 'FIRST'}, ${loan}.id ${direction}`;

/**
 * The list's order over the loan `loan` and its case `kase`: the loan `l` and case `k` of the list's conditions, or
 * the loans' kept rows (`r` for both: a kept row carries its case's columns) for the page's rows.
 */
function defaulterOrder(body: DefaultersRequest, loan = 'l', kase = 'k'): string {
  switch (body.sort) {
    case 'priority':
      return `(${kase}.broken_promise_at IS NOT NULL) DESC, ${kase}.next_action_date ASC NULLS LAST, ${loan}.days_defaulted DESC, ${loan}.id`;
    case 'days_defaulted':
      return along(loan, 'days_defaulted', dir(body.order, 'desc'));
    case 'amount_due':
      return along(loan, 'amount_due', dir(body.order, 'desc'));
    case 'last_payment':
      return along(loan, 'last_repayment_date', dir(body.order, 'asc'));
    case 'next_action':
      return `${kase}.next_action_date ${dir(body.order, 'asc')} NULLS LAST, ${loan}.id`;
  }
}

/**
 * The priority order's first key as a column of the page (`broken_first`): the statement's ORDER BY names it, so
 * PostgreSQL sees that the page's rows already come in that order (an expression over the page's columns it does not).
 */
const BROKEN_FIRST = '(l.broken_promise_at IS NOT NULL) AS broken_first';

/**
 * The list's order over its page `r`, named by the page's own columns: the priority order's three runs by their `run`,
 * any other page in the priority order by BROKEN_FIRST, which it carries.
 */
const pageOrder = (body: DefaultersRequest, runs: boolean) =>
  runs
    ? 'r.run, r.next_action_date ASC NULLS LAST, r.days_defaulted DESC, r.id'
    : body.sort === 'priority'
      ? 'r.broken_first DESC, r.next_action_date ASC NULLS LAST, r.days_defaulted DESC, r.id'
      : defaulterOrder(body, 'r', 'r');

/** A loan in default: what every defaulters list asks of the loan, and what its kept row (defaulter_rows) is for. */
const IN_DEFAULT = ["l.status = 'active'", 'l.days_defaulted > 0'];

export async function defaultersList(
  deps: Deps,
  caller: Caller,
  kind: DefaultersListKind,
  body: DefaultersRequest,
): Promise<Page<DefaulterRow>> {
  const params: unknown[] = [];
  const where = [...IN_DEFAULT];
  /** Joins the count needs beyond loans. */
  const countJoins = new Set<string>();
  /** The caller's own loans (the list of kind 'mine'): a subquery of loan ids, and its condition on the loan. */
  let mineSql: string | null = null;
  let mineCondition: string | null = null;
  /** A collector's own list (the caller has no stores): their cases' kept rows, as a condition on the kept row. */
  let collectorOwn: string | null = null;
  if (kind === 'mine') {
    // Assigned to the caller, or (a shop owner) a loan sold at one of their stores: the ids of both, each from its
    // own index, so the list reads a collector's cases and an owner's stores, never every defaulter (an OR across
    // the case and the loan walked all of them: no answer within 5 s at a million loans, decision 032).
    // The caller's id and their stores' are written into the statement as whole numbers (never text): with them as
    // parameters PostgreSQL chose a custom plan on every call, and planning this statement cost 2 ms, three times
    // running it; as literals it is planned once per connection and caller (decision 031's rule for page bounds).
    const mine = [`SELECT m.loan_id FROM collection_cases m WHERE m.collector_id = ${Math.trunc(caller.adminId)}`];
    const stores = await ownedStoresOf(deps.db, caller);
    if (stores.length) {
      mine.push(`SELECT m.id FROM loans m WHERE m.store_id IN (${stores.join(',')}) AND m.status = 'active' AND m.days_defaulted > 0`);
    }
    if (!stores.length) collectorOwn = `l.collector_id = ${Math.trunc(caller.adminId)}`;
    mineSql = mine.join(' UNION ');
    mineCondition = `l.id IN (${mineSql})`;
    where.push(mineCondition);
  } else {
    where.push(scopeSql(await scopeOf(deps.db, caller), params));
  }
  if (kind === 'npl' && body.category && body.category !== 'non-performing')
    throw badRequest('category', 'the non-performing list holds only non-performing');
  const category = kind === 'npl' ? 'non-performing' : body.category;
  /** What the runs of cases check on the case itself, along their index, before they read its loan. */
  const onCase = ['k.days_defaulted > 0'];
  const range = category ? categoryRange(category, params) : null;
  /** The category's condition on the loan's days (`l`: the loans' or their kept rows'), when the list has one. */
  const inCategory = range ? range('l.days_defaulted') : null;
  if (range && inCategory) {
    where.push(inCategory);
    onCase.push(range('k.days_defaulted'));
  }
  if (body.store_id !== undefined) {
    params.push(body.store_id);
    where.push(`l.store_id = $${params.length}`);
  }
  if (body.agent_id !== undefined) {
    params.push(body.agent_id);
    where.push(`l.agent_id = $${params.length}`);
  }
  if (body.region_id !== undefined) {
    params.push(body.region_id);
    where.push(`s.region_id = $${params.length}`);
    countJoins.add('s');
  }
  if (body.collector_id !== undefined) {
    if (kind !== 'all') throw badRequest('collector_id', 'only in the list of every defaulter');
    if (body.collector_id === 'unassigned') where.push('k.collector_id IS NULL');
    else {
      params.push(body.collector_id);
      where.push(`k.collector_id = $${params.length}`);
    }
    countJoins.add('k');
  }
  const search = searchSql(body.search, params);
  if (search) {
    where.push(search);
    countJoins.add('c');
  }

  // The count and the page read loans, their case, and only the tables the filters need; the page's rows are then
  // joined to the rest. (Left-joined on its key and unused, the case is dropped from the count's plan.)
  const loanJoins = `${countJoins.has('c') ? 'JOIN customers c ON c.id = l.customer_id' : ''}
    ${countJoins.has('s') ? 'JOIN stores s ON s.id = l.store_id' : ''}`;
  const filtered = `FROM loans l ${loanJoins}
    LEFT JOIN collection_cases k ON k.loan_id = l.id
   WHERE ${where.join(' AND ')}`;
  // The runs of cases start from the case, along its index in next-action order, and look up each case's loan; the
  // subquery's OFFSET 0 keeps PostgreSQL from flattening it into a merge join that read every case's loan by id
  // (2.0 -> 0.7 ms for the planned next actions at a million loans, decision 040). `where` may name the case (k).
  // The caller's own list starts the runs from their own cases instead (the case is named first, outside the
  // lateral): walking every broken promise and planned action to keep the caller's read all of them on every call,
  // 1.2 ms for a collector with none (issue 16).
  // A run of cases reads each case's kept row (defaulter_rows, migration 039, decision 059), which only a loan in
  // default has: the conditions on the loan's status and days are its being there, the rest name its columns as the
  // loan's (`l`), and the run carries the whole row to the page.
  const keptWhere = where.filter((condition) => condition !== mineCondition && !IN_DEFAULT.includes(condition));
  // Each case carries its loan's days defaulted (migration 037, decision 055), so a run is read in its whole order
  // along its index, and a case whose days are out of the list's range is passed over without reading its row.
  const fromCases = `FROM collection_cases k
    CROSS JOIN LATERAL (SELECT l.* FROM defaulter_rows l ${loanJoins} WHERE ${['l.id = k.loan_id', ...keptWhere].join(' AND ')} OFFSET 0) l
   WHERE ${onCase.join(' AND ')} AND ${mineSql === null ? '' : `k.loan_id IN (${mineSql}) AND`}`;
  // A collector's own list (decision 083) is their cases' kept rows: counted along migration 043's index of the
  // collector's rows, and paged along it in the priority order. Counting the loans of their cases looked up each one
  // (15.5 ms of PostgreSQL a call for 1,965 cases at a million customers). A shop owner's own list also holds the
  // defaulters of their stores, whichever collector has them: it keeps to the runs below.
  const ownKept = collectorOwn === null ? null : `FROM defaulter_rows l ${loanJoins} WHERE ${[collectorOwn, ...keptWhere].join(' AND ')}`;
  // With no filter, their total is the count kept per collector (list_totals, migration 045, decision 085), not their
  // kept rows counted again. At scale a list of most defaulters answers the planner's estimate as its total (issue 16,
  // decision 031).
  const total: ListTotal =
    collectorOwn !== null && keptWhere.length === 0
      ? {
          estimated: false,
          count: {
            total: keptTotal(`defaulters:collector:${Math.trunc(caller.adminId)}`),
            params,
          },
        }
      : await listTotal(deps.db, ownKept ?? filtered, params, deps.clock.now(), deps.config.estimateTotalsFromRows);
  // The page's bounds are written into the statement (whole numbers the request schema checked): with them as
  // parameters PostgreSQL would plan every call again, expecting a tenth of the table from a LIMIT it cannot see.
  const limit = String(Math.trunc(body.limit));
  const skip = String(Math.trunc(body.skip));
  // The priority order is three runs, each along an index: broken promises (few), then the next actions planned
  // (the cases'), then every other defaulter by days defaulted (loans_active_days_idx). Each run gives at most a
  // page's end, and the page is cut from the three in order: no sort of every defaulter. A run is read only when the
  // runs before it gave less than the page's end (a one-time filter on their counts): a page of broken promises
  // reads no planned action and no other defaulter. Every run gives its loans' kept rows, which the page then shows.
  // Any other order walks the loans along its index, and the page's rows are then looked up by the loan.
  const end = `${limit} + ${skip}`;
  // Every defaulter (of a category) in the priority order, as head office and the non-performing list open it: the
  // kept rows along their own index of that order (migration 042, decision 081), the page's rows and nothing else.
  // Any other condition (a scope, a filter, a search, the caller's own) keeps to the runs, which start from the cases
  // and loans it selects. Which it is, is read from the list's conditions, so no filter can be left out of the walk.
  const everyDefaulter = where.every((condition) => IN_DEFAULT.includes(condition) || condition === 'true' || condition === inCategory);
  // The priority order of a narrowed list: three runs (below), the page cut from them in order.
  const runs = ownKept === null && body.sort === 'priority' && !everyDefaulter;
  const ctes =
    ownKept !== null
      ? `page AS (SELECT l.*, ${BROKEN_FIRST} ${ownKept} ORDER BY ${defaulterOrder(body, 'l', 'l')} LIMIT ${limit} OFFSET ${skip})`
      : body.sort === 'priority' && everyDefaulter
        ? `page AS (SELECT l.*, ${BROKEN_FIRST} FROM defaulter_rows l ${inCategory ? `WHERE ${inCategory}` : ''}
             ORDER BY ${defaulterOrder(body, 'l', 'l')} LIMIT ${limit} OFFSET ${skip})`
        : runs
          ? `r0 AS (SELECT 0 AS run, l.* ${fromCases} k.broken_promise_at IS NOT NULL
             ORDER BY k.next_action_date ASC NULLS LAST, k.days_defaulted DESC, k.loan_id LIMIT ${end}),
         r1 AS (SELECT 1 AS run, l.* ${fromCases} k.broken_promise_at IS NULL
                   AND k.next_action_date IS NOT NULL AND (SELECT count(*) FROM r0) < ${end}
             ORDER BY k.next_action_date ASC, k.days_defaulted DESC, k.loan_id LIMIT ${end}),
         r2 AS (SELECT 2 AS run, r.* FROM (SELECT l.id ${filtered} AND k.broken_promise_at IS NULL
                   AND k.next_action_date IS NULL AND (SELECT count(*) FROM r0) + (SELECT count(*) FROM r1) < ${end}
             ORDER BY l.days_defaulted DESC, l.id LIMIT ${end}) r2 JOIN defaulter_rows r ON r.id = r2.id),
         page AS (SELECT * FROM (SELECT * FROM r0 UNION ALL SELECT * FROM r1 UNION ALL SELECT * FROM r2) runs
                   ORDER BY run, next_action_date ASC NULLS LAST, days_defaulted DESC, id LIMIT ${limit} OFFSET ${skip})`
          : `ids AS (SELECT l.id ${filtered} ORDER BY ${defaulterOrder(body)} LIMIT ${limit} OFFSET ${skip}),
         page AS (SELECT r.* FROM ids JOIN defaulter_rows r ON r.id = ids.id)`;
  // The page's rows and their devices: two lookups a row, not one each for the loan, its customer, device, case and
  // latest promise.
  const rows = await deps.db.query<Row>(
    `WITH ${ctes}
     SELECT ${totalSelect(total)}, ${KEPT_DEFAULTER_COLUMNS}
       FROM page r JOIN devices d ON d.id = r.device_id
      ORDER BY ${pageOrder(body, runs)}`,
    params,
  );
  const names = await namesFor(deps.db, rows);
  const { total: count, data, ...estimated } = await pageOf(deps.db, total, rows, (r) => defaulterRow(r, names));
  return { total: count, ...estimated, limit: body.limit, skip: body.skip, data };
}

// ---------------------------------------------------------------------------------------------------------------
// Loans

type LoansRequest = z.output<typeof loansListRequest>;

const TAB_SQL: Record<LoansRequest['tab'], string> = {
  active: 'true',
  healthy: 'l.days_defaulted = 0',
  // Past the "due" category (under 4 days): watchful and worse.
  defaulted: 'l.days_defaulted >= 4',
  all_defaulters: 'l.days_defaulted > 0',
};

const LOAN_ORDER: Record<LoansRequest['sort'], [string, 'asc' | 'desc']> = {
  started_at: ['l.started_at', 'desc'],
  days_defaulted: ['l.days_defaulted', 'desc'],
  amount_due: ['l.amount_due', 'desc'],
  loan_balance: ['l.loan_balance', 'desc'],
  last_payment: ['l.last_repayment_date', 'desc'],
  next_due: ['l.next_repayment_date', 'asc'],
};

export async function loansList(deps: Deps, caller: Caller, body: LoansRequest): Promise<Page<LoanRow>> {
  const params: unknown[] = [];
  const where = ["l.status = 'active'", TAB_SQL[body.tab], scopeSql(await scopeOf(deps.db, caller), params)];
  /** The tables beyond loans that the filters read. */
  const needs = new Set<'c' | 's' | 'd' | 'pp'>();
  const add = (sql: string, value: unknown, table?: 'c' | 's' | 'd' | 'pp') => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
    if (table) needs.add(table);
  };
  if (body.store_id !== undefined) add('l.store_id = ?', body.store_id);
  if (body.agent_id !== undefined) add('l.agent_id = ?', body.agent_id);
  if (body.region_id !== undefined) add('s.region_id = ?', body.region_id, 's');
  if (body.phone_model_id !== undefined) add('pp.phone_model_id = ?', body.phone_model_id, 'pp');
  if (body.lock_type !== undefined) add('d.lock_solution_type = ?', body.lock_type, 'd');
  if (body.repayment_period !== undefined) add('l.repayment_period = ?', body.repayment_period);
  if (body.category !== undefined) where.push(categorySql(body.category, params));
  // Started on a day in EAT: from its first instant, to the first instant of the next day.
  if (body.started_from !== undefined) add("l.started_at >= (?::date - interval '3 hours')", body.started_from);
  if (body.started_to !== undefined) add("l.started_at < (?::date + interval '21 hours')", body.started_to);
  const search = searchSql(body.search, params);
  if (search) {
    where.push(search);
    needs.add('c');
  }
  // The count and the page read loans and only what the filters need; the page's 25 rows are then joined to the rest.
  const filtered = `FROM loans l
    ${needs.has('c') ? 'JOIN customers c ON c.id = l.customer_id' : ''}
    ${needs.has('s') ? 'JOIN stores s ON s.id = l.store_id' : ''}
    ${needs.has('d') ? 'JOIN devices d ON d.id = l.device_id' : ''}
    ${needs.has('pp') ? 'JOIN phone_prices pp ON pp.id = l.phone_price_id' : ''}
   WHERE ${where.join(' AND ')}`;
  // At scale a list of most active loans answers the planner's estimate as its total (issue 16, decision 031).
  const total = await listTotal(deps.db, filtered, params, deps.clock.now(), deps.config.estimateTotalsFromRows);
  const [column, fallback] = LOAN_ORDER[body.sort];
  const direction = dir(body.order, fallback);
  // One order per sort, walked forwards or backwards along its index (migration 028): never-paid loans last when
  // the newest payments come first, first when the oldest do. The page takes each loan whole from the heap page the
  // walk visits, not its id to look it up again by key (four index and heap pages more a row: the statement's
  // PostgreSQL CPU 0.18 -> 0.15 ms at a million customers, as the request queues' pages do, decision 040).
  const order = (alias: string) =>
    `${column.replace('l.', `${alias}.`)} ${direction} NULLS ${direction === 'DESC' ? 'LAST' : 'FIRST'}, ${alias}.id ${direction}`;
  const rows = await deps.db.query<Row>(
    `WITH page AS (SELECT l.* ${filtered} ORDER BY ${order('l')} LIMIT ${Math.trunc(body.limit)} OFFSET ${Math.trunc(body.skip)})
         SELECT ${totalSelect(total)}, l.id, l.loan_number, l.repayment_period, l.price, l.amount_paid, l.loan_balance, l.amount_due, l.days_defaulted,
                ${isoDay(eat('l.started_at'))} AS started_on, ${isoDay('l.last_repayment_date')} AS last_repayment_date,
                ${isoDay('l.next_repayment_date')} AS next_repayment_date, d.lock_solution_type, l.phone_price_id, l.agent_id,
                c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name, l.store_id, ${NAMES_VERSION}
           FROM page l
           JOIN customers c ON c.id = l.customer_id
           JOIN devices d ON d.id = l.device_id
          ORDER BY ${order('l')}`,
    params,
  );
  // The names of the page's store, region, agent and phone model are the copy's kept ones (decision 057).
  const names = await namesFor(deps.db, rows);
  const {
    total: count,
    data,
    ...estimated
  } = await pageOf(deps.db, total, rows, (r) => ({
    id: Number(r.id),
    loan_number: String(r.loan_number),
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
    store: names.store(Number(r.store_id)),
    region: names.regionOfStore(Number(r.store_id)),
    agent: names.agent(r.agent_id),
    phone: names.phoneOfPrice(Number(r.phone_price_id)),
    lock_type: r.lock_solution_type,
    repayment_period: r.repayment_period,
    price: Number(r.price),
    amount_paid: Number(r.amount_paid),
    loan_balance: Number(r.loan_balance),
    amount_due: Number(r.amount_due),
    days_defaulted: Number(r.days_defaulted),
    category: defaulterCategoryName(Number(r.days_defaulted)),
    started_on: String(r.started_on),
    last_repayment_date: r.last_repayment_date ?? null,
    next_repayment_date: r.next_repayment_date ?? null,
  }));
  return { total: count, ...estimated, limit: body.limit, skip: body.skip, data };
}

// ---------------------------------------------------------------------------------------------------------------
// Customers

type CustomersRequest = z.output<typeof customersListRequest>;

export async function customersList(deps: Deps, body: CustomersRequest): Promise<Page<z.input<typeof customerRow>>> {
  const params: unknown[] = [];
  let where = 'true';
  const find = body.find?.trim();
  if (find) {
    const msisdn = parseMsisdn(find);
    if (msisdn) {
      params.push(msisdn);
      where = 'c.msisdn = $1';
    } else {
      params.push(find, find.replace(/\s+/g, '').toUpperCase(), `%${likeEscaped(find)}%`);
      where = `(c.national_id = $1 OR c.id IN (SELECT x.customer_id FROM loans x WHERE upper(x.loan_number) = $2)
                OR c.first_name || ' ' || c.other_names ILIKE $3)`;
    }
  }
  const [counted] = (await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM customers c WHERE ${where}`, params)) as [
    { total: number },
  ];
  const rows = counted.total
    ? await deps.db.query<Row>(
        `SELECT c.id, c.msisdn, c.first_name || ' ' || c.other_names AS name, c.national_id, c.registered_at, s.name AS store_name,
                l.loan_number, l.status AS loan_status, l.days_defaulted, l.loan_balance
           FROM customers c
           LEFT JOIN stores s ON s.id = c.store_id
           LEFT JOIN LATERAL (SELECT x.* FROM loans x WHERE x.customer_id = c.id ORDER BY x.started_at DESC, x.id DESC LIMIT 1) l ON true
          WHERE ${where}
          ORDER BY c.registered_at DESC, c.id DESC
          LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, body.limit, body.skip],
      )
    : [];
  return {
    total: counted.total,
    limit: body.limit,
    skip: body.skip,
    data: rows.map((r) => ({
      id: Number(r.id),
      msisdn: String(r.msisdn),
      name: String(r.name),
      national_id: String(r.national_id),
      registered_at: iso(r.registered_at)!,
      store: r.store_name ?? null,
      loan: r.loan_number
        ? {
            loan_number: String(r.loan_number),
            status: String(r.loan_status),
            days_defaulted: Number(r.days_defaulted),
            loan_balance: Number(r.loan_balance),
          }
        : null,
    })),
  };
}
