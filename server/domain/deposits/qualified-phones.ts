import type { z } from 'zod';
import type { QualifiedPhonesResponse, qualifiedPhonesRequest } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import type { Row } from '../shared';
import { PHONE_COLUMNS, agentOf, customerOf, phoneOut, refuseIfHeldElsewhere, wizardCustomerOut } from './wizard';

// --- customer_limits -----------------------------------------------------------------------------------------

export async function qualifiedPhones(
  deps: Deps,
  caller: Caller,
  body: z.output<typeof qualifiedPhonesRequest>,
): Promise<QualifiedPhonesResponse> {
  const customer = await customerOf(deps, caller, body);
  // The earliest point a second deposit is refused: a customer whose deposit is in progress in a wizard is not
  // offered phones again; the answer hands back that wizard to resume (decision 010).
  await refuseIfHeldElsewhere(deps.db, caller, customer.id, null);
  const { storeId } = await agentOf(deps.db, caller);
  const [limit] = await deps.db.query<Row>('SELECT limit_amount FROM customer_limits WHERE customer_id = $1', [customer.id]);
  const limitAmount: number = limit?.limit_amount ?? 0;
  // The view leaves out customers with an active loan and prices above the limit; stock narrows it to the store.
  const rows =
    storeId === null
      ? []
      : await deps.db.query<Row>(
          `SELECT ${PHONE_COLUMNS}, count(i.id)::int AS in_stock
             FROM customer_qualified_phones q
             JOIN phone_prices p ON p.id = q.phone_price_id
             JOIN phone_models m ON m.id = q.phone_model_id
             JOIN inventory_items i ON i.phone_model_id = m.id AND i.store_id = $2 AND i.status = 'in_stock'
            WHERE q.customer_id = $1
            GROUP BY p.id, m.id ORDER BY p.rrp, m.brand, m.name, p.id`,
          [customer.id, storeId],
        );
  const reason =
    customer.loan_status === 'active'
      ? ('active_loan' as const)
      : limitAmount <= 0
        ? ('no_limit' as const)
        : rows.length === 0
          ? ('no_stock' as const)
          : null;
  return {
    customer: wizardCustomerOut(customer),
    limit_amount: limitAmount,
    not_qualified_reason: reason,
    phones: reason === null ? rows.map((r) => ({ ...phoneOut(r), in_stock: r.in_stock })) : [],
  };
}
