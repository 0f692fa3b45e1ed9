import { createElement, lazy, startTransition, useEffect, useState, type ComponentProps, type ComponentType } from 'react';

/** How long a script chunk may take to load before it counts as failed (spec section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/**
 * A screen's code that did not arrive: the connection dropped, the server did not answer within the time-out, or
 * a new release replaced the files this page was built with. Whatever `import()` threw, the boundary
 * (chunk-error-boundary.tsx) shows the same message and offers to reload.
 */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(`Loading chunk failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof Error && error.name === 'ChunkLoadError';

/** A dynamic import that fails as a ChunkLoadError, and fails after `timeoutMs` rather than hang. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`no answer in ${timeoutMs / 1000} s`)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

/** A code-split screen that can be asked to load before it is drawn. */
export type LazyChunk<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  preload: () => Promise<unknown>;
  /** Whether its last load has arrived or failed: drawing it now would not wait (a failure is thrown to the boundary). */
  settled: () => boolean;
  eager?: true;
};

/** Bumped each time a chunk's load settles, for the drawings that wait on one (useChunksSettled). */
let settlements = 0;
const listeners = new Set<() => void>();
const announce = () => {
  settlements++;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/**
 * Whether all these chunks have arrived (or failed), starting the loads of those that have not. A place that would
 * draw them behind a Suspense boundary draws its own spinner instead until then: a fallback React has shown holds
 * back what replaces it until 300 ms after it showed, which on a first load delayed the page's first screen by that
 * much after its code was here (docs/decisions/050). The drawing that follows an arrival is a transition, which React
 * renders in slices as it does a Suspense boundary's retry: an update from an external store would be drawn in one
 * task, the layout and the screen together (the wizard's total blocking time rose by half).
 */
export function useChunksSettled(chunks: ReadonlyArray<LazyChunk<any>>): boolean {
  const [, setSettlements] = useState(settlements);
  const waiting = chunks.filter((chunk) => !chunk.settled());
  for (const chunk of waiting) void chunk.preload().catch(() => undefined);
  const done = waiting.length === 0;
  useEffect(() => {
    if (done) return;
    const update = () => startTransition(() => setSettlements(settlements));
    update(); // one may have settled between this drawing and now
    return subscribe(update);
  }, [done]);
  return done;
}

/**
 * React.lazy over loadChunk: what the registry and the app's routes use for every code-split screen. `preload`
 * starts the same load early (the dashboard asks for the opened screen while the session still loads the roles);
 * the drawing then takes that load. A failed load is forgotten, so the next ask tries again.
 *
 * A chunk that has arrived by the time it is first drawn is drawn at once, in the commit that draws it. React.lazy
 * would suspend on it all the same, until its own callback on the settled promise had run; the boundary's fallback
 * showed for that moment, and React holds back what replaces a fallback until 300 ms after it showed (docs/decisions/
 * 050 and 067). Each place keeps the way it was first drawn, so nothing is mounted afresh when the chunk arrives. The
 * places that draw a chunk wait for it with their own spinner (useChunksSettled), never with a Suspense fallback.
 */
export function lazyChunk<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyChunk<C> {
  let loading: Promise<{ default: C }> | undefined;
  let loaded: C | undefined;
  let failed = false;
  const once = () => {
    if (!loading) failed = false;
    loading ??= loadChunk(load).then(
      (module) => {
        loaded = module.default;
        announce();
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        failed = true;
        announce();
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(once);
  const settled = () => loaded !== undefined || failed;
  function Chunk(props: ComponentProps<C>) {
    const [arrived] = useState(() => loaded);
    return createElement((arrived ?? Lazy) as ComponentType<ComponentProps<C>>, props);
  }
  return Object.assign(Chunk, { preload: once, settled });
}

/**
 * A screen that comes with the dashboard's own code rather than as a chunk of its own: the layout draws it in its
 * first commit. The home page is one (docs/decisions/050): as a chunk it was fetched after the layout's, shown
 * behind the route's spinner, and React waits 300 ms after showing a fallback before it reveals what replaces it.
 */
export function eagerChunk<C extends ComponentType<any>>(component: C): LazyChunk<C> {
  return Object.assign(component, {
    preload: () => Promise.resolve(),
    settled: () => true,
    eager: true as const,
  }) as unknown as LazyChunk<C>;
}
