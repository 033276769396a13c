/**
 * What a route of the app's route table (app/route-table.ts) tells the rest of the app through its
 * `handle`: which shell parts it shows, its lazy section, whether it is open without a session, and
 * a modal it opens. The router (app/routes.tsx) provides the handle of the route the address
 * matches; features read it with `useRouteHandle()` rather than importing the table, which lives in
 * app/ because its lazy sections compose features.
 */
import { createContext, useContext } from 'react';
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

/** The matched route's handle; undefined on a route without one (a redirect). */
export const RouteHandleContext = createContext<RouteHandle | undefined>(undefined);

/** The handle of the route the address matches (the catch-all matches any other path). */
export function useRouteHandle(): RouteHandle | undefined {
  return useContext(RouteHandleContext);
}
