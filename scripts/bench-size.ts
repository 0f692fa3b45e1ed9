/**
 * npm run bench:size [-- --no-build] [--url http://127.0.0.1:8080]
 *
 * Builds the portal and counts, in headless Chromium with a cold cache, the gzip bytes of every JavaScript file
 * two first loads fetch: the login route as a first-time visitor sees it (dist/ from a static server), and the
 * agent's dashboard right after login (the real portal in demo mode, started on a free port unless --url names
 * one; the session is put in localStorage as a login leaves it, then /dashboard is opened and left to settle), and
 * the deposit wizard opened the same way (/dashboard/customers/add-loan, a new browser: its own first load).
 * Prints each with its files, then every chunk, largest first. Exits non-zero when one is over its budget.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { launchChromium } from '../tests/support/chromium';
import { serveDist } from './static-server';
import { startDemoPortal, storedSession } from './portal-process';

/**
 * What fails the run: the login route's JavaScript, and the agent's dashboard's whole first load (the login
 * route's shell included). Issue 16 asks for 120 kB and 200 kB (TARGETS, printed beside them); until the portal
 * reaches a target its budget holds today's size so nothing grows unseen (docs/decisions/025 says what is left).
 */
// The dashboard held 298.2 kB when its budget was set; the areas merged on 2026-11-24 (reconciliation, stock, collections,
// analytics home figures) brought it to 310.1 kB with the registry that loads every machine: held there (decision 025).
// The second merges of that day (shop owners, customer language, first-login password, callback log) added their
// contracts to the same first load: 313.7 kB. Each screen's live logic loading with it, and the menus, toaster and
// drawer on first use, and the session's and the home page's route contracts apart from the rest, brought it to
// 242.4 kB (on decision 033's login without Chakra): held at 243 kB (decision 034).
// The login reached its target (109.0 kB) once its pages stopped loading Chakra's runtime (decision 033): its budget
// is the target. The dashboard reached its own (177.0 kB) once the layout and the home page did too (decision 049).
// The deposit wizard, the agent's other first page, has no figure of its own in issue 16: it is held to the
// dashboard's once its first step stopped loading Chakra (290.2 -> 184.4 kB, decision 051).
const BUDGETS = { login: 120 * 1024, dashboard: 200 * 1024, wizard: 200 * 1024 };
const TARGETS = { login: 120 * 1024, dashboard: 200 * 1024, wizard: 200 * 1024 };

const args = process.argv.slice(2);
const urlArg = args.includes('--url') ? args[args.indexOf('--url') + 1] : undefined;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The same-origin scripts a page fetches while `open` runs, until the network has been idle. */
async function scriptsLoaded(context: BrowserContext, open: (page: Awaited<ReturnType<BrowserContext['newPage']>>) => Promise<void>) {
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await open(page);
  await page.waitForLoadState('networkidle');
  return [...scripts].map((path) => ({ path, gzip: gzipBytes(join('dist', path)) })).sort((a, b) => b.gzip - a.gzip);
}

function report(title: string, files: Array<{ path: string; gzip: number }>, budget: number, target: number): boolean {
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const aim = total <= target ? `target ${kb(target)} reached` : `target ${kb(target)}: ${kb(total - target)} to go`;
  console.log(`\n${title}: ${files.length} JavaScript files, ${kb(total)} gzip (budget ${kb(budget)}; ${aim})`);
  for (const f of files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.path}`);
  if (total <= budget) return true;
  console.error(`Over budget: ${title} loads ${kb(total)} of JavaScript, the budget is ${kb(budget)}.`);
  return false;
}

if (!args.includes('--no-build')) execSync('npx vite build', { stdio: 'ignore' });

const statics = await serveDist();
let context = await launchChromium({ viewport: { width: 360, height: 740 } });
const login = await scriptsLoaded(context, async (page) => {
  await page.goto(`${statics.url}/`);
  await page.getByRole('heading', { name: 'Login to proceed' }).waitFor({ timeout: 30_000 });
});
await context.close();
statics.server.close();

const portal = urlArg ? { url: urlArg.replace(/\/$/, ''), stop: async () => undefined } : await startDemoPortal();
let dashboard: Array<{ path: string; gzip: number }>;
let wizard: Array<{ path: string; gzip: number }>;
try {
  const stored = await storedSession(portal.url, 'agent');
  /** A signed-in page's first load: a new browser with the session a login leaves, the page opened until `drawn`. */
  const firstLoad = async (path: string, drawn: (page: Awaited<ReturnType<BrowserContext['newPage']>>) => Promise<void>) => {
    context = await launchChromium({ viewport: { width: 360, height: 740 } });
    const files = await scriptsLoaded(context, async (page) => {
      await page.addInitScript((entries) => Object.entries(entries).forEach(([key, value]) => localStorage.setItem(key, value)), stored);
      await page.goto(`${portal.url}${path}`);
      await drawn(page);
    });
    await context.close();
    return files;
  };
  dashboard = await firstLoad('/dashboard', (page) =>
    page.getByRole('heading', { level: 1, name: /^Welcome to / }).waitFor({ timeout: 60_000 }),
  );
  wizard = await firstLoad('/dashboard/customers/add-loan', (page) =>
    page.getByLabel('Customer phone number or national ID').waitFor({ timeout: 60_000 }),
  );
} finally {
  await portal.stop();
}

const loginOk = report('Login route (/)', login, BUDGETS.login, TARGETS.login);
const dashboardOk = report("Agent's dashboard after login (/dashboard, first load)", dashboard, BUDGETS.dashboard, TARGETS.dashboard);
const wizardOk = report(
  'Deposit wizard opened after login (/dashboard/customers/add-loan, first load)',
  wizard,
  BUDGETS.wizard,
  TARGETS.wizard,
);

const chunks = readdirSync('dist/assets')
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ f, gzip: gzipBytes(join('dist/assets', f)) }))
  .sort((a, b) => b.gzip - a.gzip);
console.log(`\nEvery chunk (${chunks.length}), largest first:`);
for (const c of chunks) console.log(`  ${kb(c.gzip).padStart(9)}  ${c.f}`);

if (!loginOk || !dashboardOk || !wizardOk) process.exit(1);
