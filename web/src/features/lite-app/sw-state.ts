/**
 * What the service worker told the page (ADR 014): whether a new build is waiting, and how to
 * switch to it. Kept apart from the registration so nothing but main.tsx loads the Workbox client.
 */
import { createStore, useStore } from '../../lib/store';

interface SwState {
  /** A new build is installed and waits for the page to accept it. */
  needRefresh: boolean;
  /** Activates the waiting build and reloads the page on it. */
  update: (() => void) | null;
}

export const swStore = createStore<SwState>({ needRefresh: false, update: null });

export function useSwState<S>(selector: (state: SwState) => S): S {
  return useStore(swStore, selector);
}
