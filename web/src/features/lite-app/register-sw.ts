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
 */
import { swStore } from './sw-state';

/** How long Reload waits for the new worker to take control before reloading anyway. */
const TAKEOVER_TIMEOUT_MS = 5_000;

interface RegisterOptions {
  /** Reloads the page (tests pass a spy). */
  reload?: () => void;
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

  const offer = (waiting: ServiceWorker | undefined) => {
    const controller = container.controller;
    if (!waiting || !controller || waiting === controller || waiting.state !== 'installed') return;
    // A newer worker replacing this one withdraws the offer; its own "waiting" makes the next one.
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'redundant') swStore.set({ needRefresh: false, update: null });
    });
    swStore.set({ needRefresh: true, update: () => accept(waiting) });
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
