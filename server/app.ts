import { Hono } from 'hono';
import type { Adapters, AppConfig, Deps } from './deps';
import type { Db } from './db/port';
import type { Clock } from './clock';
import { createTokens } from './auth/tokens';
import { HttpError } from './errors';
import type { Registry } from './http';
import { openApiDocument } from './openapi';
import { authenticationRoutes } from './routes/authentication';
import { customersRoutes } from './routes/customers';
import { depositsRoutes } from './routes/deposits';
import { customerActionsRoutes } from './routes/customer-actions';
import { prerequisitesRoutes } from './routes/prerequisites';
import { requestsRoutes } from './routes/requests';
import { repaymentsRoutes } from './routes/repayments';
import { systemRoutes } from './routes/system';

export interface AppOptions {
  db: Db;
  clock: Clock;
  adapters: Adapters;
  config: AppConfig;
  log?: (message: string, error: unknown) => void;
}

/** Builds the /portal_api app from its parts; tests call app.request() on it with no port. */
export function createApp(options: AppOptions) {
  const deps: Deps = { ...options, tokens: createTokens(options.config.jwtSecret) };
  const registry: Registry = [];
  const api = new Hono();

  api.onError((error, c) => {
    if (error instanceof HttpError) {
      const { retryAfterSeconds, ...extra } = error.extra;
      if (retryAfterSeconds) c.header('Retry-After', String(retryAfterSeconds));
      return c.json({ message: error.message, ...extra }, error.status);
    }
    (options.log ?? console.error)(`${c.req.method} ${c.req.path} failed`, error);
    return c.json({ message: 'Something went wrong on the server' }, 500);
  });
  api.notFound((c) => c.json({ message: `No such call: ${c.req.method} ${c.req.path}` }, 404));

  authenticationRoutes(api, deps, registry);
  prerequisitesRoutes(api, deps, registry);
  customersRoutes(api, deps, registry);
  depositsRoutes(api, deps, registry);
  customerActionsRoutes(api, deps, registry);
  requestsRoutes(api, deps, registry);
  repaymentsRoutes(api, deps, registry);
  systemRoutes(api, deps, registry);
  api.get('/openapi.json', (c) => c.json(openApiDocument(registry)));

  const app = new Hono();
  app.route('/portal_api', api);
  return { app, registry, deps };
}
