import type { TestProject } from 'vitest/node';
import { startPortal } from './server';

let stop: (() => Promise<void>) | undefined;

/** One portal for the whole browser run; each test file opens its own Chromium. */
export default async function setup(project: TestProject) {
  const portal = await startPortal();
  stop = portal.stop;
  project.provide('portalUrl', portal.url);
  return async () => stop?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    portalUrl: string;
  }
}
