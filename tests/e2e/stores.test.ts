import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { imeiFor } from '../support/business-fixtures';
import { apiLogin, pageLoggedInAs, portalUrl } from './portal';

/**
 * Issue 12: a shop owner adds stock to one of their shops, sends two handsets to their other shop (in transit), and
 * the other shop receives them into its stock. On a phone's width, with axe on every step.
 */

let browser: BrowserContext;
const url = portalUrl();

beforeAll(async () => {
  browser = await launchChromium({ viewport: { width: 390, height: 844 } });
});
afterAll(async () => {
  await browser?.close();
});

async function axe(page: Page, label: string, within = 'main') {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).include(within).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html} ${n.failureSummary}`) }));
  expect(serious, `axe on ${label}`).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `sideways scroll on ${label}`,
  ).toBe(0);
}

describe('stock between a shop owner’s shops', () => {
  it('adds a batch, transfers two handsets, and the other shop receives them', async () => {
    const { accessToken } = await apiLogin('shopowner');
    const res = await fetch(`${url}/portal_api/api/v1/get_phone_stores`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({}),
    });
    const { stores } = (await res.json()) as { stores: Array<{ id: number; name: string }> };
    expect(stores).toHaveLength(2);
    const [from, to] = stores as [{ id: number; name: string }, { id: number; name: string }];
    const serial = Date.now() % 900_000;
    const imeis = [imeiFor(serial, '35777701'), imeiFor(serial + 1, '35777701')];

    const page = await pageLoggedInAs(browser, 'shopowner');
    await page.goto(`${url}/dashboard/inventory`);
    await page.getByRole('heading', { name: 'Inventory' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await axe(page, 'inventory');

    // A batch of two new handsets at the first shop.
    await page.getByRole('button', { name: 'Add a batch' }).click();
    const batch = page.getByRole('dialog');
    await batch.getByLabel('Store').selectOption(String(from.id));
    await batch.getByLabel('Model').selectOption({ index: 1 });
    await batch.getByLabel('IMEIs, one a line').fill(imeis.join('\n'));
    await axe(page, 'the batch form', '[role="dialog"]');
    await batch.getByRole('button', { name: 'Save' }).click();
    await page.getByText('2 handsets added.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // Sent to the other shop: in transit after a confirmation.
    await page.getByRole('tab', { name: 'Transfers' }).click();
    await page.getByRole('button', { name: 'Send handsets' }).click();
    const send = page.getByRole('dialog');
    await send.getByLabel('From').selectOption(String(from.id));
    await send.getByLabel('To', { exact: true }).selectOption(String(to.id));
    await send.getByLabel('IMEIs to send, one a line').fill(imeis.join('\n'));
    await send.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Send handsets' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    const row = page.getByRole('row').filter({ hasText: to.name }).filter({ hasText: 'In transit' }).first();
    await row.waitFor();
    await axe(page, 'the transfers');

    // Received at the other shop: both in stock there.
    await row.getByRole('button', { name: 'Receive' }).click();
    await page.getByText(`2 handsets from ${from.name} arrive at ${to.name}:`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Receive' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('tab', { name: 'Handsets' }).click();
    await page.getByLabel('IMEI (start) or model').fill(imeis[0]!.slice(0, 14));
    await page.getByRole('button', { name: 'Find' }).click();
    const received = page.getByRole('row').filter({ hasText: imeis[0]! });
    await received.filter({ hasText: to.name }).filter({ hasText: 'In stock' }).waitFor();
    await page.close();
  });
});
