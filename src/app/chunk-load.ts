import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

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
export type LazyChunk<C extends ComponentType<any>> = LazyExoticComponent<C> & { preload: () => Promise<unknown> };

/**
 * React.lazy over loadChunk: what the registry and the app's routes use for every code-split screen. `preload`
 * starts the same load early (the dashboard asks for the opened screen while the session still loads the roles);
 * the drawing then takes that load. A failed load is forgotten, so the next ask tries again.
 */
export function lazyChunk<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyChunk<C> {
  let loading: Promise<{ default: C }> | undefined;
  const once = () => {
    loading ??= loadChunk(load).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(once), { preload: once });
}
