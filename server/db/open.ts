import { mkdirSync } from 'node:fs';
import type { Db } from './port';
import { openPgliteThread } from './pglite-threaded';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir, on a thread of its own unless told not to (decision 073). */
export async function openDb(options: { databaseUrl?: string; dataDir: string; poolSize?: number; pgliteThread?: boolean }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, undefined, options.poolSize);
  mkdirSync(options.dataDir, { recursive: true });
  return options.pgliteThread === false ? openPglite(options.dataDir) : openPgliteThread(options.dataDir);
}
