/**
 * What a route of the app's route table (app/route-table.ts) tells the rest of the app through its
 * react-router `handle`: which shell parts it shows, its lazy section, whether it is open without a
 * session, and a modal it opens. Features read it with `useRouteHandle()` rather than importing the
 * table, which lives in app/ because its lazy sections compose features.
 */
import { useMatches } from 'react-router-dom';
import type { ModalName } from './ui-store';

/** Which shell parts a route shows (the route table and its banner groups). */
export interface RouteLayout {
  /** Top header bar. */
  header: boolean;
  /** Banner group of the route's carousel, or null for none. */
  banner: string | null;
  footer: boolean;
  sideMenu: boolean;
  /**
   * /seamless and /vnlottery: top and side bars hidden unless the menu setting (topBar/sideBar)
   * allows them; the side menu arrow then toggles them.
   */
  barsByFlag?: boolean;
}

export interface RouteHandle {
  layout: RouteLayout;
  /** The lazy section (a chunk of its own, app/sections/<section>.ts) the route shows. */
  section: string;
  /** Open without a token when the brand logs in before home. */
  loginFree: boolean;
  /** A modal the route opens when it is entered (/login: the login modal over the home page). */
  opens?: ModalName;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'layout' in handle && 'section' in handle;
}

/** The handle of the deepest matched route that has one (the catch-all matches any other path). */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
