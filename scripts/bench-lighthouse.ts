/**
 * npm run bench:lighthouse [-- --url http://127.0.0.1:8080] [--runs 3] [--no-build]
 *
 * Lighthouse mobile (its default: simulated slow 4G, 4x CPU slowdown) with Debian's Chromium (CHROME_PATH or
 * /usr/bin/chromium), cold cache, on the login page, the agent's dashboard and the deposit wizard (logged in as the
 * demo agent): the median of `--runs` runs of each (3 by default; TBT varies a lot between runs on a shared
 * machine). Prints score, TBT and LCP per page. Without --url it builds the portal and starts it (demo mode, a
 * fresh PGlite) on a free port. For a logged-in page the session is written into localStorage from a same-origin
 * page that loads no app code (/portal_api/health), and Lighthouse runs with disableStorageReset: the HTTP cache is
 * still cold (a new browser per run).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const PAGES: Array<{ name: string; path: string; as: string | null }> = [
  { name: 'login', path: '/', as: null },
  { name: "agent's dashboard", path: '/dashboard', as: 'agent' },
  { name: 'deposit wizard', path: '/dashboard/customers/add-loan', as: 'agent' },
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startPortal(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!args.includes('--no-build')) execSync('npx vite build', { stdio: 'ignore' });
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'simu-lighthouse-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', PORTAL_MODE: 'demo', BRIDGE_URL: 'http://127.0.0.1:9' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000; // a fresh PGlite with the demo data takes minutes on a busy machine
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}):\n${output}`);
    if (
      await fetch(`${url}/portal_api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the portal did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function session(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/portal_api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username, password: process.env.BENCH_PASSWORD ?? 'Demo#2026' }),
  });
  const body = (await res.json()) as { accessToken: string; user: Record<string, unknown> };
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return JSON.stringify({ ...body.user, token: body.accessToken });
}

interface Run {
  score: number;
  tbt: number;
  lcp: number;
}

async function audit(url: string, page: (typeof PAGES)[number]): Promise<Run> {
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const tab = await browser.newPage();
    if (page.as) {
      const stored = await session(url, page.as);
      await tab.goto(`${url}/portal_api/health`);
      await tab.evaluate((value) => localStorage.setItem('user', value), stored);
    }
    const result = await lighthouse(
      `${url}${page.path}`,
      { onlyCategories: ['performance'], disableStorageReset: page.as !== null, logLevel: 'error', output: 'json' },
      undefined,
      tab,
    );
    const lhr = result!.lhr;
    return {
      score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      tbt: lhr.audits['total-blocking-time']!.numericValue ?? 0,
      lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? 0,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const portal = arg('url') ? { url: arg('url')!.replace(/\/$/, ''), stop: async () => undefined } : await startPortal();
try {
  console.log(`bench:lighthouse against ${portal.url}: mobile, cold cache, median of ${runs}\n`);
  console.log(`${'page'.padEnd(20)} ${'score'.padStart(6)} ${'TBT ms'.padStart(8)} ${'LCP s'.padStart(7)}   runs (score)`);
  for (const page of PAGES) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await audit(portal.url, page));
    const m = {
      score: median(results.map((r) => r.score)),
      tbt: median(results.map((r) => r.tbt)),
      lcp: median(results.map((r) => r.lcp)),
    };
    console.log(
      `${page.name.padEnd(20)} ${String(m.score).padStart(6)} ${m.tbt.toFixed(0).padStart(8)} ${(m.lcp / 1000).toFixed(1).padStart(7)}   ${results.map((r) => r.score).join(', ')}`,
    );
  }
} finally {
  await portal.stop();
}
