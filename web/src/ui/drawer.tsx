/**
 * The off-canvas drawer that the side menu becomes on phones (below 768 px, ADR 014): closed at
 * start, opened by the header's Menu button, closed by Escape, a tap outside or navigating; focus
 * moves into it on opening and back to the button on closing. The store is shared so the header
 * (button) and the side menu (panel) need not know about each other.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { createStore, useStore } from '../lib/store';
import { PHONE_QUERY, useMediaQuery } from './use-media-query';

/** The side menu's element id (aria-controls of the Menu button). */
export const DRAWER_ID = 'side-menu';
/** The Menu button's id: focus returns to it when the drawer closes. */
export const DRAWER_BUTTON_ID = 'drawer-button';

const drawerStore = createStore({ open: false });

export const drawer = {
  open: () => drawerStore.set({ open: true }),
  close: () => drawerStore.set({ open: false }),
  toggle: () => drawerStore.set((s) => ({ open: !s.open })),
};

/** Whether the drawer is open (only meaningful below 768 px). */
export function useDrawerOpen(): boolean {
  return useStore(drawerStore, (s) => s.open);
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The backdrop behind the open drawer, and the drawer's behaviour: Escape, navigation and growing
 * past phone width close it; focus goes to its first entry on opening and back to the Menu button on
 * closing. Render it once, next to the side menu.
 */
export function DrawerBackdrop() {
  const open = useDrawerOpen();
  const phone = useMediaQuery(PHONE_QUERY);
  const { pathname } = useLocation();
  const active = open && phone;
  const wasActive = useRef(false);

  // Navigating (a menu entry, the logo, the browser's back) closes it.
  useEffect(() => {
    drawer.close();
  }, [pathname]);

  useEffect(() => {
    if (!phone) drawer.close();
  }, [phone]);

  useEffect(() => {
    const panel = document.getElementById(DRAWER_ID);
    // The page behind the open drawer is out of reach of Tab and screen readers, as behind a modal.
    const page = panel?.parentElement?.querySelector<HTMLElement>('.shell__main');
    if (page) page.inert = active;
    if (active) {
      wasActive.current = true;
      // After the panel becomes visible (visibility is not transitioned on the way in).
      const frame = requestAnimationFrame(() => panel?.querySelector<HTMLElement>(FOCUSABLE)?.focus());
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Escape' && !event.defaultPrevented) drawer.close();
      };
      document.addEventListener('keydown', onKey);
      return () => {
        cancelAnimationFrame(frame);
        document.removeEventListener('keydown', onKey);
      };
    }
    if (wasActive.current) {
      wasActive.current = false;
      // Back to the button, unless focus already went somewhere outside the drawer (a modal, a page).
      const focus = document.activeElement;
      if (!focus || focus === document.body || panel?.contains(focus)) document.getElementById(DRAWER_BUTTON_ID)?.focus();
    }
    return undefined;
  }, [active]);

  if (!active) return null;
  // A pointer target only: keyboard users close it with Escape or the Menu button.
  return <div className="drawer-backdrop" aria-hidden="true" onClick={drawer.close} />;
}
