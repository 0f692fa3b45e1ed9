import { afterAll, beforeAll, beforeEach, describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import { z } from 'zod';
import { routes, type RouteContract } from '../../src/contract/routes';
import { DEMO_CALLBACK_SECRET } from '../../server/adapters/mobile-money';
import { testApi, type TestApi } from '../support/api';

/**
 * Bad and edge input for every route, derived from its zod request schemas (issue 11: "0 responses >= 500 over
 * >= 300 generated inputs per operation"). Each field gets either a value its own schema accepts (picked from a
 * pool of plausible values by asking the schema), or a bad one: wrong types, NUL, unpaired surrogates, 100 kB
 * strings, year-0 and year-9999 dates, huge, negative and fractional numbers; fields go missing, extra fields
 * appear, bodies are not objects. The oracle: never a 5xx, and a 400 names a field and is never the database's
 * refusal (reason `unstorable_input` means a schema let through what PostgreSQL cannot store).
 *
 * A route added to the contract is covered the day it is added: the table below is `routes`. The routes are
 * dealt to two test files (contract-fuzz-1 and -2, each with its own app and database) so they run on two cores.
 */

const RUNS_PER_ROUTE = 300;

// ---------------------------------------------------------------------------------------------------------------
// Values

const MISSING = Symbol('missing');
const BIG = 'x'.repeat(100 * 1024);
const VALID_IMEI = '356938035643809';

/** Plausible values of every kind of field in the contract; a field's own schema says which it takes. */
const POOL: unknown[] = [
  '0754300100',
  '255754300100',
  '+255 715 300 206',
  VALID_IMEI,
  '35693803564380 9',
  crypto.randomUUID(),
  '123456',
  '12345678',
  '2026-01-15',
  '2026-01-15T10:00:00Z',
  '2026-01-15T13:00:00+03:00',
  'A sensible reason',
  'hello',
  'agent',
  'admin',
  'new.user',
  'a@b.co',
  'AbCdEfGhIjKlMnOp1234',
  'AbCdEfGhIjKlMnOp1234.pdf',
  '19920314-41020-00017-26',
  'LN0000012',
  'TX123',
  'Pilau',
  'wrong-password',
  'Neema Peter',
  'A'.repeat(64),
  '',
  1,
  2,
  7,
  30,
  50,
  200,
  999_999,
  1_000,
  43_000,
  true,
  false,
  [1],
  [1, 2],
  [999_999],
];

/** The values an enum or literal inside a schema names. */
function namedValues(schema: z.ZodType, depth = 0): unknown[] {
  if (depth > 6) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'enum':
      return Object.values(def.entries);
    case 'literal':
      return def.values;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
    case 'catch':
      return namedValues(def.innerType, depth + 1);
    case 'pipe':
      return namedValues(def.in, depth + 1);
    case 'union':
      return def.options.flatMap((o: z.ZodType) => namedValues(o, depth + 1));
    default:
      return [];
  }
}

const accepted = (schema: z.ZodType) => [...POOL, ...namedValues(schema)].filter((v) => schema.safeParse(v).success);

/** Any UTF-16 code unit: NUL and unpaired surrogates included. */
const anyUnits = fc.string({ unit: fc.nat(0xffff).map((c) => String.fromCharCode(c)), maxLength: 24 });

const BAD: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.5,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  1e308,
  -1e308,
  [],
  {},
  [null],
  { a: 1 },
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\udbff\ud800',
  '\ud83d',
  '',
  ' ',
  BIG,
  'null',
  '1e400',
  '-1',
  '99999999999999999999',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '2026-02-30',
  '1899-12-31',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '+275760-09-13T00:00:00Z',
  '1900-01-01T01:00:00+03:00',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '%00',
  '\u202e\u0000',
];

function badValue(valid: unknown[]) {
  const strings = valid.filter((v): v is string => typeof v === 'string' && v !== '');
  const arbs: Array<fc.Arbitrary<unknown>> = [fc.constantFrom(...BAD), anyUnits, fc.integer(), fc.double(), fc.jsonValue({ maxDepth: 2 })];
  // Valid values made bad: a NUL, an unpaired surrogate or 100 kB added to what the field otherwise takes.
  if (strings.length) {
    arbs.push(
      fc.tuple(fc.constantFrom(...strings), fc.constantFrom('\u0000', '\ud800', '\udfff', BIG, ' ')).map(([s, extra]) => s + extra),
    );
  }
  return fc.oneof(...arbs);
}

function fieldValue(schema: z.ZodType, required: boolean): fc.Arbitrary<unknown> {
  const valid = accepted(schema);
  const options: Array<fc.WeightedArbitrary<unknown>> = [{ weight: 3, arbitrary: badValue(valid) }];
  if (valid.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...valid) });
  options.push({ weight: required ? 1 : 2, arbitrary: fc.constant(MISSING) });
  return fc.oneof(...options);
}

/** An object for a z.object schema: each field valid, bad or missing, sometimes with extra fields. */
function objectValue(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const fields = Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [name, fieldValue(field, !field.safeParse(undefined).success)]),
  );
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom('__proto__', 'constructor', 'id', 'role', 'x\u0000'), anyUnits),
    fc.constantFrom(...BAD),
    {
      maxKeys: 2,
    },
  );
  return fc.tuple(fc.record(fields), fc.option(extra, { freq: 4 })).map(([record, more]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(record)) if (v !== MISSING) out[k] = v;
    if (more) for (const [k, v] of Object.entries(more)) if (!(k in shape)) out[k] = v;
    return out;
  });
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const pathSegment = (v: unknown) => {
  try {
    return encodeURIComponent(asText(v) ?? '');
  } catch {
    return '%ED%A0%80'; // an unpaired surrogate, as the bytes a client could still send
  }
};

interface Input {
  body: unknown;
  query: Record<string, unknown>;
  params: Record<string, unknown>;
}

function inputOf(route: RouteContract): fc.Arbitrary<Input> {
  const body = route.body
    ? fc.oneof(
        { weight: 12, arbitrary: objectValue(route.body) as fc.Arbitrary<unknown> },
        { weight: 1, arbitrary: fc.constantFrom(...BAD) },
      )
    : fc.option(fc.jsonValue({ maxDepth: 1 }), { nil: undefined });
  const query = route.query ? objectValue(route.query) : fc.constant({});
  const params = route.params ? objectValue(route.params) : fc.constant({});
  return fc.record({ body, query, params });
}

function tokenFor(tokens: Record<string, string>, name: string, route: RouteContract): string | undefined {
  if (route.auth === 'public') return undefined;
  if (name === 'logout') return tokens.logout;
  if (name === 'verifyOtp' || name === 'resendOtp') return tokens[name];
  return tokens.admin;
}

function urlOf(route: RouteContract, input: Input) {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => (name in input.params ? pathSegment(input.params[name]) : 'x'));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query)) search.append(k, asText(v) ?? '');
  const qs = search.toString();
  return `/portal_api${path}${qs ? `?${qs}` : ''}`;
}

const topLevel = (schema: z.ZodType | undefined) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/** Fuzzes every `of`-th route of the contract, starting at `shard` (0-based). */
export function fuzzRoutes(shard: number, of: number) {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await testApi();
    tokens.admin = await api.tokenFor('admin');
    // Logging out revokes the token it is sent with, and wrong codes end a login: those routes get their own.
    tokens.logout = await api.tokenFor('agent');
    tokens.verifyOtp = (await api.login('admin', undefined, '10.0.0.2')).body.accessToken;
    tokens.resendOtp = (await api.login('admin', undefined, '10.0.0.2')).body.accessToken;
  });
  // The fuzzed admin routes may take roles away from the admin's own group: each route starts with all of them.
  beforeEach(async () => {
    await api.db.query(
      `INSERT INTO admin_group_roles (group_id, admin_role, created_at)
       SELECT g.id, r.code, now() FROM admin_groups g CROSS JOIN admin_roles r WHERE g.name = 'Admin' ON CONFLICT DO NOTHING`,
    );
  });

  const tried = new Map<string, { inputs: number; statuses: Map<number, number> }>();
  afterAll(async () => {
    const rows = [...tried].map(
      ([name, t]) =>
        `${String(t.inputs).padStart(5)}  ${name}  ${[...t.statuses]
          .sort()
          .map(([s, n]) => `${s}:${n}`)
          .join(' ')}`,
    );
    const total = [...tried.values()].reduce((sum, t) => sum + t.inputs, 0);
    const fivexx = [...tried.values()].reduce(
      (sum, t) => sum + [...t.statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0),
      0,
    );
    console.log(
      `Contract fuzz: inputs tried per route (status:count)\n${rows.join('\n')}\n${total} inputs over ${tried.size} routes, ${fivexx} answers >= 500`,
    );
    await api?.close();
  });

  describe(`every route (part ${shard + 1} of ${of}), bad and edge input derived from its zod schemas`, () => {
    const table = (Object.entries(routes) as Array<[string, RouteContract]>).filter((_, i) => i % of === shard);

    for (const [name, route] of table) {
      const label = `${route.method} ${route.path} (${name})`;
      it.prop([inputOf(route)], { numRuns: RUNS_PER_ROUTE, endOnFailure: true })(
        `${label}: never a 5xx, a 400 names a field`,
        async (input) => {
          const headers: Record<string, string> = { 'x-forwarded-for': '10.99.0.1', 'x-callback-token': DEMO_CALLBACK_SECRET };
          const token = tokenFor(tokens, name, route);
          if (token) headers.authorization = `Bearer ${token}`;
          let body: string | undefined;
          if (input.body !== undefined && route.method !== 'GET') {
            headers['content-type'] = 'application/json';
            body = JSON.stringify(input.body);
          }
          const res = await api.app.request(
            urlOf(route, input),
            { method: route.method, headers, body },
            {
              incoming: { socket: { remoteAddress: '127.0.0.1' } },
            },
          );
          const count = tried.get(label) ?? { inputs: 0, statuses: new Map<number, number>() };
          count.inputs++;
          count.statuses.set(res.status, (count.statuses.get(res.status) ?? 0) + 1);
          tried.set(label, count);
          const text = await res.text();
          expect(res.status, text).toBeLessThan(500);
          if (res.status === 400) {
            const answer = JSON.parse(text) as { fields?: Record<string, string>; reason?: string };
            expect(answer.reason, text).not.toBe('unstorable_input');
            const named = Object.keys(answer.fields ?? {});
            expect(named.length, text).toBeGreaterThan(0);
            const known = new Set(['body', ...topLevel(route.body), ...topLevel(route.query), ...topLevel(route.params)]);
            for (const field of named) expect(known, `${field} in ${text}`).toContain(field.split('.')[0]);
          }
        },
      );
    }
  });
}
