/**
 * Registers the lite app's service worker (Workbox, built by vite-plugin-pwa) in production builds.
 * A new build never takes over a page silently: the page offers it (lite-app-notices.tsx) and
 * switches to it only when the player accepts; otherwise the new build takes over once every tab of
 * the portal has closed. Either way a page runs one build's chunks.
 *
 * The offer is made only when a new worker waits while an older one controls this page. The first
 * worker of a visit may also be seen "waiting" (Firefox, on a reload or navigation during its
 * install), but nothing older runs the page then, so there is nothing to switch from. Reload asks
 * the waiting worker to skip waiting and reloads once it controls the page; if nothing waits any
 * more (another tab switched), or the switch does not come, it reloads all the same
 * (docs/decisions/027-every-engine.md).
 *
 * Nor is a page offered the build it already runs. Pages come from the server while it can be
 * reached (docs/decisions/045-pages-from-the-server-under-the-service-worker.md), so a page loaded
 * after a deploy runs the new build under the old worker, and the new worker then waits behind it. The
 * waiting worker's script lists every file of its build; when it lists this page's own entry
 * script, there is nothing to switch to, and no offer is made (the worker takes over once the old
 * build's tabs have closed, or one of them accepts its own offer).
 */
import { swStore } from './sw-state';

/** How long Reload waits for the new worker to take control before reloading anyway. */
const TAKEOVER_TIMEOUT_MS = 5_000;

interface RegisterOptions {
  /** Reloads the page (tests pass a spy). */
  reload?: () => void;
}

/** The page's own entry script as its HTML names it (`/static/index-<hash>.js`), if it has one. */
function ownEntryScript(): string | null {
  return document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/**
 * Whether the worker script `text` belongs to the build of the entry script `entry`: its precache
 * list names that file (as `"static/index-<hash>.js"`, relative to the scope). The entry's name
 * changes with any script or style sheet of the build; two builds that share it differ at most in
 * static files, which need no switch.
 */
export function listsEntry(text: string, entry: string): boolean {
  const path = new URL(entry, window.location.origin).pathname.replace(/^\//, '');
  return path !== '' && text.includes(`"${path}"`);
}

/** Whether the worker at `scriptURL` is of this page's own build; false when it cannot be told. */
async function runsBuildOf(scriptURL: string, entry: string): Promise<boolean> {
  try {
    const response = await fetch(scriptURL, { cache: 'no-store' });
    return response.ok && listsEntry(await response.text(), entry);
  } catch {
    return false;
  }
}

/** Call once at start; does nothing where service workers are unavailable (http, old browsers). */
export function registerServiceWorker({ reload = () => window.location.reload() }: RegisterOptions = {}): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;

  /** Switches the page to `waiting`, then reloads: exactly once. */
  const accept = (waiting: ServiceWorker) => {
    let done = false;
    const reloadOnce = () => {
      if (done) return;
      done = true;
      container.removeEventListener('controllerchange', reloadOnce);
      reload();
    };
    if (waiting.state !== 'installed') {
      reloadOnce();
      return;
    }
    container.addEventListener('controllerchange', reloadOnce);
    window.setTimeout(reloadOnce, TAKEOVER_TIMEOUT_MS);
    waiting.postMessage({ type: 'SKIP_WAITING' });
  };

  const makeOffer = (waiting: ServiceWorker) => {
    // A newer worker replacing this one withdraws the offer; its own "waiting" makes the next one.
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'redundant') swStore.set({ needRefresh: false, update: null });
    });
    swStore.set({ needRefresh: true, update: () => accept(waiting) });
  };

  const offer = (waiting: ServiceWorker | undefined) => {
    const controller = container.controller;
    if (!waiting || !controller || waiting === controller || waiting.state !== 'installed') return;
    const entry = ownEntryScript();
    // A page without an entry script of the build (none outside a production page) cannot tell.
    if (!entry) {
      makeOffer(waiting);
      return;
    }
    void runsBuildOf(waiting.scriptURL, entry).then((same) => {
      if (!same && waiting.state === 'installed') makeOffer(waiting);
    });
  };

  void import('workbox-window')
    .then(({ Workbox }) => {
      const wb = new Workbox('/sw.js', { scope: '/' });
      // Workbox says "waiting" for a worker of this page's own registration and for one another tab
      // installed (isExternal) alike; offer() decides from what controls the page.
      wb.addEventListener('waiting', (event) => offer(event.sw));
      // main.tsx calls this after the load event already.
      return wb.register({ immediate: true });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
