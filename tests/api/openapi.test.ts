import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteContract } from '../../src/contract/routes';
import { successStatus } from '../../src/contract/route';
import pkg from '../../package.json' with { type: 'json' };
import { testApi, type TestApi } from '../support/api';

// Built at collection time: the table of cases below is the list of routes the app registered.
const api: TestApi = await testApi();
let doc: any;
beforeAll(async () => {
  const res = await api.call('GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => api.close());

const PREFIX = '/portal_api';
const toOpenApi = (honoPath: string) => honoPath.replace(/:(\w+)/g, '{$1}');
const NOT_ROLES = new Set(['public', 'session', 'otp', 'password']);

/**
 * What the Hono app really answers, method and path, read from the app itself rather than from the registry that
 * generates the document, so a route registered outside `register` would be caught. Hono lists middleware as
 * method ALL; the document's own route is left out (it describes the API, it is not part of it).
 */
function servedRoutes(): Array<{ method: string; path: string; name: string }> {
  const seen = new Map<string, { method: string; path: string; name: string }>();
  for (const r of api.app.routes) {
    if (r.method === 'ALL' || r.path === `${PREFIX}/openapi.json`) continue;
    const path = toOpenApi(r.path);
    const name = `${r.method} ${path}`;
    seen.set(name, { method: r.method.toLowerCase(), path, name });
  }
  return [...seen.values()];
}

/** The contract of a served route, found by method and path. */
function contractOf(method: string, path: string): RouteContract {
  const found = Object.values(routes).find((r) => r.method.toLowerCase() === method && PREFIX + toOpenApi(r.path) === path);
  if (!found) throw new Error(`no contract for ${method} ${path}`);
  return found;
}

describe('GET /portal_api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the app version and a bearer scheme, served without a token', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: pkg.version });
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
  });

  it('covers at least the routes of the foundation (auth, system, every /prerequisites call)', () => {
    const names = servedRoutes().map((r) => r.name);
    for (const route of Object.values(routes)) expect(names).toContain(`${route.method} ${PREFIX}${toOpenApi(route.path)}`);
  });

  it.each(servedRoutes())('documents $name', ({ method, path }) => {
    expect(doc.paths[path], `${path} is missing`).toBeDefined();
    expect(doc.paths[path][method], `${method} ${path} is missing`).toBeDefined();
  });

  it('documents nothing the server does not answer', () => {
    const served = new Set(servedRoutes().map((r) => r.name));
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const name of documented) expect(served, name).toContain(name);
  });

  describe.each(servedRoutes())('$name', ({ method, path }) => {
    const op = () => doc.paths[path]?.[method];
    const contract = () => contractOf(method, path);

    it('names the role it needs, as the contract does', () => {
      expect(op()['x-required-role']).toBe(contract().auth);
    });

    it('documents the answers a caller can get: success, 400 with input, 401 with a token, 403 with a role', () => {
      const c = contract();
      const responses = op().responses;
      const success = String(successStatus(c));
      expect(Object.keys(responses)).toContain(success);
      expect(responses[success].content['application/json'].schema).toMatchObject({ type: 'object' });
      if (c.auth === 'public') {
        expect(op().security).toBeUndefined();
      } else {
        expect(op().security).toEqual([{ bearer: [] }]);
        expect(responses['401']).toBeDefined();
      }
      if (!NOT_ROLES.has(c.auth)) {
        expect(responses['403']).toBeDefined();
        expect(responses['403'].description).toContain(c.auth);
      }
      for (const [status, why] of Object.entries(c.refusals ?? {})) {
        expect(responses[status]?.description).toBe(why);
      }
      if (c.body || c.query || c.params) {
        expect(responses['400']).toBeDefined();
        expect(responses['400'].content['application/json'].schema.properties).toHaveProperty('fields');
      }
    });

    it('declares its path parameters and its query parameters', () => {
      const params: Array<{ name: string; in: string; required: boolean }> = op().parameters ?? [];
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        expect(params).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
      }
      const query = contract().query;
      if (query instanceof z.ZodObject) {
        const declared = params.filter((p) => p.in === 'query').map((p) => p.name);
        expect(declared.sort()).toEqual(Object.keys(query.shape).sort());
      }
    });

    it('has the request body schema of the contract when it takes a body', () => {
      const body = contract().body;
      if (!body) {
        expect(op().requestBody).toBeUndefined();
        return;
      }
      const schema = op().requestBody?.content?.['application/json']?.schema;
      expect(op().requestBody.required).toBe(true);
      expect(schema).toMatchObject({ type: 'object' });
      expect(body).toBeInstanceOf(z.ZodObject);
      const shape = (body as z.ZodObject).shape;
      expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(shape).sort());
      // Required in the document exactly when a caller must send it (fields with defaults are optional to send).
      const mustSend = Object.entries(shape)
        .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
        .map(([name]) => name);
      expect([...(schema.required ?? [])].sort()).toEqual(mustSend.sort());
    });
  });

  it('lists every POST /prerequisites route with its request body', () => {
    const posts = servedRoutes().filter((r) => r.method === 'post' && r.path.startsWith(`${PREFIX}/prerequisites/`));
    expect(posts.map((r) => r.path).sort()).toEqual(
      ['/prerequisites/admin-group-roles', '/prerequisites/admin-groups', '/prerequisites/admins'].map((p) => PREFIX + p),
    );
    for (const { path } of posts) expect(doc.paths[path].post.requestBody.content['application/json'].schema.properties).toBeDefined();
    expect(
      doc.paths[`${PREFIX}/prerequisites/admin-group-roles`].post.requestBody.content['application/json'].schema.properties.admin_role.enum,
    ).toContain('VIEW_SECURITY');
  });
});

describe('refusals beyond the usual ones', () => {
  it('documents the 429 of login, the 403 of reading another group, and the 404 of an unknown group role', async () => {
    const api = await testApi();
    const doc = (await api.call('GET', '/openapi.json')).body;
    await api.close();
    expect(doc.paths['/portal_api/authentication'].post.responses['429']).toBeDefined();
    expect(doc.paths['/portal_api/prerequisites/admin-group-roles'].get.responses['403'].description).toContain('VIEW_SECURITY');
    expect(doc.paths['/portal_api/prerequisites/admin-group-roles/{id}'].delete.responses['404']).toBeDefined();
  });
});
