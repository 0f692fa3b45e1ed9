import { REQUEST_LIMITS, REQUEST_QUEUES, type ChangeValues, type RequestKind, type RequestQueue } from '../../../src/contract/requests';
import type { Deps } from '../../deps';
import { joinByKey, keptTotal, pageInOrder } from '../../db/page';
import { eatDay } from '../calendar';
import { NAMES_VERSION, namesFor, type Names } from '../names';
import { isoDay, isoOfUtc, utcSql, type Row, type Tx } from '../shared';
import type { Payload } from './record';

// ---------------------------------------------------------------------------------------------------------------
// The pending lists
//
// A page is one statement (decision 040): the count, the page's requests with their people, store and customer, and
// what a customer request would change now (the loan, the device, the customer's active loans), read live.

/**
 * The columns every item shows. `submitted_at` is UTC text (`utcSql`): no Date per row. The payload is
 * read only where the item shows it (the maker-checker queues): a customer request's before and after are read live.
 */
const BASE_COLUMNS = `r.id, r.kind, r.status, r.reason, ${utcSql('r.submitted_at')} AS submitted_at,
  r.customer_id, r.store_id, r.maker_id, c.msisdn AS customer_msisdn, c.first_name || ' ' || c.other_names AS customer_name,
  ${NAMES_VERSION}`;

const loanJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'loan_number', ${alias}.loan_number, 'status', ${alias}.status, 'loan_balance', ${alias}.loan_balance)`;

/**
 * What each queue reads beyond the request, over `r`. The loan extensions are read whole from their kept rows
 * (`KEPT_EXTENSIONS`), not here.
 */
const LIVE: Record<Exclude<RequestQueue, 'loan_extension'>, { columns: string; from: string }> = {
  loan_deactivation: {
    columns: `(SELECT ${loanJson('n')} FROM loans n WHERE n.id = r.loan_id) AS named_loan,
      (SELECT json_agg(${loanJson('a')} ORDER BY a.id) FROM loans a WHERE a.customer_id = r.customer_id AND a.status = 'active') AS active_loans`,
    from: '',
  },
  imei_change: {
    columns: `d.id AS device_id, d.imei, d.phone_model_id, r.payload #>> '{params,new_imei}' AS new_imei`,
    from: joinByKey('devices', 'd', 'd.id = r.device_id'),
  },
  maker_checker: { columns: 'r.payload', from: '' },
  maker_checker_portal: { columns: 'r.payload', from: '' },
};

/**
 * A page of the loan extensions, read from their kept rows (migration 047, decision 090): the request, its customer,
 * its loan and the loan's device as they are now, one row each, kept by triggers in every writer's transaction. The
 * extension's day arithmetic is done in SQL ($1 is today in EAT). Read live, the page's 75 key lookups into the
 * customers, loans and devices were 60% of PostgreSQL's time for it at a million customers.
 */
const KEPT_EXTENSIONS = `r.id, 'loan_extension' AS kind, 'submitted' AS status, r.reason, ${utcSql('r.submitted_at')} AS submitted_at,
  r.customer_id, r.store_id, r.maker_id, r.customer_msisdn, r.customer_name, ${NAMES_VERSION},
  r.loan_id, r.loan_number, r.loan_status, r.loan_balance, r.days_defaulted, r.days,
  ${isoDay('r.next_repayment_date')} AS next_repayment_date, ${isoDay('r.next_repayment_date + r.days')} AS proposed,
  greatest(0, $1::date - (r.next_repayment_date + r.days)) AS proposed_days_defaulted,
  ${isoDay('r.future_lock_date')} AS future_lock_date, ${isoDay('r.future_lock_date + r.days')} AS proposed_lock_date`;

/**
 * What every item shows, then what its queue adds (`Object.assign`): an object literal that spreads another and then
 * adds a dozen keys cost V8 about 40 µs per item (Node 20), more than the rest of the call's work (decision 040).
 */
function itemOf<T extends object>(r: Row, at: ItemContext, before: ChangeValues, after: ChangeValues, rest: T) {
  const requestedAt = isoOfUtc(r.submitted_at)!;
  const base = {
    id: r.id as number,
    status: r.status,
    reason: r.reason as string | null,
    requested_by: at.names.admin(r.maker_id as number),
    requested_at: requestedAt,
    waited_ms: Math.max(0, at.now - Date.parse(requestedAt)),
    store: r.store_id === null ? null : at.names.store(r.store_id as number),
    customer:
      r.customer_id === null ? null : { id: r.customer_id as number, msisdn: r.customer_msisdn as string, name: r.customer_name as string },
    before,
    after,
  };
  return Object.assign(base, rest);
}

type LoanRef = { id: number; loan_number: string; status: string; loan_balance: number };

/** When the page is answered (ms), and the kept names of its makers, stores and phone models (decision 057). */
interface ItemContext {
  now: number;
  names: Names;
}

function item(queue: RequestQueue, r: Row, at: ItemContext) {
  if (queue === 'loan_extension') {
    const days = r.days as number;
    const current = r.next_repayment_date as string | null;
    const proposed = r.proposed as string | null;
    const proposedDefaulted = proposed === null ? 0 : (r.proposed_days_defaulted as number);
    const before = {
      loan_number: r.loan_number,
      next_repayment_date: current,
      days_defaulted: r.days_defaulted,
      future_lock_date: r.future_lock_date,
    };
    const after = {
      loan_number: r.loan_number,
      next_repayment_date: proposed,
      days_defaulted: proposedDefaulted,
      future_lock_date: r.proposed_lock_date,
    };
    return itemOf(r, at, before, after, {
      kind: 'loan_extension' as const,
      loan: {
        id: r.loan_id as number,
        loan_number: r.loan_number as string,
        status: r.loan_status,
        loan_balance: r.loan_balance as number,
      },
      days_to_extend: days,
      current_next_repayment_date: current,
      proposed_next_repayment_date: proposed,
      days_defaulted: r.days_defaulted as number,
      proposed_days_defaulted: proposedDefaulted,
      proposed_in_past: proposedDefaulted > 0,
    });
  }
  if (queue === 'loan_deactivation') {
    const active = (r.active_loans ?? []) as LoanRef[];
    const total = active.reduce((sum, l) => sum + l.loan_balance, 0);
    const numbers = active.map((l) => l.loan_number).join(', ') || null;
    const before = { loans: numbers, loan_status: active.length ? 'active' : null, loan_balance: total, written_off: 0 };
    const after = { loans: numbers, loan_status: active.length ? 'deactivated' : null, loan_balance: 0, written_off: total };
    return itemOf(r, at, before, after, {
      kind: 'loan_deactivation' as const,
      loan: (r.named_loan ?? null) as LoanRef | null,
      active_loans: active,
      write_off_amount: total,
    });
  }
  if (queue === 'imei_change') {
    const next = r.new_imei as string;
    const deviceName = r.phone_model_id === null ? null : at.names.model(r.phone_model_id as number).name;
    const before = { device: deviceName as string, imei: r.imei as string };
    return itemOf(
      r,
      at,
      before,
      { device: deviceName as string, imei: next },
      {
        kind: 'imei_change' as const,
        device: { id: r.device_id as number, name: deviceName as string },
        old_imei: r.imei as string,
        new_imei: next,
      },
    );
  }
  const payload = r.payload as Payload;
  return itemOf(r, at, payload.before, payload.after, { kind: r.kind, summary: payload.summary });
}

interface PendingFilters {
  limit?: number;
  skip?: number;
  kind?: RequestKind;
  store_id?: number;
  requested_by?: number;
  ids?: number[];
}

export async function pendingPage(tx: Tx, queue: RequestQueue, now: Date, f: PendingFilters) {
  const extensions = queue === 'loan_extension';
  const params: unknown[] = extensions ? [eatDay(now)] : [];
  // The kinds are the queue's own constants (or one of them, checked by the request schema), written as literals:
  // the plan then walks the pending index of exactly those kinds, where `kind = ANY($1)` planned once for every
  // queue walked every request by its submission time (decision 040). The loan extensions' kept rows are all pending
  // extensions.
  const kinds: readonly string[] = f.kind ? [f.kind] : REQUEST_QUEUES[queue].kinds;
  if (!kinds.every((kind) => /^[a-z_]+$/.test(kind))) throw new RangeError(`not a request kind: ${kinds.join(', ')}`);
  const queueOnly = extensions ? [] : ["r.status = 'submitted'", `r.kind IN (${kinds.map((kind) => `'${kind}'`).join(', ')})`];
  const where = [...queueOnly];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    where.push(clause.replace('?', `$${params.length}`));
  };
  if (f.store_id !== undefined) add('r.store_id = ?', f.store_id);
  if (f.requested_by !== undefined) add('r.maker_id = ?', f.requested_by);
  if (f.ids !== undefined) add('r.id = ANY(?::bigint[])', f.ids);
  // Whole numbers the request schema has checked, written into the statement as decision 031 does for the lists.
  const limit = Math.trunc(f.limit ?? REQUEST_LIMITS.page);
  const skip = Math.trunc(f.skip ?? 0);
  const filtered = where.length > queueOnly.length;
  const filter = where.join(' AND ') || 'true';
  const source = extensions ? 'extension_rows' : 'requests';
  // With no filter but the queue's kinds, the total is the pending count kept per kind by migration 034's triggers
  // (decision 044): about 3,000 index entries a call for the loan extensions at a million customers. Filtered, every
  // filter is on the request itself and the joins add no row (each is outer, on a key): the count reads the pending
  // index alone. The page reads its requests whole as it walks that index (a heap page per row), not their ids to look
  // each up again by key (three index pages more a row: the statement alone 4,065-4,100 -> 4,346-4,431 a second at a
  // million customers).
  const counted = !filtered
    ? keptTotal(...kinds.map((kind) => `requests:submitted:${kind}`))
    : `SELECT count(*)::int AS total FROM ${source} r WHERE ${filter}`;
  const page = `SELECT r.* FROM ${source} r WHERE ${filter} ORDER BY r.submitted_at, r.id LIMIT ${limit} OFFSET ${skip}`;
  // The page's rows in its own order, each with the total (decision 092).
  const { rows, total: pageTotal } = await pageInOrder<Row>(
    tx,
    {
      with: `page AS (${page})`,
      total: `(${counted})`,
      columns: extensions ? KEPT_EXTENSIONS : `${BASE_COLUMNS}, ${LIVE[queue].columns}`,
      from: extensions ? 'page r' : `page r ${joinByKey('customers', 'c', 'c.id = r.customer_id')} ${LIVE[queue].from}`,
      order: 'r.submitted_at, r.id',
    },
    params,
  );
  const total = pageTotal ?? 0;
  if (rows[0] === undefined) return { total, limit, skip, items: [] as unknown[] };
  const at = { now: now.getTime(), names: await namesFor(tx, rows) };
  const items: unknown[] = rows.map((r) => item(queue, r, at));
  return { total, limit, skip, items };
}

/** One page of a queue's pending requests, oldest first, each with how long it has waited. */
export async function listPending(deps: Deps, queue: RequestQueue, body: PendingFilters & { limit: number; skip: number }) {
  const now = deps.clock.now();
  const page = await pendingPage(deps.db, queue, now, body);
  return { pending_requests: page.items as never[], total: page.total, limit: page.limit, skip: page.skip };
}
