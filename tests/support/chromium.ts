import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, on an empty profile of its own (no browser download anywhere). */
export async function launchChromium(
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<BrowserContext> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'simu-chromium-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? 'en-US',
  });
}
