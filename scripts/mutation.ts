/**
 * npm run test:mutation — StrykerJS over src/machines with the machines' model and oracle tests, then the score of
 * every machine file and in total. Fails when the total is under 90% or any machine file under 80% (issue 10).
 * Extra arguments go to Stryker, e.g. `npm run test:mutation -- --mutate src/machines/theme.machine.ts`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const REPORT = '.tmp/mutation/mutation.json';
const TOTAL_FLOOR = 90;
const FILE_FLOOR = 80;

rmSync(REPORT, { force: true });
const run = spawnSync('npx', ['stryker', 'run', '--reporters', 'json,progress', ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.status !== 0 || !existsSync(REPORT)) {
  console.error('The mutation run did not finish.');
  process.exit(1);
}

interface Mutant {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
}
const report = JSON.parse(readFileSync(REPORT, 'utf8')) as { files: Record<string, { mutants: Mutant[] }> };
const DETECTED = new Set(['Killed', 'Timeout']);
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage']);

let detected = 0;
let counted = 0;
const low: string[] = [];
console.log('\nmachine file                                   score   killed/counted  survived');
for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
  const inScore = mutants.filter((m) => COUNTED.has(m.status));
  const caught = inScore.filter((m) => DETECTED.has(m.status)).length;
  detected += caught;
  counted += inScore.length;
  const score = inScore.length ? (caught / inScore.length) * 100 : 100;
  if (score < FILE_FLOOR) low.push(file);
  console.log(
    `${file.padEnd(46)} ${score.toFixed(1).padStart(5)}%  ${`${caught}/${inScore.length}`.padStart(13)}  ${inScore.length - caught}`,
  );
  for (const m of inScore.filter((m) => !DETECTED.has(m.status))) {
    console.log(
      `    ${m.status.padEnd(10)} ${m.location.start.line}:${m.location.start.column} ${m.mutatorName} ${(m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 70)}`,
    );
  }
}
const total = counted ? (detected / counted) * 100 : 100;
console.log(
  `\ntotal                                          ${total.toFixed(1).padStart(5)}%  ${`${detected}/${counted}`.padStart(13)}  ${counted - detected}`,
);
if (total < TOTAL_FLOOR || low.length) {
  if (total < TOTAL_FLOOR) console.error(`Total mutation score ${total.toFixed(1)}% is under ${TOTAL_FLOOR}%.`);
  for (const file of low) console.error(`${file} is under ${FILE_FLOOR}%.`);
  process.exit(1);
}
