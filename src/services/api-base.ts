/**
 * Where /portal_api lives: same origin by default, PORTAL_API_URL at build time to point elsewhere. Outside Vite
 * (the statecharts script loads the registry, and so the HTTP client, in plain Node) there is no import.meta.env.
 */
export const API_BASE = `${(import.meta.env?.PORTAL_API_URL ?? '').replace(/\/$/, '')}/portal_api`;

/** How long a call waits for its answer before it fails (ky's timeout, and the early calls' own). */
export const CALL_TIMEOUT_MS = 30_000;
