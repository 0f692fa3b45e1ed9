import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, type Registry } from '../http';
import { HttpError } from '../errors';
import { DEMO_CALLBACK_SECRET, callbackTokenMatches } from '../adapters/mobile-money';
import { contractDetails, contractPdf, signContract } from '../domain/deposits/contract';
import { verifyFingerprint, verifySecurity } from '../domain/deposits/identity';
import { confirmLockActivation } from '../domain/deposits/loan';
import { sendOtp, verifyOtps } from '../domain/deposits/otp';
import { depositConfirm, mobileMoneyCallback, mobileMoneyControl } from '../domain/deposits/payment-outcome';
import { depositPush } from '../domain/deposits/payment-push';
import { qualifiedPhones } from '../domain/deposits/qualified-phones';
import { wizardStatus } from '../domain/deposits/status';
import { sendVivoCode, verifyVivoCode } from '../domain/deposits/vivo';

export function depositsRoutes(app: Hono, deps: Deps, registry: Registry) {
  register(app, deps, registry, routes.qualifiedPhones, ({ caller, body }) => qualifiedPhones(deps, caller, body));
  register(app, deps, registry, routes.depositPush, ({ caller, body }) => depositPush(deps, caller, body));
  register(app, deps, registry, routes.depositConfirm, ({ caller, body }) => depositConfirm(deps, caller, body));
  register(app, deps, registry, routes.agentOtp, ({ caller, body }) => sendOtp(deps, caller, 'agent', body.wizard_id));
  register(app, deps, registry, routes.customerOtp, ({ caller, body }) => sendOtp(deps, caller, 'customer', body.wizard_id));
  register(app, deps, registry, routes.verifyOtps, ({ caller, body }) => verifyOtps(deps, caller, body));
  register(app, deps, registry, routes.verifyFingerprint, ({ caller, body }) => verifyFingerprint(deps, caller, body));
  register(app, deps, registry, routes.verifySecurityAnswer, ({ caller, body }) => verifySecurity(deps, caller, body));
  register(app, deps, registry, routes.contractDetails, ({ body }) => contractDetails(deps, body.reference));
  register(app, deps, registry, routes.signContract, ({ caller, body }) => signContract(deps, caller, body));
  register(app, deps, registry, routes.sendVivoAuthCode, ({ caller, body }) => sendVivoCode(deps, caller, body));
  register(app, deps, registry, routes.verifyVivoAuthCode, ({ caller, body }) => verifyVivoCode(deps, caller, body));
  register(app, deps, registry, routes.confirmLockActivation, ({ caller, body }) => confirmLockActivation(deps, caller, body));
  register(app, deps, registry, routes.wizardStatus, ({ caller, body }) => wizardStatus(deps, caller, body.wizard_id));

  // The provider's callback is public but carries the shared token: checked before the body is read.
  app.use(routes.mobileMoneyCallback.path, async (c, next) => {
    const secret = deps.config.mobileMoneyCallbackSecret ?? (deps.config.mode === 'demo' ? DEMO_CALLBACK_SECRET : undefined);
    if (!secret || !callbackTokenMatches(c.req.header('x-callback-token'), secret)) {
      throw new HttpError(403, 'Wrong or missing X-Callback-Token', { reason: 'bad_callback_token' });
    }
    await next();
  });
  register(app, deps, registry, routes.mobileMoneyCallback, ({ body }) => mobileMoneyCallback(deps, body));
  register(app, deps, registry, routes.mobileMoneyControl, async ({ body }) => mobileMoneyControl(deps, body));

  // The signed contract's PDF, public by its unguessable reference (the loan's contract_url). Not JSON, so not
  // through register(): the path parameter is checked with the contract's schema here.
  registry.push(routes.contractPdf);
  app.get(routes.contractPdf.path, async (c) => {
    const params = routes.contractPdf.params.safeParse(c.req.param());
    if (!params.success) {
      const message = params.error.issues[0]?.message ?? 'valid contract reference required';
      throw new HttpError(400, `Invalid path: file`, { fields: { file: message } });
    }
    const reference = params.data.file.slice(0, -'.pdf'.length);
    const pdf = await contractPdf(deps, reference);
    if (!pdf) throw new HttpError(404, 'No such contract', { reason: 'not_found' });
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="contract-${reference}.pdf"`,
      'cache-control': 'private, no-store',
    });
  });
}
