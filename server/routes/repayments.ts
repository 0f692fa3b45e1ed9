import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import { HttpError } from '../errors';
import { DEMO_CALLBACK_SECRET, callbackTokenMatches } from '../adapters/mobile-money';
import * as repayments from '../domain/repayments';

/** Repayments by mobile money: the provider's confirmation of a customer's payment, and the demo control. */
export function repaymentsRoutes(app: Hono, deps: Deps, registry: Registry) {
  // Public, but carries the provider's shared token (as the deposit callback): checked before the body is read.
  app.use(routes.repaymentCallback.path, async (c, next) => {
    const secret = deps.config.mobileMoneyCallbackSecret ?? (deps.config.mode === 'demo' ? DEMO_CALLBACK_SECRET : undefined);
    if (!secret || !callbackTokenMatches(c.req.header('x-callback-token'), secret)) {
      throw new HttpError(403, 'Wrong or missing X-Callback-Token', { reason: 'bad_callback_token' });
    }
    await next();
  });
  register(app, deps, registry, routes.repaymentCallback, ({ body }) => repayments.recordRepayment(deps, body));
  register(app, deps, registry, routes.demoRepayment, async ({ body }) => repayments.simulateRepayment(deps, body));
}
