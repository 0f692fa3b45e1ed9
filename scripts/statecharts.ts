/** npm run statecharts — writes docs/statecharts/<machine id>.md and .json for every machine in src/machines. */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderStatecharts } from './statecharts-render';

const OUT = 'docs/statecharts';
mkdirSync(OUT, { recursive: true });
const files = await renderStatecharts();
for (const stale of readdirSync(OUT).filter((f) => !files.has(f))) rmSync(join(OUT, stale));
// Paths starting with ../../ leave docs/statecharts (the explorer's coverage figures).
for (const [name, content] of files) writeFileSync(join(OUT, name), content);
console.log(`Wrote ${files.size} files to ${OUT}: ${[...files.keys()].join(', ')}`);
