import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Ui } from './ui';

/** The Ui of browser tests: Playwright locators in Chromium. */
export function playwrightUi(page: Page, timeout = 15_000): Ui {
  // The addresses the page went through, history changes included: a failure says how it came to be where it is.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  return {
    async fill(label, value) {
      await page.getByLabel(label, { exact: typeof label === 'string' }).fill(value, { timeout });
    },
    async click(role, name) {
      // A styled radio's native input is visually hidden under its label: the click lands on the label, as a user's does.
      await page.getByRole(role, { name, exact: typeof name === 'string' }).click({ timeout, force: role === 'radio' });
    },
    async select(label, value) {
      await page.getByLabel(label).selectOption(value, { timeout });
    },
    async see(role, name) {
      await page
        .getByRole(role, { name, exact: typeof name === 'string' })
        .first()
        .waitFor({ state: 'visible', timeout })
        .catch(async (error: Error) => {
          // What the page showed instead, for a failure seen once in CI and not again (the approvals journey, 2026-11-30).
          const shown = await page
            .locator('body')
            .innerText({ timeout: 1_000 })
            .catch(() => '(no text)');
          error.message += `\nThe page at ${page.url()} (having been at ${visited.join(' > ')}) showed: ${shown.replace(/\s+/g, ' ').slice(0, 600)}`;
          throw error;
        });
    },
    async seeText(text) {
      await page.getByText(text).first().waitFor({ state: 'visible', timeout });
    },
    async seeAlert(text) {
      await page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout });
    },
    async notSee(role, name) {
      await page
        .getByRole(role, { name, exact: typeof name === 'string' })
        .first()
        .waitFor({ state: 'detached', timeout });
    },
    async linkNames(testId) {
      const nav = page.getByTestId(testId);
      await nav.waitFor({ state: 'visible', timeout });
      const names = await nav.locator('a').allTextContents();
      return names.map((n) => n.trim());
    },
    async path() {
      return new URL(page.url()).pathname;
    },
  };
}

export { expect };
