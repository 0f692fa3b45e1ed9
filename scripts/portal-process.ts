import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queryOf, rolesQuery } from '../src/services/early-calls';

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

/**
 * The built portal as `npm start` serves it (dist/, demo mode) on a free port, for the benchmarks: on a fresh PGlite
 * with the demo data, or on the PostgreSQL of `databaseUrl` (bench:api after `npm run seed:scale`). dist/ must be
 * built first: the server reads it when it starts. The measured copy does no background work (WORKERS=off): the
 * ageing run, the analytics snapshot and the rollups are one other copy's work in production; here they started
 * with the server and took the cores the pages and calls were measured on (8.4 s of CPU in its first 30 s).
 */
export async function startDemoPortal({ databaseUrl = '' }: { databaseUrl?: string } = {}): Promise<{
  url: string;
  pid: number | null;
  stop: () => Promise<void>;
}> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'simu-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORTAL_MODE: 'demo',
      BRIDGE_URL: 'http://127.0.0.1:9',
      WORKERS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Awaited by every stop(): a second stop (a failed run's finally, then its error handler) must not wait for an
  // 'exit' that has already been sent, or the bench's process ends with code 0 instead of its error.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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
    pid: child.pid ?? null,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * What a login leaves in localStorage (services/session-store.ts), key by key: the API's user with its token under
 * `user`, the group's roles under `roles` and the portal's settings under `settings` (the session loads both right
 * after the login and keeps them). A
 * signed-in page opened later in a new browser window starts from these, as the benchmarks' cold loads do.
 */
export async function storedSession(url: string, username: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/portal_api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strategy: 'local', username, password: process.env.BENCH_PASSWORD ?? 'Demo#2026' }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string; user: { group: { id: number } } & Record<string, unknown> };
  const groupId = body.user.group.id;
  const roles = await fetch(`${url}/portal_api/prerequisites/admin-group-roles?${queryOf(rolesQuery(groupId))}`, {
    headers: { authorization: `Bearer ${body.accessToken}` },
  });
  if (!roles.ok) throw new Error(`roles of ${username}: ${roles.status} ${await roles.text()}`);
  const { data } = (await roles.json()) as { data: Array<{ admin_role: string }> };
  // The login reads the settings beside the roles and keeps them (src/services/session.ts, docs/decisions/050).
  const settings = await fetch(`${url}/portal_api/settings`, { headers: { authorization: `Bearer ${body.accessToken}` } });
  if (!settings.ok) throw new Error(`settings for ${username}: ${settings.status} ${await settings.text()}`);
  const { company, device_bridge_url, demo } = (await settings.json()) as { company: string; device_bridge_url: string; demo: boolean };
  return {
    user: JSON.stringify({ ...body.user, token: body.accessToken }),
    roles: JSON.stringify({ groupId, roles: data.map((row) => row.admin_role) }),
    settings: JSON.stringify({ company, device_bridge_url, demo }),
  };
}
