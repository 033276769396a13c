/**
 * Lazy sections with a chunk timeout (chunk load failure after 120 s, message
 * 'Page took too long to load, check network connectivity').
 */
import { Suspense, createElement, lazy, memo, use, useState, type ComponentType, type ReactNode } from 'react';
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

/** A promise that says when it has settled, so React's `use` reads a settled one without suspending. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

/** Marks `promise` fulfilled with its value once it is (React's `use` reads `status` and `value`). */
function tracked<T>(promise: Promise<T>): Tracked<T> {
  const marked: Tracked<T> = promise;
  marked.then(
    (value) => {
      marked.status = 'fulfilled';
      marked.value = value;
    },
    // The render that reads it reports the failure.
    () => {},
  );
  return marked;
}

/**
 * A component whose chunk is fetched ahead of its first render, to keep it out of the initial
 * JavaScript (docs/decisions/035-initial-javascript-under-the-goals.md): `preload()` starts the
 * download (or joins it); once the chunk is in, the component renders at once (no Suspense fallback,
 * not even for a frame), before that it suspends until it is. A chunk that fails throws its
 * ChunkLoadError to the nearest error boundary.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): { preload: () => Promise<ComponentType<P>>; loaded: () => boolean; Component: ComponentType<P> } {
  let module: Tracked<ComponentType<P>> | undefined;
  const preload = () => {
    module ??= tracked(withChunkTimeout(load()));
    return module;
  };
  function Preloaded(props: P) {
    const component: Promise<ComponentType<P>> = preload();
    return createElement(use(component), props);
  }
  return { preload, loaded: () => module?.status === 'fulfilled', Component: Preloaded };
}

/** Every deferred part's chunk (`deferredPart`), in the order they were declared. */
const deferredParts: { preload: () => Promise<unknown>; loaded: () => boolean }[] = [];

/**
 * Fetch every deferred part declared so far (a part is declared when the module using it runs, so
 * a section's parts are known once its chunk is in). Resolves when all are in; a part whose chunk
 * fails resolves too, its render throws the ChunkLoadError to the nearest error boundary.
 */
export function preloadDeferredParts(): Promise<void> {
  return Promise.all(deferredParts.map((part) => part.preload().catch(() => undefined))).then(() => undefined);
}

/** Whether every deferred part declared so far is in (then a render shows them all at once). */
export function deferredPartsLoaded(): boolean {
  return deferredParts.every((part) => part.loaded());
}

/**
 * A part of the first screen hydrated after the rest (docs/decisions/039-deferred-hydration.md): its
 * code is a chunk of its own, out of the initial JavaScript, and only `preloadDeferredParts` fetches
 * it (a render never does). The part renders in a Suspense boundary of its own: on a pre-rendered
 * page React keeps the part's server HTML as it is (same size, same place) while its chunk is not
 * in, hydrates the rest of the page, and hydrates the part once the chunk is in. The bootstrap
 * fetches the parts when the page is idle or at the visitor's first pointer, focus or key; a render
 * from scratch (the plain start, a navigation, the pre-render) waits for them first, so the fallback
 * is a last resort only (an update reaching the part before its chunk is in). The wrapper is
 * memoised: a re-render of the parent with equal props does not reach the boundary, which would make
 * React give up the server HTML for the fallback.
 */
export function deferredPart<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode | ((props: P) => ReactNode) = null): ComponentType<P> {
  let module: Tracked<ComponentType<P>> | undefined;
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const preload = (): Tracked<ComponentType<P>> => {
    if (!module) {
      module = tracked(withChunkTimeout(load()));
      open();
    }
    return module;
  };
  // What a render waits for before the parts are asked for: the chunk, once they are.
  const requested = gate.then(() => preload());
  requested.catch(() => {});
  deferredParts.push({ preload, loaded: () => module?.status === 'fulfilled' });
  function Part(props: P) {
    const component: Promise<ComponentType<P>> = module ?? requested;
    return createElement(use(component), props);
  }
  function Deferred(props: P) {
    return createElement(Suspense, { fallback: typeof fallback === 'function' ? fallback(props) : fallback }, createElement(Part, props));
  }
  return memo(Deferred) as unknown as ComponentType<P>;
}

/** Chunks of what only shows after an action (dialogs, popups): fetched when the page is idle. */
const idlePreloads: (() => Promise<unknown>)[] = [];

/** Have `preload` called when the page is idle (`preloadIdleChunks`). */
export function registerIdlePreload(preload: () => Promise<unknown>): void {
  idlePreloads.push(preload);
}

/** Fetch the chunks registered for idle time (the bootstrap calls this once the page is idle). */
export function preloadIdleChunks(): void {
  for (const preload of idlePreloads) void preload().catch(() => {});
}

/**
 * A component that shows only after an action (a dialog, a popup), out of the initial JavaScript
 * (docs/decisions/039-deferred-hydration.md): it renders nothing until `inUse(props)` first holds, then
 * its chunk (fetched when the page went idle, `preloadIdleChunks`, or now), and stays mounted after,
 * so it closes as it always did. Until the chunk is in, the action shows nothing for that moment.
 */
export function loadedOnFirstUse<P extends object>(load: () => Promise<ComponentType<P>>, inUse: (props: P) => boolean): ComponentType<P> {
  const part = preloadable(load);
  registerIdlePreload(part.preload);
  function OnFirstUse(props: P) {
    const [used, setUsed] = useState(false);
    const now = inUse(props);
    // Setting state while rendering: React renders again at once with `used` set.
    if (now && !used) setUsed(true);
    if (!now && !used) return null;
    return createElement(Suspense, { fallback: null }, createElement(part.Component, props));
  }
  return OnFirstUse;
}
