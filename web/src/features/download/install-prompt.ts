/**
 * "Install the lite app" (ADR 014): Chromium browsers fire `beforeinstallprompt` once, early, when
 * the portal is installable; it is kept here until the /down page or the app-download modal offers
 * it. Safari has no such event: those screens show the Share → Add to Home Screen steps instead.
 */
import { createStore, useStore } from '../../lib/store';

/** The event Chromium fires (not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

const store = createStore<InstallState>({ prompt: null, installed: false });

/** Start listening at boot (main.tsx), before any screen that offers the install is open. */
export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini bar away: the download screens offer the install themselves.
    event.preventDefault();
    store.set({ prompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => store.set({ prompt: null, installed: true }));
}

/** The pending install prompt, if the browser gave one, and whether the app got installed. */
export function useInstallPrompt(): InstallState & { install: () => Promise<void> } {
  const state = useStore(store, (s) => s);
  return {
    ...state,
    install: async () => {
      const prompt = store.get().prompt;
      if (!prompt) return;
      await prompt.prompt();
      const choice = await prompt.userChoice;
      // A prompt can be shown only once.
      store.set({ prompt: null, installed: choice.outcome === 'accepted' });
    },
  };
}

/** Whether the portal already runs as an installed app. */
export function runsStandalone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches;
}
