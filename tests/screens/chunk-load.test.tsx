import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, type ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import { renderApp } from '../support/render-app';
import { jsdomUi } from '../support/ui-jsdom';
import { loggedInSession } from '../support/fake-session';
import { allowConsole } from '../setup/console';
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError, lazyChunk, loadChunk, useChunksSettled, type LazyChunk } from '../../src/app/chunk-load';
import { ChunkErrorBoundary } from '../../src/app/chunk-error-boundary';

vi.mock('../../src/services/settings', async (original) => {
  const actual = await original<typeof import('../../src/services/settings')>();
  const { fromPromise } = await import('xstate');
  return { ...actual, loadSettings: fromPromise(async () => ({ company: 'Simu Test' })) };
});

// The users screen's chunk does not arrive: as when a release replaced it while the agent worked.
vi.mock('../../src/screens/users/users-screen', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/users-screen-3f9a1c.js');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a screen whose code fails to load', () => {
  it('says "Loading chunk failed" with a reload button inside the dashboard, and the user stays logged in', async () => {
    allowConsole(); // React reports the error the boundary caught
    await renderApp('/dashboard/users', loggedInSession(['VIEW_USERS']));
    const ui = jsdomUi();
    await ui.see('heading', 'Loading chunk failed');
    await ui.seeText(
      'A part of the portal could not be loaded: the connection dropped, or a new version was released. Reload the page; you stay logged in.',
    );
    await ui.see('button', 'Reload');
    // Still signed in: the top bar and the navigation are there, and another screen loads.
    await ui.see('button', /^User menu: /);
    await ui.click('link', 'Dashboard');
    await ui.see('heading', 'Welcome to Simu Test');
    expect(screen.queryByRole('heading', { name: 'Loading chunk failed' })).toBeNull();
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('speaks the language chosen', async () => {
    allowConsole();
    await renderApp('/dashboard/users', loggedInSession(['VIEW_USERS']));
    const { i18n } = await import('../../src/i18n');
    await i18n.changeLanguage('sw');
    const ui = jsdomUi();
    await ui.see('heading', 'Imeshindikana kupakia sehemu ya ukurasa');
    await ui.see('button', 'Pakia upya');
  });
});

describe('loadChunk', () => {
  it('fails a chunk that has not arrived after 120 s, and not before', async () => {
    vi.useFakeTimers();
    let settled: unknown = 'pending';
    loadChunk(() => new Promise(() => undefined)).then(
      () => (settled = 'loaded'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(isChunkLoadError(settled)).toBe(true);
    expect((settled as Error).message).toBe('Loading chunk failed: no answer in 120 s');
  });

  it('passes a chunk that arrives, and turns any failure of the import into a chunk load error', async () => {
    await expect(loadChunk(async () => ({ default: 'screen' }))).resolves.toEqual({ default: 'screen' });
    const failed = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch'))).catch((error: unknown) => error);
    expect(isChunkLoadError(failed)).toBe(true);
  });
});

describe('lazyChunk and useChunksSettled (decision 050)', () => {
  /** A chunk whose import the test settles. */
  function controlled() {
    let arrive: (module: { default: () => ReactElement }) => void = () => undefined;
    let fail: (error: unknown) => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve, reject) => {
          arrive = resolve;
          fail = reject;
        }),
    );
    const chunk = lazyChunk(load);
    return { chunk, load, arrive: (text: string) => arrive({ default: () => <p>{text}</p> }), fail: (error: unknown) => fail(error) };
  }

  function Waiting({ chunk: Chunk }: { chunk: LazyChunk<() => ReactElement> }) {
    const here = useChunksSettled([Chunk]);
    return here ? <Chunk /> : <p>own spinner</p>;
  }

  it('draws a chunk that arrived before it is drawn at once, never showing the fallback', async () => {
    const { chunk, arrive } = controlled();
    const loading = chunk.preload();
    arrive('the screen');
    await loading;
    const fallbacks: string[] = [];
    function Fallback() {
      fallbacks.push('shown');
      return <p>fallback</p>;
    }
    const Chunk = chunk;
    render(
      <Suspense fallback={<Fallback />}>
        <Chunk />
      </Suspense>,
    );
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(fallbacks).toEqual([]);
  });

  it('waits with its own spinner until the chunk arrives, loading it once', async () => {
    const { chunk, load, arrive } = controlled();
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Waiting chunk={chunk} />
      </Suspense>,
    );
    expect(screen.getByText('own spinner')).toBeTruthy();
    expect(chunk.settled()).toBe(false);
    await act(async () => arrive('the screen'));
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands a chunk that failed to the error boundary, which says so', async () => {
    allowConsole();
    const { i18n } = await import('../../src/i18n');
    await i18n.changeLanguage('en');
    const { chunk, fail } = controlled();
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={<p>fallback</p>}>
          <Waiting chunk={chunk} />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(screen.getByText('own spinner')).toBeTruthy();
    await act(async () => fail(new TypeError('Failed to fetch')));
    // Drawn once settled: the lazy import is tried again, and fails the same way.
    await act(async () => fail(new TypeError('Failed to fetch')));
    await jsdomUi().see('heading', 'Loading chunk failed');
  });
});

describe('the one screen drawn with the layout (decision 050)', () => {
  it('is the home page; the entry starts the dashboard early on every page of it (decision 067)', async () => {
    const { isDashboardPage } = await import('../../src/app/app');
    expect(['/dashboard', '/dashboard/', '/dashboard/customers', '/dashboard/customers/add-loan'].map(isDashboardPage)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['/dashboards', '/', '/tnc', '/otp'].map(isDashboardPage)).toEqual([false, false, false, false]);
    const { REGISTRY } = await import('../../src/app/registry');
    const eager = REGISTRY.flatMap((entry) => (entry.kind === 'screen' && entry.screen?.eager ? [entry.path] : []));
    expect(eager).toEqual(['/dashboard']);
  });
});
