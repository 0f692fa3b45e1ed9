/**
 * npm run bench:size — builds the portal, opens the login route in headless Chromium as a first-time visitor,
 * and prints the gzip bytes of every JavaScript file that route loads, then the gzip size of every chunk,
 * largest first. Exits non-zero when the login route is over its budget.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../tests/support/chromium';
import { serveDist } from './static-server';

const BUDGET = 150 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

if (!process.argv.includes('--no-build')) execSync('npx vite build', { stdio: 'ignore' });

const { url, server } = await serveDist();
const context = await launchChromium({ viewport: { width: 360, height: 740 } });
const page = await context.newPage();
const scripts = new Set<string>();
page.on('request', (request) => {
  if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
});
await page.goto(`${url}/`);
await page.getByRole('heading', { name: 'Login to proceed' }).waitFor({ timeout: 30_000 });
await page.waitForLoadState('networkidle');
await context.close();
server.close();

const loaded = [...scripts].map((path) => ({ path, gzip: gzipBytes(join('dist', path)) })).sort((a, b) => b.gzip - a.gzip);
const total = loaded.reduce((sum, f) => sum + f.gzip, 0);
console.log(`\nLogin route (/): ${loaded.length} JavaScript files, ${kb(total)} gzip (budget ${kb(BUDGET)})`);
for (const f of loaded) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.path}`);

const chunks = readdirSync('dist/assets')
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ f, gzip: gzipBytes(join('dist/assets', f)) }))
  .sort((a, b) => b.gzip - a.gzip);
console.log(`\nEvery chunk (${chunks.length}), largest first:`);
for (const c of chunks) console.log(`  ${kb(c.gzip).padStart(9)}  ${c.f}`);

if (total > BUDGET) {
  console.error(`\nOver budget: the login route loads ${kb(total)} of JavaScript, the budget is ${kb(BUDGET)}.`);
  process.exit(1);
}
