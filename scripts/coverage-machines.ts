/**
 * npm run coverage:machines — runs the model-based tests, then prints for every machine the states and transitions
 * they reached, lists any never taken, and exits non-zero when a machine is below 100% or has no model test.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadMachines } from './statecharts-render';

interface Coverage {
  id: string;
  states: { total: number; reached: number; missing: string[] };
  transitions: { total: number; reached: number; missing: string[] };
}

rmSync('.tmp/machine-coverage', { recursive: true, force: true });
let testsFailed = false;
try {
  execSync('npx vitest run tests/machines --reporter=dot', { stdio: 'inherit' });
} catch {
  testsFailed = true;
}

const pct = (a: number, b: number) => (b === 0 ? 100 : (a / b) * 100);
let short = false;
console.log('\nmachine                    states            transitions');
for (const machine of await loadMachines()) {
  const file = `.tmp/machine-coverage/${machine.id}.json`;
  if (!existsSync(file)) {
    console.log(`${machine.id.padEnd(26)} no model-based test`);
    short = true;
    continue;
  }
  const c = JSON.parse(readFileSync(file, 'utf8')) as Coverage;
  const s = `${c.states.reached}/${c.states.total} (${pct(c.states.reached, c.states.total).toFixed(1)}%)`;
  const t = `${c.transitions.reached}/${c.transitions.total} (${pct(c.transitions.reached, c.transitions.total).toFixed(1)}%)`;
  console.log(`${c.id.padEnd(26)} ${s.padEnd(17)} ${t}`);
  for (const missing of c.states.missing) console.log(`    state never reached: ${missing}`);
  for (const missing of c.transitions.missing) console.log(`    transition never taken: ${missing}`);
  if (c.states.missing.length || c.transitions.missing.length) short = true;
}
if (short || testsFailed) {
  console.error(testsFailed ? '\nThe model-based tests failed.' : '\nBelow 100% for at least one machine.');
  process.exit(1);
}
