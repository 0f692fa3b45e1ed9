import { Hono } from 'hono';
import type { Adapters, AppConfig, Deps } from './deps';
import type { Db } from './db/port';
import type { Clock } from './clock';
import { createTokens } from './auth/tokens';
import { createSessionCache, type SessionRow } from './auth/session-cache';

import { apiFallback, errorHandler, noStore, securityHeaders } from './http-surface';
import type { Registry } from './http';
import { openApiDocument } from './openapi';
import { DEFAULT_BRIDGE_URL } from './config';
import { authenticationRoutes } from './routes/authentication';
import { customersRoutes } from './routes/customers';
import { depositsRoutes } from './routes/deposits';
import { customerActionsRoutes } from './routes/customer-actions';
import { prerequisitesRoutes } from './routes/prerequisites';
import { requestsRoutes } from './routes/requests';
import { repaymentsRoutes } from './routes/repayments';
import { systemRoutes } from './routes/system';
import { analyticsRoutes } from './routes/analytics';
import { collectionsRoutes } from './routes/collections';
import { storesRoutes } from './routes/stores';
import { financeRoutes } from './routes/finance';
import { reconciliationRoutes } from './routes/reconciliation';

export interface AppOptions {
  db: Db;
  clock: Clock;
  adapters: Adapters;
  config: AppConfig;
  log?: (message: string, error: unknown) => void;
  /** sha256 CSP sources of the inline scripts of the portal's index.html (main.ts reads them from dist/). */
  scriptHashes?: readonly string[];
}

/** Builds the /portal_api app from its parts; tests call app.request() on it with no port. */
export function createApp(options: AppOptions) {
  const deps: Deps = {
    ...options,
    tokens: createTokens(options.config.jwtSecret),
    sessions: createSessionCache<SessionRow>(options.db.changes),
  };
  const registry: Registry = [];
  const api = new Hono();

  const onError = errorHandler(options.log ?? console.error);
  api.onError(onError);

  authenticationRoutes(api, deps, registry);
  prerequisitesRoutes(api, deps, registry);
  customersRoutes(api, deps, registry);
  depositsRoutes(api, deps, registry);
  customerActionsRoutes(api, deps, registry);
  requestsRoutes(api, deps, registry);
  repaymentsRoutes(api, deps, registry);
  collectionsRoutes(api, deps, registry);
  financeRoutes(api, deps, registry);
  reconciliationRoutes(api, deps, registry);
  systemRoutes(api, deps, registry);
  analyticsRoutes(api, deps, registry);
  storesRoutes(api, deps, registry);
  api.get('/openapi.json', (c) => c.json(openApiDocument(registry)));

  const app = new Hono();
  app.onError(onError);
  // First, so every answer has them: the API's, the portal's pages and files (main.ts), and the fallbacks.
  app.use(
    '*',
    securityHeaders({
      bridgeUrl: options.config.bridgeUrl ?? DEFAULT_BRIDGE_URL,
      portalApiUrl: options.config.portalApiUrl,
      scriptHashes: options.scriptHashes,
    }),
  );
  app.use('/portal_api/*', noStore);
  app.route('/portal_api', api);
  apiFallback(app, registry);
  return { app, registry, deps };
}
