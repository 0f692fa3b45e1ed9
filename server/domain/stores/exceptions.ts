import type { z } from 'zod';
import { IMEI_EXCEPTION_KINDS, type ImeiException, type imeiExceptionsRequest } from '../../../src/contract/stores';
import type { Caller, Deps } from '../../deps';
import { iso, type Row } from '../shared';
import { shared, snapshotOf } from '../kept-answers';
import { CHECKS } from './exceptions-snapshot';
import { scopeOf, storeCondition } from './scope';

/**
 * The IMEI exceptions list (decision 019): four disagreements between the stock and the lock records, each a query
 * starting from a small indexed set, narrowed to the caller's stores:
 * - sold_not_enrolled: a sold handset whose customer's device was never enrolled with its lock provider;
 * - enrolled_on_shelf: a handset on the shelf whose IMEI is a customer's device enrolled and still under lock;
 * - stolen_in_stock: a handset on the shelf whose IMEI is a device reported stolen;
 * - returned_not_in_stock: a deregistered loan (the customer gave the phone back) whose handset is still sold.
 * enrolled_on_shelf walks the shelf (migration 022's partial index, index-only) and looks each IMEI up in devices
 * by its unique index; sold_not_enrolled walks the devices never enrolled and looks each handset up by its key. The
 * LIMIT 1 laterals keep the planner from hash-joining a whole table that grows with the customers (decision 026).
 * Walking the shelf is still tens of thousands of lookups at a million customers, so the list reads what the ageing
 * run found (exceptions-snapshot.ts, decision 032) once it has run.
 */
export async function listImeiExceptions(deps: Deps, caller: Caller, body: z.output<typeof imeiExceptionsRequest>) {
  const params: unknown[] = [];
  const scope = storeCondition(await scopeOf(deps.db, caller), 'x.store_id', params);
  let where = scope;
  if (body.store_id !== undefined) {
    params.push(body.store_id);
    where += ` AND x.store_id = $${params.length}`;
  }
  // The exceptions the ageing run found (exceptions-snapshot.ts, decision 032), or the checks themselves before it has run.
  const written = await snapshotOf(deps.db, 'imei_exceptions');
  const union = written
    ? `(SELECT kind, item_id AS id, imei, status, store_id, phone_model_id, device_id, device_status, enrolled_at
          FROM imei_exceptions_snapshot${body.kind ? ` WHERE kind = '${IMEI_EXCEPTION_KINDS.find((k) => k === body.kind)!}'` : ''}) x`
    : `(${(body.kind ? [CHECKS[body.kind]] : Object.values(CHECKS)).join(' UNION ALL ')}) x`;
  // One pass over the checks for the page and its total (count(*) OVER ()): the shelf walk is the cost, not the rows,
  // which are few. A page past the end has no row to carry the total, so only then is it counted on its own.
  const page = async () => {
    const rows = await deps.db.query<Row>(
      `SELECT x.*, m.name AS model, s.name AS store_name, count(*) OVER () AS total
         FROM ${union} JOIN phone_models m ON m.id = x.phone_model_id JOIN stores s ON s.id = x.store_id
        WHERE ${where} ORDER BY x.kind, x.store_id, x.imei LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, body.limit, body.skip],
    );
    const n = rows.length
      ? Number(rows[0]!.total)
      : body.skip === 0
        ? 0
        : ((await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${union} WHERE ${where}`, params)) as [{ n: number }])[0].n;
    return { rows, n };
  };
  // A page of the snapshot is kept until the next run writes it again (kept-answers.ts). Shared, not copied per call:
  // its rows are only read below, into new objects.
  const { rows, n } = written
    ? await shared(deps.db, `imei_exceptions ${written.run} ${JSON.stringify([...params, body.limit, body.skip])} ${union} ${where}`, page)
    : await page();
  const data: ImeiException[] = rows.map((r) => ({
    id: Number(r.id) * 4 + IMEI_EXCEPTION_KINDS.indexOf(r.kind),
    kind: r.kind,
    imei: String(r.imei),
    item_id: Number(r.id),
    model: String(r.model),
    store: { id: Number(r.store_id), name: String(r.store_name) },
    item_status: r.status,
    device: r.device_id === null ? null : { id: Number(r.device_id), status: String(r.device_status), enrolled_at: iso(r.enrolled_at) },
  }));
  return { total: Number(n), limit: body.limit, skip: body.skip, data };
}
