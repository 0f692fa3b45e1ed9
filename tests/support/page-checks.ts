import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * What every browser journey checks on every screen it visits (issue 17): axe-core's WCAG 2 A and AA rules with no
 * serious or critical violation, at 1280 px and at 360 px, no sideways scrolling at 360 px, and no console error.
 */

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 360, height: 740 } as const;

/** The serious and critical axe violations on the page as it is now, one line per element: rule, target, html. */
export async function axeViolations(page: Page): Promise<string[]> {
  // The page at rest: no hover shade under the pointer.
  await page.mouse.move(0, 0);
  // ...and no entrance still fading in: axe would measure a half-transparent text's contrast.
  // (Spinners loop for ever: only the animations that end are awaited.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol: the portal's Content-Security-Policy does not apply to it.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')} ${n.html}`));
  });
}

/** How many CSS pixels the page scrolls sideways (0 when it fits its viewport). */
export const sidewaysScroll = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/**
 * The console errors and uncaught exceptions of a page from now on. Read `errors` at the end of a journey:
 * `expect(watch.errors).toEqual([])`.
 */
export function watchConsole(page: Page): { errors: string[] } {
  const watch = { errors: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(String(error)));
  return watch;
}

/**
 * Checks the screen as it is at both widths: axe at 1280 px and at 360 px (0 serious or critical), and no sideways
 * scrolling at 360 px. `ready` is awaited after each resize (e.g. a heading visible) before the checks; the page is
 * left at the width it had.
 */
export async function checkPageAtBothWidths(page: Page, ready: () => Promise<unknown> = async () => undefined): Promise<void> {
  const before = page.viewportSize() ?? DESKTOP;
  const failures: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await ready();
    failures.push(...(await axeViolations(page)).map((v) => `${size.width}px ${v}`));
    if (size.width === PHONE.width) {
      const sideways = await sidewaysScroll(page);
      if (sideways > 0) failures.push(`${size.width}px: the page scrolls ${sideways}px sideways`);
    }
  }
  await page.setViewportSize(before);
  await ready();
  if (failures.length > 0) throw new Error(`${page.url()}\n${failures.join('\n')}`);
}
