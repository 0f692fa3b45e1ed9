import { Suspense, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LiveLogicProvider, LoadedLiveLogic, useLiveLogic, type LiveLogicLoaders } from '../../src/screens/common/live-logic';

const PROCESSES = [{ id: 'first' }, { id: 'second' }] as never;

/** Loaders that fail the test if a name other than the processes is asked for. */
function loaders(processes: () => Promise<unknown>): LiveLogicLoaders {
  return new Proxy({} as LiveLogicLoaders, {
    get: (_, name) => (name === 'processes' ? processes : () => Promise.reject(new Error(`unexpected ${String(name)}`))),
  });
}

/** A screen that asks for its logic first and keeps state after: the order of most of the portal's screens. */
function Processes() {
  const processes = useLiveLogic('processes') as unknown as Array<{ id: string }>;
  const [shown] = useState(() => processes.length);
  return <p>{`${shown} processes`}</p>;
}

describe('live logic loaded one name at a time', () => {
  it('draws a screen whose logic arrives during its first render (React replays it) without a recoverable error', async () => {
    const logic = new LoadedLiveLogic(loaders(() => Promise.resolve(PROCESSES)));
    // A transition renders concurrently, as the app's Suspense retries do: React waits for the promise and replays
    // the suspended first render (outside act, which would not replay it).
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    startTransition(() =>
      root.render(
        <LiveLogicProvider logic={logic}>
          <Suspense fallback={<p>loading</p>}>
            <Processes />
          </Suspense>
        </LiveLogicProvider>,
      ),
    );
    expect(await screen.findByText('2 processes')).toBeTruthy();
    // React's recoverable errors go to console.error, which fails the test (tests/setup/console.ts).
    expect(vi.mocked(console.error)).not.toHaveBeenCalled();
    root.unmount();
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
  });

  it('loads a name once, suspends a render with its promise until it arrives, then answers it at once', async () => {
    const load = vi.fn(() => Promise.resolve(PROCESSES));
    const logic = new LoadedLiveLogic(loaders(load));
    const first = logic.get('processes');
    expect(logic.get('processes')).toBe(first);
    let thrown: unknown;
    try {
      logic.read('processes');
    } catch (promise) {
      thrown = promise;
    }
    expect(thrown).toBe(first);
    expect(await first).toBe(PROCESSES);
    expect(logic.read('processes')).toBe(PROCESSES);
    await logic.preload(['processes']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failure once for the chunk boundary, and loads again on the next ask', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(PROCESSES);
    const logic = new LoadedLiveLogic(loaders(load));
    await expect(logic.get('processes')).rejects.toThrow('chunk failed');
    expect(() => logic.read('processes')).toThrow('chunk failed');
    let again: unknown;
    try {
      logic.read('processes');
    } catch (promise) {
      again = promise;
    }
    expect(await (again as Promise<unknown>)).toBe(PROCESSES);
    expect(logic.read('processes')).toBe(PROCESSES);
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('starts names ahead side by side, once each, and leaves a failed one for the render that reads it', async () => {
    const asked: string[] = [];
    let fail = true;
    const logic = new LoadedLiveLogic(
      new Proxy({} as LiveLogicLoaders, {
        get: (_, name) => () => {
          asked.push(String(name));
          return name === 'settings' && fail ? Promise.reject(new Error('offline')) : Promise.resolve(PROCESSES);
        },
      }),
    );
    logic.start(['processes', 'settings']);
    logic.start(['processes']);
    expect(asked).toEqual(['processes', 'settings']);
    await logic.get('processes');
    await Promise.resolve();
    // The failure is not asked again by a start: the render that reads it reports it (its boundary offers a reload).
    fail = false;
    logic.start(['settings']);
    expect(asked).toEqual(['processes', 'settings']);
    expect(() => logic.read('settings')).toThrow('offline');
    logic.start(['settings']);
    expect(asked).toEqual(['processes', 'settings', 'settings']);
  });
});
