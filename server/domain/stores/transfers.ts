import type { z } from 'zod';
import {
  ON_SHELF_STATUSES,
  TRANSFERABLE_STATUSES,
  type StockCount,
  type Transfer,
  type sendTransferRequest,
  type stockCountListRequest,
  type stockCountRequest,
  type transferListRequest,
} from '../../../src/contract/stores';
import { parseImei } from '../../../src/lib/imei';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { keptTotal, pageBounds, totalColumn, totalOf } from '../../db/page';
import { badRequest } from '../../errors';
import { iso, isoOfUtc, utcSql, listTotal, refuse, type ListTotal, type Row, type Tx } from '../shared';
import { NAMES_VERSION, namesFor, type Names } from '../names';
import { outOfScope, scopeOf, seesStore, type Scope } from './scope';

/**
 * Transfers between stores (sent, in transit, received) and stock counts (decision 013). A handset leaves only from
 * a status that allows it (TRANSFERABLE_STATUSES: never sold, reserved or already in transit), and a handset in
 * transit cannot be reserved or sold: the deposit wizard takes only in_stock handsets of the agent's own store.
 */

/**
 * The transfers' columns, and any more the caller selects with them (a page's total). The stores' and the staff's
 * names are the copy's kept ones (decision 057), so a page reads no store or admin row. A transfer's handsets come
 * as one text of IMEIs joined by commas (an IMEI is digits): an array column would make PGlite's thread parse the
 * whole answer itself (decision 078).
 */
const transferSelect = (more?: string) => `SELECT ${more ? `${more}, ` : ''}t.id, t.status, t.note, ${utcSql('t.sent_at')} AS sent_at,
    ${utcSql('t.received_at')} AS received_at, t.from_store_id, t.to_store_id, t.sent_by, t.received_by,
    array_to_string(ARRAY(SELECT i.imei FROM stock_transfer_items x JOIN inventory_items i ON i.id = x.inventory_item_id
                           WHERE x.transfer_id = t.id ORDER BY i.imei), ',') AS imeis, ${NAMES_VERSION}
  FROM stock_transfers t`;

/** A transfer's row, named by `names` (namesFor the statement's rows). */
const transferOf = (r: Row, names: Names): Transfer => ({
  id: Number(r.id),
  from_store: names.store(Number(r.from_store_id)),
  to_store: names.store(Number(r.to_store_id)),
  status: r.status,
  imeis: r.imeis ? String(r.imeis).split(',') : [],
  note: r.note ?? null,
  sent_by: r.sent_by === null ? '' : names.admin(Number(r.sent_by)).name,
  sent_at: isoOfUtc(r.sent_at)!,
  received_by: r.received_by === null ? null : names.admin(Number(r.received_by)).name,
  received_at: isoOfUtc(r.received_at),
});

async function readTransfer(tx: Tx, id: number): Promise<Transfer | null> {
  const rows = await tx.query<Row>(`${transferSelect()} WHERE t.id = $1`, [id]);
  return rows[0] ? transferOf(rows[0], await namesFor(tx, rows)) : null;
}

export async function sendTransfer(deps: Deps, caller: Caller, body: z.output<typeof sendTransferRequest>): Promise<Transfer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const stores = await tx.query<{ id: number }>('SELECT id FROM stores WHERE id = ANY($1::bigint[])', [
      [body.from_store_id, body.to_store_id],
    ]);
    const found = new Set(stores.map((s) => Number(s.id)));
    if (!found.has(body.from_store_id)) throw badRequest('from_store_id', 'no such store');
    if (!found.has(body.to_store_id)) throw badRequest('to_store_id', 'no such store');
    if (!seesStore(await scopeOf(tx, caller), body.from_store_id)) throw outOfScope('store');
    const first = new Map<string, number>();
    body.imeis.forEach((imei, i) => {
      if (first.has(imei)) throw badRequest(`imeis.${i}`, 'listed twice');
      first.set(imei, i);
    });
    const items = await tx.query<Row>('SELECT id, imei, store_id, status FROM inventory_items WHERE imei = ANY($1::text[]) FOR UPDATE', [
      body.imeis,
    ]);
    const byImei = new Map(items.map((r) => [String(r.imei), r]));
    for (const [imei, i] of first) {
      const item = byImei.get(imei);
      if (!item || Number(item.store_id) !== body.from_store_id) throw badRequest(`imeis.${i}`, 'not in stock at the sending store');
      if (!TRANSFERABLE_STATUSES.includes(item.status)) {
        throw refuse(409, 'not_transferable', `A handset that is ${item.status} cannot be transferred`, {
          fields: { [`imeis.${i}`]: `${item.status}: cannot be transferred` },
        });
      }
    }
    const [created] = await tx.query<{ id: number }>(
      'INSERT INTO stock_transfers (from_store_id, to_store_id, note, sent_by, sent_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [body.from_store_id, body.to_store_id, body.note || null, caller.adminId, now],
    );
    const ids = items.map((r) => Number(r.id));
    await tx.query('INSERT INTO stock_transfer_items (transfer_id, inventory_item_id) SELECT $1, x FROM unnest($2::bigint[]) AS x', [
      created!.id,
      ids,
    ]);
    await tx.query("UPDATE inventory_items SET status = 'in_transit' WHERE id = ANY($1::bigint[])", [ids]);
    const transfer = (await readTransfer(tx, Number(created!.id)))!;
    await audit(tx, {
      actorId: caller.adminId,
      action: 'stock_transfer.sent',
      entity: 'stock_transfer',
      entityId: transfer.id,
      after: transfer,
      at: now,
    });
    return transfer;
  });
}

export async function receiveTransfer(deps: Deps, caller: Caller, transferId: number): Promise<Transfer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const scope = await scopeOf(tx, caller);
    const [t] = await tx.query<Row>('SELECT id, from_store_id, to_store_id, status FROM stock_transfers WHERE id = $1 FOR UPDATE', [
      transferId,
    ]);
    if (!t || !(seesStore(scope, Number(t.from_store_id)) || seesStore(scope, Number(t.to_store_id)))) {
      throw refuse(404, 'not_found', 'No such transfer');
    }
    if (!seesStore(scope, Number(t.to_store_id))) throw outOfScope('receiving store');
    if (t.status === 'received') throw refuse(409, 'already_received', 'This transfer was already received');
    await tx.query(
      `UPDATE inventory_items SET store_id = $2, status = 'in_stock', received_at = $3
        WHERE status = 'in_transit' AND id IN (SELECT inventory_item_id FROM stock_transfer_items WHERE transfer_id = $1)`,
      [transferId, t.to_store_id, now],
    );
    await tx.query("UPDATE stock_transfers SET status = 'received', received_by = $2, received_at = $3 WHERE id = $1", [
      transferId,
      caller.adminId,
      now,
    ]);
    const transfer = (await readTransfer(tx, transferId))!;
    await audit(tx, {
      actorId: caller.adminId,
      action: 'stock_transfer.received',
      entity: 'stock_transfer',
      entityId: transferId,
      before: { status: 'in_transit' },
      after: { status: 'received' },
      at: now,
    });
    return transfer;
  });
}

function scopedStores(scope: Scope, columns: string[], params: unknown[]): string {
  if (scope.all) return 'true';
  params.push(scope.storeIds);
  return `(${columns.map((c) => `${c} = ANY($${params.length}::bigint[])`).join(' OR ')})`;
}

export async function listTransfers(deps: Deps, caller: Caller, body: z.output<typeof transferListRequest>) {
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where = [scopedStores(scope, ['t.from_store_id', 't.to_store_id'], params)];
  if (body.store_id !== undefined) where.push(`(t.from_store_id = $${params.push(body.store_id)} OR t.to_store_id = $${params.length})`);
  if (body.status !== undefined) where.push(`t.status = $${params.push(body.status)}`);
  const whereSql = `WHERE ${where.join(' AND ')}`;
  // Every transfer, as head office opens the list: the count kept in list_totals (migration 050), exact and one row.
  // Otherwise transfers only accumulate (a thousand stores restocked weekly send 52,000 a year): a list the planner
  // expects to hold many answers its estimate, said so, as the loans lists do (decision 031); a smaller one counts
  // exactly, in the page's own statement (one round trip, server/db/page.ts).
  const total: ListTotal =
    where.length === 1 && scope.all
      ? { estimated: false, count: { total: keptTotal('stock_transfers'), params } }
      : await listTotal(deps.db, `FROM stock_transfers t ${whereSql}`, params, deps.clock.now(), deps.config.estimateTotalsFromRows);
  const rows = await deps.db.query<Row>(
    `${transferSelect(total.estimated ? undefined : totalColumn(total.count))} ${whereSql} ORDER BY t.sent_at DESC, t.id DESC ${pageBounds(body.limit, body.skip)}`,
    params,
  );
  const names = await namesFor(deps.db, rows);
  return {
    total: total.estimated ? total.total : await totalOf(deps.db, rows, total.count),
    ...(total.estimated ? { total_estimated: true as const } : {}),
    limit: body.limit,
    skip: body.skip,
    data: rows.map((r) => transferOf(r, names)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Stock counts

async function readCount(tx: Tx, id: number): Promise<StockCount> {
  const [c] = await tx.query<Row>(
    `SELECT c.id, c.store_id, s.name AS store_name, c.counted_at, a.full_name AS counted_by, c.expected, c.matched
       FROM stock_counts c JOIN stores s ON s.id = c.store_id LEFT JOIN admins a ON a.id = c.counted_by WHERE c.id = $1`,
    [id],
  );
  const lines = await tx.query<Row>(
    `SELECT l.outcome, l.imei, m.name AS model, i.status, s.name AS store_name, i.store_id
       FROM stock_count_lines l LEFT JOIN inventory_items i ON i.id = l.inventory_item_id
       LEFT JOIN phone_models m ON m.id = i.phone_model_id LEFT JOIN stores s ON s.id = i.store_id
      WHERE l.stock_count_id = $1 ORDER BY l.id`,
    [id],
  );
  return {
    id: Number(c!.id),
    store: { id: Number(c!.store_id), name: String(c!.store_name) },
    counted_at: iso(c!.counted_at)!,
    counted_by: c!.counted_by ?? '',
    expected: Number(c!.expected),
    matched: Number(c!.matched),
    missing: lines.filter((l) => l.outcome === 'missing').map((l) => ({ imei: String(l.imei), model: String(l.model ?? '') })),
    unexpected: lines
      .filter((l) => l.outcome === 'unexpected')
      .map((l) => ({ imei: String(l.imei), known_as: l.status ? `${l.store_name} · ${l.status}` : null })),
    invalid: lines.filter((l) => l.outcome === 'invalid').map((l) => String(l.imei)),
  };
}

/** The shelf against the records: expected are the store's handsets on the shelf (ON_SHELF_STATUSES). */
export async function countStock(deps: Deps, caller: Caller, body: z.output<typeof stockCountRequest>): Promise<StockCount> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [store] = await tx.query('SELECT 1 FROM stores WHERE id = $1', [body.store_id]);
    if (!store) throw badRequest('store_id', 'no such store');
    if (!seesStore(await scopeOf(tx, caller), body.store_id)) throw outOfScope('store');
    const scanned = new Set<string>();
    const invalid: string[] = [];
    for (const line of body.lines) {
      const text = line.trim();
      if (!text) continue;
      const imei = parseImei(text);
      if (imei) scanned.add(imei);
      else if (!invalid.includes(text)) invalid.push(text);
    }
    const expected = await tx.query<{ id: number; imei: string }>(
      'SELECT id, imei FROM inventory_items WHERE store_id = $1 AND status = ANY($2::text[]) ORDER BY imei',
      [body.store_id, ON_SHELF_STATUSES],
    );
    const expectedImeis = new Set(expected.map((e) => e.imei));
    const missing = expected.filter((e) => !scanned.has(e.imei));
    const unexpected = [...scanned].filter((imei) => !expectedImeis.has(imei));
    const known = await tx.query<{ id: number; imei: string }>('SELECT id, imei FROM inventory_items WHERE imei = ANY($1::text[])', [
      unexpected,
    ]);
    const knownId = new Map(known.map((k) => [k.imei, Number(k.id)]));
    const [created] = await tx.query<{ id: number }>(
      'INSERT INTO stock_counts (store_id, counted_by, counted_at, expected, matched) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [body.store_id, caller.adminId, now, expected.length, expected.length - missing.length],
    );
    const rows = [
      ...missing.map((m) => ['missing', m.imei, Number(m.id)] as const),
      ...unexpected.map((imei) => ['unexpected', imei, knownId.get(imei) ?? null] as const),
      ...invalid.map((text) => ['invalid', text, null] as const),
    ];
    if (rows.length) {
      await tx.query(
        `INSERT INTO stock_count_lines (stock_count_id, outcome, imei, inventory_item_id)
         SELECT $1, o, x, nullif(i, 0) FROM unnest($2::text[], $3::text[], $4::bigint[]) AS u(o, x, i)`,
        [created!.id, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2] ?? 0)],
      );
    }
    const count = await readCount(tx, Number(created!.id));
    await audit(tx, {
      actorId: caller.adminId,
      action: 'stock_count.recorded',
      entity: 'store',
      entityId: body.store_id,
      after: {
        id: count.id,
        expected: count.expected,
        matched: count.matched,
        missing: count.missing.length,
        unexpected: count.unexpected.length,
      },
      at: now,
    });
    return count;
  });
}

export async function listStockCounts(deps: Deps, caller: Caller, body: z.output<typeof stockCountListRequest>) {
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where = [scopedStores(scope, ['c.store_id'], params)];
  if (body.store_id !== undefined) where.push(`c.store_id = $${params.push(body.store_id)}`);
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const [counted] = await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM stock_counts c ${whereSql}`, params);
  const ids = await deps.db.query<{ id: number }>(
    `SELECT c.id FROM stock_counts c ${whereSql} ORDER BY c.counted_at DESC, c.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, body.limit, body.skip],
  );
  const data: StockCount[] = [];
  for (const { id } of ids) data.push(await readCount(deps.db, Number(id)));
  return { total: Number(counted!.total), limit: body.limit, skip: body.skip, data };
}
