import { describe, expect, it } from 'vitest';
import { ENDPOINTS, sameBodyEachTime, type BenchContext, type BenchEndpoint } from '../../scripts/bench-api-endpoints';

const customers = ['255754000001', '255754000002', '255754000003'];
let next = 0;
const ctx: BenchContext = { customer: () => customers[next++ % customers.length]!, asset: '/assets/a.js' };
const named = (name: string) => ENDPOINTS.find((e) => e.name === name)!;

describe('bench:api request bodies (decision 098)', () => {
  it('gives a list page its one body, made once', () => {
    expect(sameBodyEachTime(named('stores'), ctx)).toBe('{"limit":25,"skip":0}');
    expect(sameBodyEachTime(named('loans: active'), ctx)).toBe('{"tab":"active","limit":25,"skip":0}');
  });

  it('makes a lookup of a random customer again for each request', () => {
    expect(sameBodyEachTime(named('customer lookup'), ctx)).toBeNull();
    expect(sameBodyEachTime(named('customer requests'), ctx)).toBeNull();
  });

  it('makes a statement with new receipts again for each request', () => {
    expect(sameBodyEachTime(named('reconcile a 10,000-line statement'), ctx)).toBeNull();
  });

  it('has no body for a call without one', () => {
    expect(sameBodyEachTime(named('health (ceiling)'), ctx)).toBeNull();
  });

  it('judges a body by what it reads, not by its call', () => {
    const fixed: BenchEndpoint = { name: 'x', kind: 'list', method: 'POST', path: '/x', body: () => ({ msisdn: '255754000009' }) };
    const random: BenchEndpoint = { ...fixed, body: () => ({ n: Math.random() }) };
    const asking: BenchEndpoint = { ...fixed, body: (c) => ({ msisdn: c.customer(), limit: 1 }) };
    expect(sameBodyEachTime(fixed, ctx)).toBe('{"msisdn":"255754000009"}');
    expect(sameBodyEachTime(random, ctx)).toBeNull();
    expect(sameBodyEachTime(asking, ctx)).toBeNull();
  });

  it('sends every list and queue as the same request each time', () => {
    const remade = ENDPOINTS.filter((e) => e.kind === 'list' && e.body && sameBodyEachTime(e, ctx) === null).map((e) => e.name);
    expect(remade).toEqual(['customer SMS', 'customer payments', 'loan statements', 'customer call ratings', 'customer requests']);
  });
});
