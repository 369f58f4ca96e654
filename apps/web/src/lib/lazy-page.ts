// Route-level code splitting: a route's page module is fetched when the route is first matched, and a
// fetch that neither loads nor fails within 120 s (spec §8) fails the route with a load error, which
// the route's errorElement turns into "Something went wrong. Please try again later." (spec §2).
import type { ReactNode } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router';

/** Spec §8: a script chunk that has not loaded after this long raises a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** `load()` (a dynamic import), failing with a ChunkLoadError after `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a script chunk timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}

/**
 * A route's `lazy`: loads the page module (with the time-out above) and renders its element. The
 * router keeps the current screen until the module is in, so there is no loading flash on navigation.
 */
export function lazyPage<M>(load: () => Promise<M>, render: (module: M) => ReactNode): LazyRouteFunction<RouteObject> {
  return async () => {
    const module = await loadChunk(load);
    return { element: render(module) };
  };
}
