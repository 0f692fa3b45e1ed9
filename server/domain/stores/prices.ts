import type { z } from 'zod';
import type { PhonePrice, phonePriceListRequest, phonePriceProposal } from '../../../src/contract/phone-prices';
import type { Caller, Deps } from '../../deps';
import { iso, refuse, type Row } from '../shared';
import { submitPriceUpdate } from '../requests/proposals';
import { pendingPage } from '../requests/queues';
import { likeEscaped, requireHeadOffice, scopeOf } from './scope';

/**
 * Phone prices (decision 019): one open row per model in `phone_prices`, closed when an approved update opens the
 * next. A proposal is a `phone_price_update` request of the business maker-checker inbox; its effect
 * (requests/effects.ts) closes the current row and opens the new one when a second person approves.
 */

const PRICE_COLUMNS = `p.id, p.rrp, p.wholesale_price, p.margin, p.credit_multiplier::float8 AS credit_multiplier, p.deposit,
  p.daily_payment, p.weekly_payment, p.monthly_payment, p.installments, p.total_repayable, p.twelve_months_payment,
  p.effective_from, p.effective_to`;

const priceOf = (r: Row): PhonePrice => ({
  id: Number(r.id),
  rrp: Number(r.rrp),
  wholesale_price: Number(r.wholesale_price),
  margin: Number(r.margin),
  credit_multiplier: Number(r.credit_multiplier),
  deposit: Number(r.deposit),
  daily_payment: Number(r.daily_payment),
  weekly_payment: Number(r.weekly_payment),
  monthly_payment: Number(r.monthly_payment),
  installments: Number(r.installments),
  total_repayable: Number(r.total_repayable),
  twelve_months_payment: Number(r.twelve_months_payment),
  effective_from: iso(r.effective_from)!,
  effective_to: iso(r.effective_to),
});

export async function listPrices(deps: Deps, body: z.output<typeof phonePriceListRequest>) {
  const params: unknown[] = [];
  let where = 'm.active';
  if (body.search) {
    params.push(`%${likeEscaped(body.search.toLowerCase())}%`);
    where += ` AND (lower(m.name) LIKE $1 OR lower(m.brand) LIKE $1 OR lower(m.sku) LIKE $1)`;
  }
  const from = `FROM phone_models m JOIN phone_prices p ON p.phone_model_id = m.id AND p.effective_to IS NULL WHERE ${where}`;
  const [{ n }] = (await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params)) as [{ n: number }];
  const rows = await deps.db.query<Row>(
    `SELECT m.id AS model_id, m.sku, m.brand, m.name, ${PRICE_COLUMNS},
            EXISTS (SELECT 1 FROM requests r WHERE r.kind = 'phone_price_update' AND r.subject = 'phone_model:' || m.id
                     AND r.status = 'submitted') AS pending
       ${from} ORDER BY m.brand, m.name, m.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, body.limit, body.skip],
  );
  return {
    total: Number(n),
    limit: body.limit,
    skip: body.skip,
    data: rows.map((r) => ({
      id: Number(r.model_id),
      phone_model_id: Number(r.model_id),
      sku: String(r.sku),
      brand: String(r.brand),
      name: String(r.name),
      price: priceOf(r),
      pending_update: Boolean(r.pending),
    })),
  };
}

export async function priceHistory(deps: Deps, modelId: number) {
  const [model] = await deps.db.query('SELECT 1 FROM phone_models WHERE id = $1', [modelId]);
  if (!model) throw refuse(404, 'not_found', 'No such phone model');
  const rows = await deps.db.query<Row>(
    `SELECT ${PRICE_COLUMNS} FROM phone_prices p WHERE p.phone_model_id = $1 ORDER BY p.effective_from DESC, p.id DESC LIMIT 200`,
    [modelId],
  );
  return { data: rows.map(priceOf) };
}

/** A new price as a business request: prices are business-wide, so head office's only (decision 013). */
export async function proposePrice(deps: Deps, caller: Caller, body: z.output<typeof phonePriceProposal>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    requireHeadOffice(await scopeOf(tx, caller));
    const id = await submitPriceUpdate(tx, caller, body, now);
    const [item] = (await pendingPage(tx, 'maker_checker', now, { ids: [id] })).items as Row[];
    return { ...item, status: 'submitted' as const } as never;
  });
}
