import { z } from 'zod';
import { startBridge } from './server';

/** `tsx bridge/main.ts`: the biometric device service simulator on its own (BRIDGE_PORT, default 8765). */
const env = z
  .object({
    BRIDGE_PORT: z.coerce.number().int().min(0).max(65535).default(8765),
    BRIDGE_HOST: z.string().min(1).default('127.0.0.1'),
    BRIDGE_CAPTURE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(600),
  })
  .safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')));
if (!env.success) {
  console.error(`Refusing to start, bad environment:\n  ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`);
  process.exit(1);
}

const bridge = await startBridge({
  port: env.data.BRIDGE_PORT,
  host: env.data.BRIDGE_HOST,
  captureDelayMs: env.data.BRIDGE_CAPTURE_DELAY_MS,
});
console.log(`biometric device service simulator at ${bridge.url}`);
const shutdown = () => void bridge.close().then(() => process.exit(0));
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
