/**
 * Lazy sections with a chunk timeout (chunk load failure after 120 s, message
 * 'Page took too long to load, check network connectivity').
 */
import { createElement, lazy, use, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config/constants';

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super('chunk load failed', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Race a dynamic import against the chunk timeout; any failure becomes a ChunkLoadError. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        window.clearTimeout(timer);
        reject(new ChunkLoadError(err));
      },
    );
  });
}

/** React.lazy over a module whose default export is the section component. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazySection<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => withChunkTimeout(load()));
}

/** Whether an error means a chunk could not be fetched (ours, or the browser's own wording). */
export function isChunkError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/**
 * A component whose chunk is fetched ahead of its first render, to keep it out of the initial
 * JavaScript (docs/decisions/035-initial-javascript-under-the-goals.md): `preload()` starts the
 * download (or joins it); once the chunk is in, the component renders at once (no Suspense fallback,
 * not even for a frame), before that it suspends until it is. A chunk that fails throws its
 * ChunkLoadError to the nearest error boundary.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): { preload: () => Promise<ComponentType<P>>; Component: ComponentType<P> } {
  // React's `use` reads a promise's `status` and `value` and returns a fulfilled one without suspending.
  let module: (Promise<ComponentType<P>> & { status?: 'fulfilled'; value?: ComponentType<P> }) | undefined;
  const preload = () => {
    if (!module) {
      const loading: Promise<ComponentType<P>> & { status?: 'fulfilled'; value?: ComponentType<P> } = withChunkTimeout(load());
      loading.then(
        (value) => {
          loading.status = 'fulfilled';
          loading.value = value;
        },
        // The render that reads it reports the failure.
        () => {},
      );
      module = loading;
    }
    return module;
  };
  function Preloaded(props: P) {
    const component: Promise<ComponentType<P>> = preload();
    return createElement(use(component), props);
  }
  return { preload, Component: Preloaded };
}
