import type { z } from 'zod';
import { CUSTOMER_LANGUAGE_ROLES, type customerLanguageRequest } from '../../src/contract/customer-language';
import type { Caller, Deps } from '../deps';
import { HttpError } from '../errors';
import { audit } from '../audit';
import { type Row, customerNotFound } from './shared';

/**
 * The language of a customer's SMS (issue 17, decision 026): set by whoever speaks with the customer (RATE_CALL or
 * ADD_LOAN), in one transaction with its audit row. Setting the language it already has changes and audits nothing.
 */
export async function setCustomerLanguage(deps: Deps, caller: Caller, body: z.output<typeof customerLanguageRequest>) {
  if (!CUSTOMER_LANGUAGE_ROLES.some((role) => caller.roles.includes(role))) {
    throw new HttpError(403, `This needs the ${CUSTOMER_LANGUAGE_ROLES.join(' or ')} role`, { role: CUSTOMER_LANGUAGE_ROLES[0] });
  }
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [c] = await tx.query<Row>('SELECT id, msisdn, language FROM customers WHERE msisdn = $1 FOR UPDATE', [body.msisdn]);
    if (!c) throw customerNotFound();
    if (c.language !== body.language) {
      await tx.query('UPDATE customers SET language = $2 WHERE id = $1', [c.id, body.language]);
      await audit(tx, {
        actorId: caller.adminId,
        action: 'customer.language_changed',
        entity: 'customer',
        entityId: Number(c.id),
        before: { language: c.language },
        after: { language: body.language },
        at: now,
      });
    }
    return { msisdn: String(c.msisdn), language: body.language, previous: c.language };
  });
}
