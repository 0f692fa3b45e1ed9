import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { pageLoggedInAs } from './portal';
import { PROCESSES } from '../../src/app/processes/catalogue';

const url = inject('portalUrl');
let browser: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1400, height: 1000 } });
  page = await pageLoggedInAs(browser, 'finance');
});
afterAll(async () => {
  await browser?.close();
});

async function download(format: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download as ${format}` }).click()]);
  return readFileSync((await file.path())!, 'utf8');
}

describe('the process explorer, as an analyst', () => {
  it('lists every process, draws the session and shows where the user is now', async () => {
    const ui = playwrightUi(page);
    await page.goto(`${url}/dashboard`);
    await page.getByTestId('side-nav').getByRole('link', { name: 'Processes' }).click();
    for (const p of PROCESSES) await ui.see('button', p.machine.id);
    await ui.click('button', 'session');
    await ui.see('img', 'Statechart of session');
    await expect(page.getByTestId('live-view').textContent()).resolves.toContain('authenticated.ready');
    expect(await page.locator('[data-active="true"]').count()).toBeGreaterThanOrEqual(2);
  });

  it('explains a state when it is clicked, and lists the shortest path to every state', async () => {
    const ui = playwrightUi(page);
    await ui.click('button', 'authenticated.otp.verifying');
    const details = page.getByTestId('state-details');
    await details.waitFor();
    const text = (await details.textContent())!;
    expect(text).toContain('done: verifyOtp');
    expect(text).toContain('error: verifyOtp [attemptEnded]');
    expect(text).toContain('verifyOtp');
    expect(text).toContain('Shown on: /otp');
    await ui.click('button', 'Shortest path to every state');
    const paths = page.getByTestId('paths');
    await expect(paths.getByText(/^authenticated\.otp\.verifying:/).textContent()).resolves.toBe(
      'authenticated.otp.verifying: done: restoreSession [otpPending] → otp.submitted',
    );
    await expect(paths.getByText(/^loggedOut\.authenticating:/).textContent()).resolves.toContain('login.submitted');
  });

  it('zooms with the buttons', async () => {
    const ui = playwrightUi(page);
    await ui.click('button', 'Zoom in');
    await ui.see('button', '125%');
    await ui.click('button', '125%');
    await ui.see('button', '100%');
  });

  it('downloads the process as SCXML, Mermaid, JSON, SVG and PNG', async () => {
    expect(await download('SCXML')).toContain('<scxml xmlns="http://www.w3.org/2005/07/scxml"');
    expect(await download('MERMAID')).toMatch(/^stateDiagram-v2/);
    expect(JSON.parse(await download('JSON')).id).toBe('session');
    const svg = await download('SVG');
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('loadingRoles');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as PNG' }).click()]);
    const bytes = readFileSync((await png.path())!);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5000);
  });
});
