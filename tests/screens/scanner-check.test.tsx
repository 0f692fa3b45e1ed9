import { Suspense } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startBridge } from '../../bridge/server';
import { i18n, i18nReady } from '../../src/i18n';
import { ChakraRoot } from '../../src/app/chakra-root';
import { WithLiveLogic } from '../../src/app/live-logic';
import ScannerCheckDialog from '../../src/screens/scanner/scanner-check-dialog';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';

/** The settings the top bar asks for when the logo is clicked (demo mode or not). */
const settings = vi.hoisted(() => ({ demo: true, device_bridge_url: '' }));
vi.mock('../../src/services/settings', async (original) => {
  const actual = await original<typeof import('../../src/services/settings')>();
  const { fromPromise } = await import('xstate');
  return { ...actual, loadSettings: fromPromise(async () => ({ company: 'Simu Test', ...settings })) };
});

// The device service is the simulator itself, over HTTP, told how to fail through its control route.
let bridge: Awaited<ReturnType<typeof startBridge>>;
beforeAll(async () => {
  bridge = await startBridge({ port: 0, captureDelayMs: 0, timeoutWaitMs: 0 });
  settings.device_bridge_url = bridge.url;
});
afterAll(() => bridge.close());
const tell = (body: unknown) =>
  fetch(`${bridge.url}/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function openDialog(language = 'en') {
  await i18nReady;
  await i18n.changeLanguage(language);
  render(
    <ChakraRoot>
      <WithLiveLogic>
        <Suspense fallback={null}>
          <ScannerCheckDialog open onClose={() => undefined} bridgeUrl={bridge.url} minQuality={60} />
        </Suspense>
      </WithLiveLogic>
    </ChakraRoot>,
  );
  return within(await screen.findByRole('dialog', {}, { timeout: 5000 }));
}

describe('scanner check dialog', () => {
  it('captures: the image, quality, NFIQ and the raw answer', async () => {
    await tell({ next: null, finger: 'any' });
    const dialog = await openDialog();
    expect(dialog.getByRole('heading', { name: 'Scanner check' })).toBeInTheDocument();
    expect(dialog.getByRole('status')).toHaveTextContent('Press Capture, then place a finger on the scanner.');
    await userEvent.click(dialog.getByRole('button', { name: 'Capture' }));
    const image = await dialog.findByRole('img', { name: 'Captured fingerprint' }, { timeout: 5000 });
    expect(image.getAttribute('src')).toMatch(/^data:image\/bmp;base64,Qk/);
    expect(dialog.getByRole('status')).toHaveTextContent('Fingerprint captured.');
    expect(dialog.getByText('Quality').nextElementSibling?.textContent).toMatch(/^\d+$/);
    expect(Number(dialog.getByText('Quality').nextElementSibling?.textContent)).toBeGreaterThanOrEqual(60);
    expect(dialog.getByText('NFIQ (1 best, 5 worst)')).toBeInTheDocument();
    const raw = dialog.getByLabelText('Raw answer of the scanner');
    expect(raw).toHaveTextContent('"ErrorCode": 0');
    expect(raw).toHaveTextContent('"Manufacturer": "SecuGen Corp."');
    expect(raw.textContent).toMatch(/"BMPBase64": "Qk[^"]*… \(\d+ characters\)"/);
    await userEvent.click(dialog.getByRole('button', { name: 'Capture again' }));
    expect(await dialog.findByRole('button', { name: 'Capture' })).toBeEnabled();
    expect(dialog.queryByRole('img', { name: 'Captured fingerprint' })).not.toBeInTheDocument();
  });

  it.each([
    ['timeout', 'Scanner timed out: place the finger on the scanner before proceeding'],
    ['no_device', 'The fingerprint device cannot be reached: check its connection and retry'],
    ['busy', 'The fingerprint device cannot be reached: check its connection and retry'],
    ['android_comm', 'There was a problem communicating with the scanner on Android'],
    ['critical', 'Unknown critical error: contact the web master'],
    ['low_quality', 'The fingerprint quality is too low: capture again'],
    ['converter_down', 'The fingerprint parser service cannot be reached: contact support'],
  ])('shows the failure when the device service answers %s, and captures on Retry', async (next, message) => {
    await tell({ next });
    const dialog = await openDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Capture' }));
    const alert = await dialog.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(message);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await dialog.findByRole('img', { name: 'Captured fingerprint' }, { timeout: 5000 })).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it in Swahili', async () => {
    await tell({ next: 'timeout' });
    const dialog = await openDialog('sw');
    await userEvent.click(dialog.getByRole('button', { name: 'Chukua' }));
    expect(await dialog.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Muda wa skana umekwisha');
    expect(dialog.getByRole('button', { name: 'Jaribu tena' })).toBeEnabled();
  });
});

describe('the logo in the top bar', () => {
  it('opens the scanner check in demo mode', async () => {
    settings.demo = true;
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER']));
    const ui = jsdomUi();
    await userEvent.click(await screen.findByTestId('brand-logo'));
    await ui.see('dialog', 'Scanner check');
    await ui.click('button', 'Close');
    await ui.notSee('dialog', 'Scanner check');
  });

  it('does nothing outside demo mode', async () => {
    settings.demo = false;
    await renderApp('/dashboard', loggedInSession(['FIND_CUSTOMER']));
    await userEvent.click(await screen.findByTestId('brand-logo'));
    await new Promise((r) => setTimeout(r, 100));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
