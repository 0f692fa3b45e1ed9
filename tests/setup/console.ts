import { afterEach, beforeEach, vi } from 'vitest';
import { format } from 'node:util';

/** console.error and console.warn fail a test unless it calls allowConsole() first. */
let unexpected: string[] = [];
let allowed = false;

export function allowConsole() {
  allowed = true;
}

beforeEach(() => {
  unexpected = [];
  allowed = false;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (!allowed) unexpected.push(`console.${level}: ${format(...args)}`);
    });
  }
});

afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  vi.mocked(console.warn).mockRestore?.();
  if (unexpected.length) throw new Error(`Unexpected console output:\n${unexpected.join('\n')}`);
});
