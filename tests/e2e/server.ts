import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { startBridge } from '../../bridge/server';

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
 * The real portal as `npm start` runs it (built dist/, demo mode, a PGlite of its own), on a free port, with the
 * biometric device service simulator on another free port (quick captures; a time-out answers at once).
 */
export async function startPortal(): Promise<{ url: string; bridgeUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const bridge = await startBridge({ port: 0, captureDelayMs: 50, timeoutWaitMs: 200 });
  const dataDir = mkdtempSync(join(tmpdir(), 'simu-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      PORTAL_MODE: 'demo',
      NODE_ENV: 'test',
      BRIDGE_URL: bridge.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/portal_api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the portal did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    bridgeUrl: bridge.url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await bridge.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
