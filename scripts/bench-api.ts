/**
 * npm run bench:api [-- --url http://127.0.0.1:8080 [--pid N]] [--connections 50] [--seconds 10] [--warm 1] [--only name,name]
 *   [--paired off]
 *
 * Load on the API with autocannon (issue 16): GET /portal_api/health first, as the ceiling of this machine and this
 * server, then every call of scripts/bench-api-endpoints.ts at 50 connections. Each call with a ratio to meet is
 * judged against the mean of health measured again just before it and just after it (the `health` column, decisions
 * 072 and 077; `drift` is how health moved across the call). Prints req/s, p50, p99
 * and the ratio to health for each, and exits 1 when a budget is missed (BUDGETS there). The load generator shares the machine
 * with the server, so the ratios are what carry over between machines, not the absolute figures. The hashed asset
 * is measured with wrk when it is installed (`apt-get install wrk`), against health measured by wrk (decision 046):
 * autocannon cannot take in 87 kB answers as fast as the server sends them.
 *
 * Without --url it starts the portal itself (`server/main.ts`, demo mode) on a free port: on PostgreSQL when
 * DATABASE_URL is set (for example after `npm run seed:scale`), else on a fresh embedded PGlite with the demo data.
 * Customers for the lookups are sampled from DATABASE_URL when set, else gathered from the portal's own lists.
 * Logs in as the demo admin (the one-time code is read from the demo outbox).
 *
 * Beside req/s it prints what one answered call cost in CPU: the server's process (when it started the server, or
 * given its --pid) and every PostgreSQL process of this machine (with DATABASE_URL; other work on the same
 * PostgreSQL counts too). These hold on a loaded machine, where req/s and the ratios do not. `load ms` is the same
 * for the load generator (autocannon, in this process), which shares the machine: health's rate is what the machine
 * gives the server, PostgreSQL and the load generator together, so a call's ratio is set by all three.
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { BUDGETS, ENDPOINTS, sameBodyEachTime, type BenchContext, type BenchEndpoint } from './bench-api-endpoints';
import { startDemoPortal } from './portal-process';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const connections = Number(arg('connections') ?? 50);
const seconds = Number(arg('seconds') ?? 10);
/**
 * Each call is first made for this long, unmeasured: the first run after a seed otherwise reads a cold database (the
 * lookup of random customers 0.20x with a p99 of 301 ms, then 0.41x and 25 ms once its pages had been read once).
 */
const warmSeconds = Number(arg('warm') ?? 1);
/**
 * Health is measured again right before each call and right after it, for as long, and the call's ratio is to their
 * mean (decisions 072 and 077): this machine's speed moves between runs minutes apart (health 4,153-8,333 req/s on
 * PostgreSQL), and within one pair too (9,194 before, 5,147 a few calls later), so a ceiling measured once at the
 * start, or only before, judged a call of a slow stretch against a fast one, or the other way. `--paired off`
 * measures health once, at the start.
 */
const paired = arg('paired') !== 'off';
const only = arg('only')
  ?.split(',')
  .map((s) => s.trim().toLowerCase());

/**
 * CPU time (ms, user + system) that processes have used so far, from /proc (Linux): the server's own process and every
 * PostgreSQL process. Divided by the answers of a call it gives what one call costs each side, a figure that holds on
 * a loaded machine where req/s does not. null where /proc is not there.
 */
function cpuMs(pids: number[]): number | null {
  const each = cpuByPid(pids);
  return each === null ? null : [...each.values()].reduce((sum, ms) => sum + ms, 0);
}

/** The same, process by process (the processes that ended are left out). */
function cpuByPid(pids: number[]): Map<number, number> | null {
  if (!existsSync('/proc/self/stat')) return null;
  const each = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      each.set(pid, (Number(fields[11]) + Number(fields[12])) * 10); // utime, stime (fields 14 and 15 of proc(5)); USER_HZ is 100
    } catch {
      // the process ended between the listing and the read
    }
  }
  return each;
}

/**
 * PostgreSQL's CPU over a run, from its processes listed before and after: one that started during the run (the pool
 * opened a connection) counts whole, one that ended during it is lost (its time can no longer be read). Summing the
 * same list before and after instead counted no connection opened during the run (health's 0.00 after the pool had
 * closed its idle ones) and went below zero when one ended (the reconciliation's).
 */
function postgresCpuSince(before: Map<number, number> | null): number | null {
  const after = cpuByPid(postgresPids());
  if (before === null || after === null) return null;
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

function postgresPids(): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body as Record<string, any>;
}

async function login(url: string, username = process.env.BENCH_USER ?? 'admin'): Promise<string> {
  const password = process.env.BENCH_PASSWORD ?? 'Demo#2026';
  const res = await json(`${url}/portal_api/authentication`, {
    method: 'POST',
    body: JSON.stringify({ strategy: 'local', username, password }),
  });
  const token = res.accessToken as string;
  if (!res.user.otp_pending) return token;
  const outbox = await json(`${url}/portal_api/dev/outbox`);
  const code = String(outbox.data[0]?.text ?? '').match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no one-time code in the demo outbox (bench:api logs in to a demo-mode portal)');
  await json(`${url}/portal_api/authentication/otp`, {
    method: 'POST',
    body: JSON.stringify({ code }),
    headers: { authorization: `Bearer ${token}` },
  });
  return token;
}

/** Phone numbers of existing customers who have a device: from the database when we can reach it, else from the lists. */
async function sampleCustomers(url: string, token: string): Promise<string[]> {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ msisdn: string }>(
        `SELECT c.msisdn FROM customers c TABLESAMPLE SYSTEM (5)
          WHERE EXISTS (SELECT 1 FROM devices d WHERE d.customer_id = c.id) LIMIT 2000`,
      );
      if (rows.length >= 20) return rows.map((r) => r.msisdn);
      const all = await client.query<{ msisdn: string }>(
        'SELECT c.msisdn FROM customers c WHERE EXISTS (SELECT 1 FROM devices d WHERE d.customer_id = c.id) ORDER BY random() LIMIT 2000',
      );
      return all.rows.map((r) => r.msisdn);
    } finally {
      await client.end();
    }
  }
  const found = new Set<string>();
  const headers = { authorization: `Bearer ${token}` };
  for (const path of ['damaged_devices', 'lost_devices', 'suspended_imeis']) {
    const res = await json(`${url}/portal_api/api/v1/${path}`, { method: 'POST', body: JSON.stringify({ limit: 200 }), headers });
    for (const row of res.data ?? []) found.add(row.customer.msisdn);
  }
  for (const path of ['pending/loan/extension/requests', 'pending_loan_removal_requests', 'pending_imei_requests']) {
    const res = await json(`${url}/portal_api/api/v1/${path}`, { method: 'POST', body: JSON.stringify({ limit: 200 }), headers });
    for (const row of res.pending_requests ?? []) if (row.customer) found.add(row.customer.msisdn);
  }
  return [...found];
}

async function largestAsset(url: string): Promise<string | null> {
  const html = await fetch(`${url}/`).then((r) => r.text());
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let best: { path: string; size: number } | null = null;
  for (const path of scripts) {
    const res = await fetch(`${url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const size = (await res.arrayBuffer()).byteLength;
    if (res.ok && (!best || size > best.size)) best = { path, size };
  }
  return best?.path ?? null;
}

interface Result {
  name: string;
  kind: BenchEndpoint['kind'];
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  bad: number;
  /** Server CPU per answered call (ms), when the bench started the server itself. */
  nodeMs: number | null;
  /** PostgreSQL CPU per answered call (ms, every postgres process on this machine), with DATABASE_URL. */
  pgMs: number | null;
  /**
   * The load generator's own CPU per answered call (ms): autocannon runs in this process and shares the machine. It
   * reads every answer into a string, so a call with a large answer costs it more than health does.
   */
  loadMs: number | null;
  /**
   * The health rate the call is judged against: by wrk right before it (the hashed asset), or the mean of health
   * measured right before and right after it (decision 077).
   */
  ceilingRps?: number;
  /** How health moved across the call: its rate after as a share of its rate before, less one. */
  healthDrift?: number;
}

const execFileAsync = promisify(execFile);

/** wrk (Debian's `wrk` package) when it is installed: a load generator in C on its own thread. */
const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

/** `1.23ms`, `850.00us`, `1.01s` as milliseconds. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) throw new Error(`wrk printed a latency it did not explain: ${text}`);
  return Number(m[1]) * ({ us: 0.001, ms: 1, s: 1000 } as const)[m[2] as 'us' | 'ms' | 's'];
}

/** One wrk run of GETs on `url` at the run's connections, as req/s, p50, p99 and the answers that were not 2xx/3xx. */
async function wrkRun(url: string, headers: Record<string, string>, duration: number) {
  const flags = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
  // Run beside the event loop, not blocking it: a blocked loop misses the server closing this process's idle
  // keep-alive sockets, and the next fetch on one of them fails.
  const { stdout: out } = await execFileAsync('wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--latency', ...flags, url], {
    encoding: 'utf8',
  });
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]),
    p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)![1]!),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)![1]!),
    ok: total - bad,
    bad: bad + (errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0),
  };
}

/**
 * What the portal's browsers send with every call (Chromium's Accept-Encoding, on http as on https): the answers are
 * measured as they are sent to them, compressed when long (server/compressed-json.ts, decision 097).
 */
const AS_A_BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The headers of a call as a browser sends it: its Accept-Encoding, the token unless anonymous, the body's type. */
function headersFor(e: BenchEndpoint, token: string): Record<string, string> {
  const headers: Record<string, string> = { ...AS_A_BROWSER, ...e.headers };
  if (!e.anonymous) headers.authorization = `Bearer ${token}`;
  if (e.body) headers['content-type'] = 'application/json';
  return headers;
}

/**
 * autocannon's options for a run of one call. A body that is the same for every request is given to autocannon as
 * it is, so that it builds the request once, as it does the health call's: made again for each request (its
 * `setupRequest`), the load generator spent about 30 us more of the machine's CPU on every list call than on
 * health's, on the cores the server was measured on (decision 098).
 */
function load(url: string, path: string, headers: Record<string, string>, ctx: BenchContext, e: BenchEndpoint, duration: number) {
  const same = sameBodyEachTime(e, ctx);
  return {
    url: `${url}${path}`,
    connections: e.connections ?? connections,
    duration,
    requests: [
      {
        method: e.method,
        path,
        headers,
        ...(same !== null
          ? { body: same }
          : e.body
            ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(e.body!(ctx)) }) }
            : {}),
      },
    ],
  };
}

/**
 * The call made for warmSeconds and not measured. The health call too (decision 072): measured cold, straight after
 * the server's start, it answered half of what it answered warm (3,451 against 6,292-7,247 req/s on the PGlite
 * default), which flattered every ratio measured against it. Not the file (served from memory), nor a batch (an
 * upload: warming it would be more uploads).
 */
async function warm(url: string, token: string, ctx: BenchContext, e: BenchEndpoint): Promise<void> {
  const path = typeof e.path === 'function' ? e.path(ctx) : e.path;
  if (path === null || warmSeconds <= 0 || e.kind === 'static' || e.kind === 'batch') return;
  const headers = headersFor(e, token);
  await autocannon(load(url, path, headers, ctx, e, warmSeconds));
}

async function measure(url: string, token: string, ctx: BenchContext, e: BenchEndpoint): Promise<Result | null> {
  const path = typeof e.path === 'function' ? e.path(ctx) : e.path;
  if (path === null) return null;
  const nodePids = portal.pid ? [portal.pid] : [];
  const nodeBefore = nodePids.length ? cpuMs(nodePids) : null;
  const pgBefore = process.env.DATABASE_URL ? cpuByPid(postgresPids()) : null;
  const headers = headersFor(e, token);
  // A file of 87 kB or more a request is more than autocannon can take in: it measured its own limit, at a tenth of
  // the health call's rate, while the server answered six times as fast. With wrk installed the file is measured by
  // wrk, against the health call measured by wrk just before it (decision 046).
  if (e.kind === 'static' && hasWrk) {
    const duration = Math.max(seconds, e.minSeconds ?? 0);
    const health = await wrkRun(`${url}/portal_api/health`, {}, duration);
    await settle(url, token);
    const before = nodePids.length ? cpuMs(nodePids) : null;
    const file = await wrkRun(`${url}${path}`, headers, duration);
    const after = nodePids.length ? cpuMs(nodePids) : null;
    const nodeMs = before === null || after === null || !file.ok ? null : (after - before) / file.ok;
    return { name: e.name, kind: e.kind, ...file, nodeMs, pgMs: null, loadMs: null, ceilingRps: health.rps };
  }
  const loadBefore = process.cpuUsage();
  const result = await autocannon(load(url, path, headers, ctx, e, Math.max(seconds, e.minSeconds ?? 0)));
  const loadUsed = process.cpuUsage(loadBefore);
  const answered = result['2xx'] + result.non2xx;
  const nodeAfter = nodePids.length ? cpuMs(nodePids) : null;
  const pgMs = pgBefore === null ? null : postgresCpuSince(pgBefore);
  const perCall = (before: number | null, after: number | null) =>
    before === null || after === null || !answered ? null : (after - before) / answered;
  return {
    nodeMs: perCall(nodeBefore, nodeAfter),
    pgMs: pgMs === null || !answered ? null : pgMs / answered,
    loadMs: perCall(0, (loadUsed.user + loadUsed.system) / 1000),
    name: e.name,
    kind: e.kind,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

const portal = arg('url')
  ? { url: arg('url')!.replace(/\/$/, ''), pid: arg('pid') ? Number(arg('pid')) : null, stop: async () => undefined }
  : await startDemoPortal({ databaseUrl: process.env.DATABASE_URL ?? '' });
let failed = false;
const ms = (value: number | null) => (value === null ? '-' : value.toFixed(2));
/** Health's move across a call, `+12%` or `-8%`. */
const drift = (value: number | undefined) => (value === undefined ? '' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(0)}%`);
/**
 * Waits until the server has worked off what the previous call left queued (its 50 connections end when their time
 * is up, not the requests already waiting for a database connection): a call that reads the database answers within
 * 50 ms, for at most 60 s. Without this, a slow call's backlog is measured against the next one.
 */
async function settle(url: string, token: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = performance.now();
    await fetch(`${url}/portal_api/settings`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.arrayBuffer());
    if (performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

process.once('uncaughtException', (error) => {
  console.error(error);
  void portal.stop().finally(() => process.exit(2));
});
try {
  const adminToken = await login(portal.url);
  const customers = await sampleCustomers(portal.url, adminToken);
  if (!customers.length) throw new Error('no customers found to look up');
  const ctx: BenchContext = {
    customer: () => customers[Math.floor(Math.random() * customers.length)]!,
    asset: await largestAsset(portal.url),
  };
  console.log(
    `bench:api against ${portal.url} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'as started'}), ${connections} connections, ${seconds} s each, ${customers.length} customers to look up\n`,
  );
  const chosen = ENDPOINTS.filter((e) => e.kind === 'ceiling' || !only || only.some((o) => e.name.toLowerCase().includes(o)));
  const results: Result[] = [];
  const header = `${'call'.padEnd(36)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'x health'.padStart(9)} ${'health'.padStart(7)} ${'drift'.padStart(6)} ${'node ms'.padStart(7)} ${'pg ms'.padStart(6)} ${'load ms'.padStart(7)}  budget`;
  console.log(header);
  console.log('-'.repeat(header.length + 24));
  let ceiling = 0;
  // The token of each other user a call is made as (BenchEndpoint.as), logged in once.
  const tokens = new Map<string, string>();
  for (const e of chosen) if (e.as && !tokens.has(e.as)) tokens.set(e.as, await login(portal.url, e.as));
  for (const e of chosen) {
    const token = e.as ? tokens.get(e.as)! : adminToken;
    await warm(portal.url, token, ctx, e);
    await settle(portal.url, token);
    // A call with a ratio to meet is judged against health measured just before it and again just after it, at the
    // mean of the two (decisions 072 and 077): the machine's speed drifts within a pair too.
    const healthRate = async () => {
      const health = ENDPOINTS.find((c) => c.kind === 'ceiling')!;
      const run = await autocannon(load(portal.url, health.path as string, {}, ctx, health, Math.max(seconds, e.minSeconds ?? 0)));
      await settle(portal.url, token);
      return run.requests.average;
    };
    const bracketed = paired && e.kind !== 'ceiling' && e.kind !== 'static' && BUDGETS[e.kind].ratio > 0;
    const healthBefore = bracketed ? await healthRate() : undefined;
    const measured = await measure(portal.url, token, ctx, e);
    let r = measured;
    if (measured && healthBefore !== undefined) {
      await settle(portal.url, token);
      const healthAfter = await healthRate();
      r = { ...measured, ceilingRps: (healthBefore + healthAfter) / 2, healthDrift: healthAfter / healthBefore - 1 };
    }
    if (!r) {
      console.log(`${e.name.padEnd(36)} (skipped: nothing to call, e.g. no build in dist/)`);
      continue;
    }
    results.push(r);
    if (e.kind === 'ceiling') ceiling = r.rps;
    const ratio = r.ceilingRps ? r.rps / r.ceilingRps : ceiling ? r.rps / ceiling : 0;
    let verdict = '';
    if (e.kind !== 'ceiling') {
      const budget = BUDGETS[e.kind];
      const misses = [
        ratio < budget.ratio ? `ratio < ${budget.ratio}x` : '',
        r.p99 > budget.p99Ms ? `p99 > ${budget.p99Ms} ms` : '',
        r.bad > 0 || r.ok === 0 ? `${r.bad} failed answers` : '',
      ].filter(Boolean);
      verdict = misses.length ? `MISSED (${misses.join(', ')})` : `ok (>= ${budget.ratio}x, p99 <= ${budget.p99Ms} ms)`;
      if (misses.length) failed = true;
    }
    console.log(
      `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(8)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${ratio.toFixed(2).padStart(8)}x ${(r.ceilingRps ?? ceiling).toFixed(0).padStart(7)} ${drift(r.healthDrift).padStart(6)} ${ms(r.nodeMs).padStart(7)} ${ms(r.pgMs).padStart(6)} ${ms(r.loadMs).padStart(7)}  ${verdict}`,
    );
    if (e.kind === 'static' && r.ceilingRps)
      console.log(`${''.padEnd(36)} (measured by wrk, against health by wrk just before: ${r.ceilingRps.toFixed(0)} req/s)`);
  }
} finally {
  await portal.stop();
}
if (failed) {
  console.error('\nA budget was missed.');
  process.exit(1);
}
