/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the lite app's service worker (vite-plugin-pwa with Workbox; issue 16) in production
 * builds. A new build never takes over a page silently: the page shows the update prompt
 * (lite-app-notices.tsx) and reloads on the new build only when the player accepts; otherwise the new
 * build takes over once every tab of the portal has closed. Either way a page runs one build's chunks.
 */
import { registerSW } from 'virtual:pwa-register';
import { swStore } from './sw-state';

/** Call once at start; does nothing where service workers are unavailable (http, old browsers). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    // main.tsx calls this after the load event already.
    immediate: true,
    onNeedRefresh: () => swStore.set({ needRefresh: true }),
    onRegisterError: (error: unknown) => console.warn('Service worker registration failed', error),
  });
  swStore.set({ update: () => void update(true) });
}
