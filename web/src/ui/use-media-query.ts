/**
 * Media queries shared by CSS and behaviour. The breakpoints match the stylesheets: below 768 px the
 * side menu is an off-canvas drawer and modals are full-screen sheets; from 768 px to 1,199 px
 * (tablets) the side menu starts in mini mode.
 */
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 767px)';
export const TABLET_QUERY = '(min-width: 768px) and (max-width: 1199px)';

/** Whether a media query matches now; false where there is no `matchMedia` (tests, server). */
export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/** Re-renders when the media query starts or stops matching. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchesMedia(query),
    () => false,
  );
}
