import { defaulterCategories, defaulterCategoryName } from '../../../src/lib/defaulter-category';
import type { CategoryName, DefaulterRow } from '../../../src/contract/collections';
import type { Caller } from '../../deps';
import type { Queryable } from '../../db/port';
import { keptPerDb } from '../../auth/session-cache';
import { badRequest } from '../../errors';
import { NAMES_VERSION, type Names } from '../names';
import { isoDay, isoOfUtc, utcSql, type Row } from '../shared';

/**
 * What the collection lists share: the caller's scope (decision 015: a shop owner sees their stores, a region lead
 * their region, an agent their own sales, anyone else everything), the ageing category in SQL, and the defaulter row.
 */

export type Scope = { kind: 'all' } | { kind: 'stores'; storeIds: number[] } | { kind: 'agent'; agentId: number };

/**
 * A caller's scope, kept per server copy and user while the database's change feed says nothing has changed it
 * (decision 040, the session rows' rule of decision 042: migration 031's notices for stores, shop owners, regions and
 * agents, this copy's own writes at once). Inside a transaction, which may decide a write, it is always read.
 */
export const scopeOf = (db: Queryable, caller: Caller): Promise<Scope> =>
  keptScopes(db, String(caller.adminId), () => readScope(db, caller));
const keptScopes = keptPerDb<Scope>();

async function readScope(db: Queryable, caller: Caller): Promise<Scope> {
  // One round trip: the stores the caller owns or leads, and their agent, if any.
  const [row] = await db.query<{ stores: Array<number | string>; agent: number | string | null }>(
    `SELECT ARRAY(SELECT s.id FROM stores s JOIN shop_owners o ON o.id = s.shop_owner_id WHERE o.admin_id = $1
                  UNION SELECT s.id FROM stores s JOIN regions r ON r.id = s.region_id WHERE r.lead_admin_id = $1 ORDER BY 1) AS stores,
            (SELECT a.id FROM agents a WHERE a.admin_id = $1 LIMIT 1) AS agent`,
    [caller.adminId],
  );
  const stores = row?.stores ?? [];
  if (stores.length) return { kind: 'stores', storeIds: stores.map(Number) };
  if (row?.agent !== null && row?.agent !== undefined) return { kind: 'agent', agentId: Number(row.agent) };
  return { kind: 'all' };
}

/**
 * The stores a caller owns (a shop owner's), whose defaulters their own list holds beside their cases (lists.ts):
 * kept as the scope is, on the same notices (migration 031's triggers on stores and shop owners). A collector's own
 * list, the one called all day, then costs one statement, not two (issue 16).
 */
export const ownedStoresOf = (db: Queryable, caller: Caller): Promise<number[]> =>
  keptOwnedStores(db, String(caller.adminId), async () =>
    (
      await db.query<{ id: number | string }>(
        'SELECT s.id FROM stores s JOIN shop_owners o ON o.id = s.shop_owner_id WHERE o.admin_id = $1 ORDER BY 1',
        [caller.adminId],
      )
    ).map((store) => Math.trunc(Number(store.id))),
  );
const keptOwnedStores = keptPerDb<number[]>();

/** The scope as a condition on the loan `l`, its values pushed onto `params`. */
export function scopeSql(scope: Scope, params: unknown[]): string {
  if (scope.kind === 'all') return 'true';
  if (scope.kind === 'stores') {
    params.push(scope.storeIds);
    return `l.store_id = ANY($${params.length}::bigint[])`;
  }
  params.push(scope.agentId);
  return `l.agent_id = $${params.length}`;
}

/** The ageing category of a days-defaulted column (src/lib/defaulter-category.ts), as SQL. */
export const categoryCase = (column: string) =>
  `CASE ${defaulterCategories
    .filter((c) => c.maxDays !== null)
    .map((c) => `WHEN ${column} <= ${c.maxDays} THEN '${c.name}'`)
    .join(' ')} ELSE '${defaulterCategories.at(-1)!.name}' END`;

/** A category filter as a days range on `l.days_defaulted`. */
export const categorySql = (name: CategoryName, params: unknown[]): string => categoryRange(name, params)('l.days_defaulted');

/**
 * A category's days range, its bounds pushed onto `params` once, as a condition on any copy of the loan's days (the
 * loan's, the case's): the conditions share the statement's parameters.
 */
export function categoryRange(name: CategoryName, params: unknown[]): (days: string) => string {
  const c = defaulterCategories.find((x) => x.name === name)!;
  params.push(c.minDays);
  const min = params.length;
  if (c.maxDays === null) return (days) => `${days} >= $${min}`;
  params.push(c.maxDays);
  const max = params.length;
  return (days) => `${days} >= $${min} AND ${days} <= $${max}`;
}

/** The user's text inside a LIKE pattern, its own % and _ taken literally. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Everything a defaulter row shows, over `l` (loans) joined as DEFAULTER_FROM does. The names of its store, region,
 * agent and collector are the copy's kept ones (names.ts, decision 057): the row reads their ids and the names'
 * version.
 */
export const DEFAULTER_COLUMNS = `
  l.id, l.loan_number, l.days_defaulted, l.amount_due, l.loan_balance,
  ${isoDay('l.last_repayment_date')} AS last_repayment_date, ${isoDay('l.next_repayment_date')} AS next_repayment_date,
  c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
  l.store_id, l.agent_id, d.imei, d.is_locked, ${utcSql('d.last_check_in')} AS last_check_in,
  k.collector_id, ${utcSql('k.last_call_at')} AS last_call_at, k.last_outcome, k.last_reason,
  ${isoDay('k.next_action_date')} AS next_action_date, k.broken_promise_at IS NOT NULL AS broken_promise,
  p.id AS promise_id, ${isoDay('p.promised_on')} AS promised_on, p.amount AS promise_amount, p.paid_since AS promise_paid_since,
  p.status AS promise_status, ${NAMES_VERSION}`;

/**
 * The same row from the loan's kept row `r` (defaulter_rows, migration 039, decision 059) and its device `d`, joined
 * on the row's device_id: one lookup for the loan, customer, case and latest promise, one for the device, which
 * changes on every check-in and is read live.
 */
export const KEPT_DEFAULTER_COLUMNS = `
  r.id, r.loan_number, r.days_defaulted, r.amount_due, r.loan_balance,
  ${isoDay('r.last_repayment_date')} AS last_repayment_date, ${isoDay('r.next_repayment_date')} AS next_repayment_date,
  r.customer_id, r.msisdn, r.customer_name, r.store_id, r.agent_id, d.imei, d.is_locked, ${utcSql('d.last_check_in')} AS last_check_in,
  r.collector_id, ${utcSql('r.last_call_at')} AS last_call_at, r.last_outcome, r.last_reason,
  ${isoDay('r.next_action_date')} AS next_action_date, r.broken_promise_at IS NOT NULL AS broken_promise,
  r.promise_id, ${isoDay('r.promised_on')} AS promised_on, r.promise_amount, r.promise_paid_since, r.promise_status, ${NAMES_VERSION}`;

/** What a defaulter row joins to its loan `l`. */
const DEFAULTER_JOINS = `
  JOIN customers c ON c.id = l.customer_id
  JOIN devices d ON d.id = l.device_id
  LEFT JOIN collection_cases k ON k.loan_id = l.id
  LEFT JOIN LATERAL (SELECT x.* FROM payment_promises x WHERE x.loan_id = l.id ORDER BY x.created_at DESC, x.id DESC LIMIT 1) p ON true`;

export const DEFAULTER_FROM = `FROM loans l ${DEFAULTER_JOINS}`;

/** A defaulter row, named by `names` (namesFor the statement's rows). */
export function defaulterRow(r: Row, names: Names): DefaulterRow {
  const collector = r.collector_id === null || r.collector_id === undefined ? null : names.admin(Number(r.collector_id));
  return {
    id: Number(r.id),
    loan_number: String(r.loan_number),
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
    store: names.store(Number(r.store_id)),
    region: names.regionOfStore(Number(r.store_id)),
    agent: names.agent(r.agent_id),
    days_defaulted: Number(r.days_defaulted),
    category: defaulterCategoryName(Number(r.days_defaulted)),
    amount_due: Number(r.amount_due),
    loan_balance: Number(r.loan_balance),
    last_repayment_date: r.last_repayment_date ?? null,
    next_repayment_date: r.next_repayment_date ?? null,
    device: { imei: String(r.imei), is_locked: Boolean(r.is_locked), last_check_in: isoOfUtc(r.last_check_in) },
    collector: collector && { id: collector.id, name: collector.name },
    last_call: r.last_call_at ? { at: isoOfUtc(r.last_call_at)!, outcome: r.last_outcome, reason: r.last_reason ?? null } : null,
    next_action_date: r.next_action_date ?? null,
    promise: r.promise_id
      ? {
          id: Number(r.promise_id),
          promised_on: String(r.promised_on),
          amount: Number(r.promise_amount),
          paid_since: Number(r.promise_paid_since),
          status: r.promise_status,
        }
      : null,
    broken_promise: r.broken_promise === true,
  };
}

/** Refuses a day before today (a next action or a promise is in the future or today). */
export function notBefore(field: string, value: string | undefined, today: string): void {
  if (value !== undefined && value < today) throw badRequest(field, 'must not be before today');
}
