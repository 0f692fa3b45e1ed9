import { HttpError } from '../../errors';
import type { Row, Tx } from '../shared';
import { releaseHandset } from './wizard';

/** Why the IMEI of the box in the agent's hand cannot be sold in this deposit (issue 17), as the push answers it. */
export const BOX_REFUSALS = {
  imei_not_in_store: "This IMEI is not in your store's stock",
  imei_other_model: 'This box is another phone than the one chosen',
  imei_not_available: 'This handset is not available: sold, reserved for another deposit, or out of stock',
} as const;
type BoxRefusal = keyof typeof BOX_REFUSALS;

const refuseBox = (reason: BoxRefusal) => new HttpError(400, BOX_REFUSALS[reason], { reason, fields: { imei: BOX_REFUSALS[reason] } });

/**
 * The handset the agent hands over, by the IMEI scanned or typed from its box: an item of the agent's store, of the
 * chosen model, in stock or already held by this wizard. It is reserved for the wizard (the one held before, if
 * another, goes back to stock), so the IMEI on the contract is the one in the customer's hands. Answers its id;
 * refuses with 400 naming `imei` otherwise.
 */
export async function reserveBox(tx: Tx, wizard: Row, storeId: number, modelId: number, imei: string): Promise<number> {
  const [item] = await tx.query<Row>('SELECT id, store_id, phone_model_id, status FROM inventory_items WHERE imei = $1 FOR UPDATE', [imei]);
  if (!item || item.store_id !== storeId) throw refuseBox('imei_not_in_store');
  if (item.phone_model_id !== modelId) throw refuseBox('imei_other_model');
  if (wizard.item_held && wizard.inventory_item_id === item.id) return item.id;
  if (item.status !== 'in_stock') throw refuseBox('imei_not_available');
  await releaseHandset(tx, wizard);
  await tx.query("UPDATE inventory_items SET status = 'reserved' WHERE id = $1 AND status = 'in_stock'", [item.id]);
  return item.id;
}
