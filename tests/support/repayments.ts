import { routes } from '../../src/contract/routes';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import type { TestApi } from './api';

/**
 * Pays `amount` to a loan the way the mobile-money network does: its repayment callback, with the demo secret, paid
 * now by the test's clock. Each call has a receipt of its own: `prefix` and a counter kept per prefix.
 */
export function repayments(api: TestApi, prefix: string) {
  let receipts = 0;
  return (loan: { msisdn: string; loanNumber: string }, amount: number) =>
    api.app.request('/portal_api' + routes.repaymentCallback.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-callback-token': DEMO_CALLBACK_SECRET },
      body: JSON.stringify({
        transaction_id: `${prefix}${String(++receipts).padStart(6, '0')}`,
        msisdn: loan.msisdn,
        account: loan.loanNumber,
        amount,
        paid_at: api.clock.now().toISOString(),
        network: 'mpesa',
      }),
    });
}
