/**
 * npx tsx scripts/explain-analytics.ts [--runs 5] [--plans]
 *
 * Times every BI analysis and the home figures on the database of DATABASE_URL (after `npm run seed:scale`), as
 * the admin (the whole book), the demo shop owner, region lead and agent (decision 029): each call's wall time over
 * --runs runs (after one warm-up), and with --plans every statement's EXPLAIN ANALYZE execution time and the
 * tables it read sequentially. Every call computes its answer (none of the answers kept until the next run). Read-only.
 */
import { openPostgres } from '../server/db/postgres';
import type { Queryable } from '../server/db/port';
import type { Caller } from '../server/deps';
import { analysis, homeFigures } from '../server/domain/analytics/measures';
import { REPORTS, type ReportName } from '../src/contract/analytics';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('explain-analytics needs DATABASE_URL (a PostgreSQL seeded by npm run seed:scale)');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 5);
const plans = process.argv.includes('--plans');

const db = await openPostgres(url);
const callerOf = async (username: string): Promise<Caller> => {
  const [u] = await db.query<{ id: number; group_id: number }>('SELECT id, group_id FROM admins WHERE username = $1', [username]);
  if (!u) throw new Error(`no user ${username}`);
  const roles = (
    await db.query<{ code: string }>('SELECT admin_role AS code FROM admin_group_roles WHERE group_id = $1', [u.group_id])
  ).map((r) => r.code);
  return { adminId: Number(u.id), sessionId: 's', username, name: username, groupId: Number(u.group_id), roles, otpPending: false, ip: '' };
};

/** A Queryable that EXPLAINs each SELECT it runs (when --plans) and remembers the plans. */
const explained: Array<{ ms: number; seqScans: string[]; sql: string }> = [];
const explaining: Queryable = {
  async query<T>(sql: string, params: unknown[] = []) {
    if (plans && /^\s*(WITH|SELECT)/i.test(sql)) {
      const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const plan = (row!['QUERY PLAN'] as Array<{ 'Execution Time': number; Plan: unknown }>)[0]!;
      const seqScans: string[] = [];
      const walk = (node: Record<string, unknown>) => {
        if (node['Node Type'] === 'Seq Scan') seqScans.push(`${String(node['Relation Name'])}(${String(node['Actual Rows'])})`);
        for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) walk(child);
      };
      walk(plan.Plan as Record<string, unknown>);
      explained.push({ ms: plan['Execution Time'], seqScans, sql: sql.replace(/\s+/g, ' ').slice(0, 90) });
    }
    return db.query<T>(sql, params);
  },
};
// A new Db object per call: the answers kept until the next ageing run (decision 029) are kept per Db, so every call
// here computes its answer (the cost of the first call after a run).
const fresh = () => ({ db: { ...db, query: explaining.query } as typeof db, clock: { now: () => new Date() } });

const users = ['admin', 'shopowner', 'regionlead', 'agent'];
const callers = Object.fromEntries(await Promise.all(users.map(async (u) => [u, await callerOf(u).catch(() => null)] as const)));
const calls: Array<[string, string, () => Promise<unknown>]> = [];
for (const [user, caller] of Object.entries(callers)) {
  if (!caller) continue;
  calls.push([user, 'home_figures', () => homeFigures(fresh(), caller)]);
  if (!caller.roles.some((r) => r.includes('ANALYTICS'))) continue;
  for (const report of REPORTS as readonly ReportName[]) {
    const period = report === 'bi_analysis' ? '90d' : '30d';
    calls.push([user, `${report}?period=${period}`, () => analysis(fresh(), caller, report, { period })]);
  }
}
console.log(`${'user'.padEnd(11)} ${'call'.padEnd(36)} ${'p50 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
for (const [user, name, call] of calls) {
  await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    explained.length = 0;
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${user.padEnd(11)} ${name.padEnd(36)} ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)}`,
  );
  if (plans) {
    for (const e of explained)
      console.log(`    ${e.ms.toFixed(1).padStart(8)} ms ${e.seqScans.length ? `seq ${e.seqScans.join(' ')} ` : ''}| ${e.sql}`);
  }
}
await db.close();
