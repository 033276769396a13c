/**
 * Theme: the brand may say dark or light, but the theme is forced to light on
 * start; a toggle switches to dark for the session. CSS variables do the rest (styles/theme.css).
 */
import { createStore, useStore } from '../lib/store';

export type Theme = 'light' | 'dark';

const themeStore = createStore<{ theme: Theme }>({ theme: 'light' });

function apply(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

/** Called once on start: always light, whatever was chosen before. */
export function forceLightTheme(): void {
  themeStore.set({ theme: 'light' });
  apply('light');
}

export function setTheme(theme: Theme): void {
  themeStore.set({ theme });
  apply(theme);
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useStore(themeStore, (s) => s.theme);
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
