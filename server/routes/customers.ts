import type { Hono } from 'hono';
import { routes } from '../../src/contract/routes';
import type { Deps } from '../deps';
import { register, registerRead, type Registry } from '../http';
import * as customers from '../domain/customers';
import { setCustomerLanguage } from '../domain/customer-language';

export function customersRoutes(app: Hono, deps: Deps, registry: Registry) {
  registerRead(app, deps, registry, routes.findCustomer, ({ caller, body }) => customers.findCustomer(deps, caller, body));
  registerRead(app, deps, registry, routes.customerRequests, ({ body }) => customers.customerRequests(deps, body));
  register(app, deps, registry, routes.setCustomerLanguage, ({ caller, body }) => setCustomerLanguage(deps, caller, body));
}
