/**
 * npx tsx scripts/lighthouse/lantern-path.ts <kept run>  (e.g. .lighthouse/-dashboard-1, written by
 * `npm run bench:lighthouse -- --keep .lighthouse`)
 *
 * Recomputes Lighthouse's simulated FCP and LCP (Lantern) from a kept run's trace and network log, and prints what
 * set them: every node the LCP's estimate simulated (network requests and main-thread tasks, the tasks at 4x) with its
 * simulated times, then the critical path (docs/decisions/050, later).
 */
import { readFileSync } from 'node:fs';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { criticalPath, type PathNode, type Timing } from './critical-path';

const base = process.argv[2];
if (!base) throw new Error('usage: lantern-path.ts <kept run, without .trace.json>');
const read = (suffix: string) => JSON.parse(readFileSync(`${base}${suffix}`, 'utf8'));
const trace = read('.trace.json');
const artifacts = read('.artifacts.json');
const data = {
  trace,
  devtoolsLog: read('.devtoolslog.json'),
  gatherContext: artifacts.GatherContext,
  settings: artifacts.settings,
  URL: artifacts.URL,
  SourceMaps: [],
  simulator: null,
};
const context = { computedCache: new Map() };
// Lighthouse's computed artifacts are typed for its own gatherers; the kept JSON is what they gathered.
const fcp = await LanternFirstContentfulPaint.request(data as never, context as never);
const lcp = await LanternLargestContentfulPaint.request(data as never, context as never);

interface LanternNode extends PathNode {
  type: 'network' | 'cpu';
  request?: { url: string };
  startTime: number;
  endTime: number;
}
const navigationStart = (trace.traceEvents as Array<{ name: string; ts: number }>).find((e) => e.name === 'navigationStart')!.ts;
const label = (node: LanternNode) =>
  node.type === 'network'
    ? `request ${node.request!.url.replace(/^https?:\/\/[^/]+/, '')}`
    : `task of ${((node.endTime - node.startTime) / 1000).toFixed(1)} ms observed at ${((node.startTime - navigationStart) / 1000).toFixed(0)} ms`;
const ms = (n: number) => String(Math.round(n)).padStart(6);

console.log(`simulated FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms`);
const timings = lcp.pessimisticEstimate.nodeTimings as unknown as Map<LanternNode, Timing>;
console.log(`\nthe LCP's pessimistic estimate (${timings.size} nodes), simulated start and end in ms:`);
for (const [node, t] of [...timings].sort((a, b) => a[1].endTime - b[1].endTime))
  console.log(`${ms(t.startTime)} ${ms(t.endTime)}  ${label(node)}`);
console.log('\ncritical path:');
for (const node of criticalPath(timings))
  console.log(`${ms(timings.get(node)!.startTime)} ${ms(timings.get(node)!.endTime)}  ${label(node)}`);
