import { existsSync, readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { loadConfig } from './config';
import { openDb } from './db/open';
import { migrate } from './db/migrate';
import { vacuumEmbedded } from './db/vacuum';
import { seedDemo, seedProduction } from './db/seed';
import { systemClock } from './clock';
import { createSimulators, startSimulators } from './adapters/simulators';
import { createApp } from './app';
import { inlineScriptHashes, nodeServerOptions } from './http-surface';
import { startWorkers } from './workers';
import { staticFiles } from './static';
// eslint-disable-next-line boundaries/dependencies -- the one exception (docs/architecture.md): demo mode starts the biometric bridge simulator beside the portal
import { startBridge } from '../bridge/server';

const config = loadConfig();
const db = await openDb(config);
await migrate(db);
if (config.mode === 'demo') {
  const seeded = await seedDemo(db, { now: systemClock.now(), seed: config.demoSeed, companyName: config.companyName });
  if (seeded)
    console.log('Demo data seeded (users: admin, agent, shopowner, approver, finance, collector, callcentre; password Demo#2026)');
} else {
  await seedProduction(db, config.companyName);
}
// The embedded database vacuumed and its planner statistics gathered: it runs no autovacuum (decisions 066, 069).
await vacuumEmbedded(db, systemClock.now());

// Demo mode: the biometric device service simulator beside the server, unless one already listens there.
const bridge =
  config.bridgePort === null
    ? null
    : await startBridge({ port: config.bridgePort, host: config.host, captureDelayMs: 600 }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EADDRINUSE') throw error;
        console.warn(`BRIDGE_PORT ${config.bridgePort} is taken: using the device service already there`);
        return null;
      });
if (bridge) console.log(`biometric device service simulator at ${bridge.url}`);

const simulators = createSimulators(db, systemClock);
const built = existsSync('dist/index.html');
if (!built) console.warn('dist/ is missing: run `npm run build` (npm start does) to serve the portal');
const { app, deps } = createApp({
  db,
  clock: systemClock,
  adapters: simulators.adapters,
  config: { ...config, bridgeUrl: bridge?.url ?? config.bridgeUrl },
  // The CSP allows exactly the inline scripts of the built page (the theme script), by hash.
  scriptHashes: built ? inlineScriptHashes(readFileSync('dist/index.html', 'utf8')) : [],
});

// The built portal from memory, precompressed at build (server/static.ts); every other path is index.html.
app.use('*', staticFiles('dist'));

// Headers and body must arrive within their time-outs: a client trickling a byte every few seconds is cut off.
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: nodeServerOptions() }, (info) => {
  console.log(`simu-portal (${config.mode}, ${db.kind}) at http://${info.address}:${info.port}`);
  startSimulators(simulators, info);
  // Lock commands go to the lock provider every few seconds; the loans are aged now and every hour (unless this copy
  // only answers requests: WORKERS=off).
  if (config.workers) startWorkers(deps);
  else console.log('background work off on this copy (WORKERS=off)');
});

const shutdown = () => {
  server.close();
  void bridge?.close();
  void db.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
