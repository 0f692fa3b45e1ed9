import type { z } from 'zod';
import type {
  InventoryBatchResult,
  InventoryItem,
  addInventoryBatchRequest,
  addInventoryItemRequest,
  inventoryListRequest,
  inventoryStatusRequest,
} from '../../../src/contract/stores';
import { movesFrom } from '../../../src/contract/stores';
import { parseImei } from '../../../src/lib/imei';
import type { Caller, Deps } from '../../deps';
import { audit } from '../../audit';
import { countedTotal, keptEstimatedRows, pageBounds, totalColumn, totalOf } from '../../db/page';
import { badRequest } from '../../errors';
import { ESTIMATE_TOTALS_FROM_ROWS, estimatedRows, isoOfUtc, utcSql, isUniqueViolation, refuse, type Row, type Tx } from '../shared';
import { NAMES_VERSION, namesFor, type Names } from '../names';
import { likeEscaped, outOfScope, scopeOf, seesStore, storeCondition } from './scope';

/**
 * Serialized stock: one row per handset by IMEI (decision 013). A handset belongs to one store; while it travels in
 * a transfer it stays the sending store's, in transit, and the receiving store sees it too.
 */

/**
 * The handsets' columns, and any more the caller selects with them (a page's total). A handset in transit names its
 * transfer and where it goes: the lateral reads them only for such a handset (its condition on the handset is a
 * one-time filter of each call), where a condition in the join's ON read every handset's transfers, and built a hash of
 * the destination store for each: a page of every store's stock 0.23-0.27 -> 0.19-0.20 ms a statement in PGlite on the
 * demo data (a page of handsets in transit, which all read theirs, 0.14-0.15 ms either way).
 */
const itemSelect = (more?: string, byModel = false) => `SELECT ${more ? `${more}, ` : ''}i.id, i.imei, i.status,
    ${utcSql('i.received_at')} AS received_at, ${utcSql('i.sold_at')} AS sold_at, i.phone_model_id, i.store_id,
    t.id AS transfer_id, t.to_store_id AS transfer_to_store_id, ${NAMES_VERSION}
  FROM inventory_items i ${byModel ? 'JOIN phone_models m ON m.id = i.phone_model_id' : ''}
  LEFT JOIN LATERAL (SELECT x.id, x.to_store_id FROM stock_transfers x JOIN stock_transfer_items xi ON xi.transfer_id = x.id
                      WHERE i.status = 'in_transit' AND xi.inventory_item_id = i.id AND x.status = 'in_transit'
                      ORDER BY x.id DESC LIMIT 1) t ON true`;

/**
 * A handset's row, named by `names` (namesFor the statement's rows): its model, its store and a transfer's
 * destination are the copy's kept names (decision 057), so a page reads no phone model or store row. Only a search by
 * the model's name joins phone_models (`byModel`), for its condition.
 */
const itemOf = (r: Row, names: Names): InventoryItem => {
  const model = Number(r.phone_model_id);
  return {
    id: Number(r.id),
    imei: String(r.imei),
    model: { id: model, ...names.model(model) },
    store: names.store(Number(r.store_id)),
    status: r.status,
    received_at: isoOfUtc(r.received_at)!,
    sold_at: isoOfUtc(r.sold_at),
    transfer:
      r.transfer_id === null || r.transfer_id === undefined
        ? null
        : { id: Number(r.transfer_id), to_store: names.store(Number(r.transfer_to_store_id)).name },
  };
};

/** One handset as the list shows it. */
async function readItem(tx: Tx, id: number): Promise<InventoryItem> {
  const rows = await tx.query<Row>(`${itemSelect()} WHERE i.id = $1`, [id]);
  return itemOf(rows[0]!, await namesFor(tx, rows));
}

export async function listInventory(deps: Deps, caller: Caller, body: z.output<typeof inventoryListRequest>) {
  const scope = await scopeOf(deps.db, caller);
  const params: unknown[] = [];
  const where: string[] = [];
  if (!scope.all) {
    // The caller's stores, and what is on its way to them.
    const own = storeCondition(scope, 'i.store_id', params);
    where.push(`(${own} OR (i.status = 'in_transit' AND EXISTS (SELECT 1 FROM stock_transfer_items xi JOIN stock_transfers x ON x.id = xi.transfer_id
      WHERE xi.inventory_item_id = i.id AND x.status = 'in_transit' AND x.to_store_id = ANY($${params.length}::bigint[]))))`);
  }
  // An IMEI is searched by its digits (typed with spaces or dashes or not); a model by its name as typed, spaces kept.
  const search = body.search?.trim();
  const digits = search?.replace(/[\s-]/g, '');
  // Only a search by the model's name reads phone_models: every handset has exactly one model (a foreign key, not
  // null), so a count without that search need not join it (half the count's time on the demo data).
  const byModel = !!search && !/^\d+$/.test(digits!);
  if (search) {
    if (!byModel) where.push(`i.imei LIKE $${params.push(`${digits}%`)}`);
    else
      where.push(
        `(m.name ILIKE $${params.push(`%${likeEscaped(search)}%`)} OR m.sku ILIKE $${params.length} OR m.brand ILIKE $${params.length})`,
      );
  }
  if (body.store_id !== undefined) where.push(`i.store_id = $${params.push(body.store_id)}`);
  if (body.status !== undefined) where.push(`i.status = $${params.push(body.status)}`);
  if (body.phone_model_id !== undefined) where.push(`i.phone_model_id = $${params.push(body.phone_model_id)}`);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  // Head office with no filter lists every handset the business ever had: at scale its total is the planner's estimate
  // (issue 16), said so in the answer; any filter counts exactly through its index, in the page's own statement (one
  // round trip, server/db/page.ts).
  const estimate =
    scope.all && !where.length
      ? await keptEstimatedRows(deps.db, 'inventory_items', deps.config.estimateTotalsFromRows ?? ESTIMATE_TOTALS_FROM_ROWS, estimatedRows)
      : null;
  const total = countedTotal(deps.db, {
    total: `SELECT count(*)::int FROM inventory_items i ${byModel ? 'JOIN phone_models m ON m.id = i.phone_model_id' : ''} ${whereSql}`,
    params,
  });
  const rows = await deps.db.query<Row>(
    `${itemSelect(estimate === null ? totalColumn(total) : undefined, byModel)} ${whereSql} ORDER BY i.received_at DESC, i.id DESC ${pageBounds(body.limit, body.skip)}`,
    params,
  );
  const names = await namesFor(deps.db, rows);
  return {
    total: estimate ?? (await totalOf(deps.db, rows, total)),
    ...(estimate === null ? {} : { total_estimated: true as const }),
    limit: body.limit,
    skip: body.skip,
    data: rows.map((r) => itemOf(r, names)),
  };
}

export async function phoneModels(deps: Deps) {
  const rows = await deps.db.query<Row>('SELECT id, name, brand, sku FROM phone_models WHERE active ORDER BY brand, name, id');
  return { data: rows.map((r) => ({ id: Number(r.id), name: String(r.name), brand: String(r.brand), sku: String(r.sku) })) };
}

/** The store and model a new handset goes to: both must exist, the store be the caller's, the model active. */
async function checkDestination(tx: Tx, caller: Caller, storeId: number, modelId: number) {
  const [store] = await tx.query('SELECT 1 FROM stores WHERE id = $1', [storeId]);
  if (!store) throw badRequest('store_id', 'no such store');
  if (!seesStore(await scopeOf(tx, caller), storeId)) throw outOfScope('store');
  const [model] = await tx.query('SELECT 1 FROM phone_models WHERE id = $1 AND active', [modelId]);
  if (!model) throw badRequest('phone_model_id', 'no such phone model');
}

/** IMEIs among `imeis` the business already knows: in stock somewhere, or on a customer's device. */
async function knownImeis(tx: Tx, imeis: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ imei: string }>(
    'SELECT imei FROM inventory_items WHERE imei = ANY($1::text[]) UNION SELECT imei FROM devices WHERE imei = ANY($1::text[])',
    [imeis],
  );
  return new Set(rows.map((r) => r.imei));
}

export async function addInventoryItem(deps: Deps, caller: Caller, body: z.output<typeof addInventoryItemRequest>): Promise<InventoryItem> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await checkDestination(tx, caller, body.store_id, body.phone_model_id);
      if ((await knownImeis(tx, [body.imei])).size) throw badRequest('imei', 'this IMEI is already registered');
      const [row] = await tx.query<Row>(
        `INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at, added_by)
         VALUES ($1, $2, $3, 'in_stock', $4, $5) RETURNING id`,
        [body.phone_model_id, body.store_id, body.imei, now, caller.adminId],
      );
      const item = await readItem(tx, Number(row!.id));
      await audit(tx, {
        actorId: caller.adminId,
        action: 'inventory.added',
        entity: 'inventory_item',
        entityId: Number(row!.id),
        after: item,
        at: now,
      });
      return item;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('imei', 'this IMEI is already registered');
    throw error;
  }
}

/** A pasted list: blank lines are skipped, every other line says what became of it; the good ones are added together. */
export async function addInventoryBatch(
  deps: Deps,
  caller: Caller,
  body: z.output<typeof addInventoryBatchRequest>,
): Promise<InventoryBatchResult> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await checkDestination(tx, caller, body.store_id, body.phone_model_id);
    const lines = body.lines.map((text, i) => ({ line: i + 1, text: text.trim(), imei: parseImei(text) })).filter((l) => l.text !== '');
    const known = await knownImeis(
      tx,
      lines.flatMap((l) => (l.imei ? [l.imei] : [])),
    );
    const seen = new Set<string>();
    const results: InventoryBatchResult['results'] = [];
    const toAdd: string[] = [];
    for (const l of lines) {
      if (!l.imei) results.push({ line: l.line, imei: l.text, outcome: 'invalid', id: null });
      else if (seen.has(l.imei)) results.push({ line: l.line, imei: l.imei, outcome: 'duplicate_in_batch', id: null });
      else if (known.has(l.imei)) results.push({ line: l.line, imei: l.imei, outcome: 'already_registered', id: null });
      else {
        toAdd.push(l.imei);
        results.push({ line: l.line, imei: l.imei, outcome: 'added', id: null });
      }
      if (l.imei) seen.add(l.imei);
    }
    if (toAdd.length) {
      const inserted = await tx.query<{ id: number; imei: string }>(
        `INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at, added_by)
         SELECT $1, $2, x, 'in_stock', $3, $4 FROM unnest($5::text[]) AS x
         ON CONFLICT (imei) DO NOTHING RETURNING id, imei`,
        [body.phone_model_id, body.store_id, now, caller.adminId, toAdd],
      );
      const ids = new Map(inserted.map((r) => [r.imei, Number(r.id)]));
      for (const r of results) {
        if (r.outcome !== 'added') continue;
        const id = ids.get(r.imei);
        if (id === undefined) r.outcome = 'already_registered';
        else r.id = id;
      }
      await audit(tx, {
        actorId: caller.adminId,
        action: 'inventory.batch_added',
        entity: 'store',
        entityId: body.store_id,
        after: { phone_model_id: body.phone_model_id, imeis: [...ids.keys()] },
        at: now,
      });
    }
    return { added: results.filter((r) => r.outcome === 'added').length, results };
  });
}

/**
 * A handset's status set by hand (decision 019): only the moves MANUAL_STATUS_MOVES allows, only on a handset the
 * caller's scope holds (outside it: not found), with the reason kept in its history and the audit row.
 */
export async function setInventoryStatus(
  deps: Deps,
  caller: Caller,
  body: z.output<typeof inventoryStatusRequest>,
): Promise<InventoryItem> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.query<Row>('SELECT id, store_id, status FROM inventory_items WHERE id = $1 FOR UPDATE', [body.item_id]);
    if (!row || !seesStore(await scopeOf(tx, caller), Number(row.store_id))) throw refuse(404, 'not_found', 'No such handset');
    const before = await readItem(tx, Number(row.id));
    if (!movesFrom(row.status).includes(body.status)) {
      throw refuse(409, 'status_move_not_allowed', `A handset ${row.status} cannot be marked ${body.status} by hand`);
    }
    await tx.query('UPDATE inventory_items SET status = $2 WHERE id = $1', [row.id, body.status]);
    await tx.query(
      `INSERT INTO inventory_status_changes (inventory_item_id, from_status, to_status, reason, changed_by, changed_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.id, row.status, body.status, body.reason, caller.adminId, now],
    );
    const after = await readItem(tx, Number(row.id));
    await audit(tx, {
      actorId: caller.adminId,
      action: 'inventory.status_changed',
      entity: 'inventory_item',
      entityId: Number(row.id),
      before,
      after: { ...after, reason: body.reason },
      at: now,
    });
    return after;
  });
}
