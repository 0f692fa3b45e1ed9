import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { playwrightUi } from '../support/ui-playwright';
import { pageLoggedInAs } from './portal';
import { PROCESSES } from '../../src/app/processes/catalogue';
import { checkPageAtBothWidths, watchConsole } from '../support/page-checks';

const url = inject('portalUrl');
let browser: BrowserContext;
let page: Page;
let watch: { errors: string[] };

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 1400, height: 1000 } });
  page = await pageLoggedInAs(browser, 'finance');
  watch = watchConsole(page);
});
afterAll(async () => {
  await browser?.close();
});

const drawn = (name: string) => () => page.getByRole('group', { name: `Statechart of ${name}` }).waitFor();

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
    await checkPageAtBothWidths(page, () => page.getByRole('heading', { name: 'Processes' }).waitFor());
    await ui.click('button', 'session');
    await ui.see('group', 'Statechart of session');
    await checkPageAtBothWidths(page, drawn('session'));
    await expect(page.getByTestId('live-view').textContent()).resolves.toContain('authenticated.ready');
    expect(await page.locator('[data-active="true"]').count()).toBeGreaterThanOrEqual(2);
  });

  it('explains a state when it is clicked, and lists the shortest path to every state', async () => {
    const ui = playwrightUi(page);
    await ui.click('button', 'Verifying (authenticated.otp.verifying)');
    const details = page.getByTestId('state-details');
    await details.waitFor();
    await checkPageAtBothWidths(page, () => details.waitFor());
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

  /** Each state's label: its rendered font size and whether it lies inside its box and clear of the other labels. */
  const labels = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('#process-diagram g[role="button"]')].map((g) => {
        const box = g.querySelector('rect')!.getBoundingClientRect();
        const text = g.querySelector('text')!.getBoundingClientRect();
        return { name: g.getAttribute('aria-label')!, px: text.height, box, text };
      }),
    );

  it('draws a long process readably: 12 px text or more at 100%, and at 156% every label inside its box, none overlapping', async () => {
    const ui = playwrightUi(page);
    await ui.click('button', 'firstDeposit');
    await ui.see('group', 'Statechart of firstDeposit');
    // The drawing comes into view.
    await expect(page.getByRole('heading', { name: 'firstDeposit', level: 2 }).isVisible()).resolves.toBe(true);
    const at100 = await labels();
    expect(at100.length).toBeGreaterThan(10);
    for (const l of at100) expect(l.px, l.name).toBeGreaterThanOrEqual(12);
    await ui.click('button', 'Zoom in');
    await ui.click('button', 'Zoom in');
    await ui.see('button', '156%');
    const at156 = await labels();
    for (const l of at156) {
      const inside = l.text.left >= l.box.left - 0.5 && l.text.right <= l.box.right + 0.5;
      expect(inside, `${l.name} runs over its box`).toBe(true);
    }
    const leaves = at156.filter((l) => l.box.height < 70);
    for (const a of leaves)
      for (const b of leaves) {
        if (a === b) continue;
        const overlap =
          a.text.left < b.text.right && b.text.left < a.text.right && a.text.top < b.text.bottom && b.text.top < a.text.bottom;
        expect(overlap, `${a.name} overlaps ${b.name}`).toBe(false);
      }
    await checkPageAtBothWidths(page, drawn('firstDeposit'));
    await ui.click('button', '156%');
    await ui.click('button', 'session');
    await ui.see('group', 'Statechart of session');
  });

  it('downloads the process as SCXML, Mermaid, JSON, SVG and PNG', async () => {
    expect(await download('SCXML')).toContain('<scxml xmlns="http://www.w3.org/2005/07/scxml"');
    expect(await download('MERMAID')).toMatch(/^stateDiagram-v2/);
    expect(JSON.parse(await download('JSON')).id).toBe('session');
    const svg = await download('SVG');
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Loading roles');
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as PNG' }).click()]);
    const bytes = readFileSync((await png.path())!);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5000);
    expect(watch.errors).toEqual([]);
  });
});
