import { mkdirSync } from 'node:fs';
import type { Db } from './port';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when a URL is given, otherwise the embedded PGlite under dataDir. */
export async function openDb(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, undefined, options.poolSize);
  mkdirSync(options.dataDir, { recursive: true });
  return openPglite(options.dataDir);
}
