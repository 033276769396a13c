/**
 * Which shell parts each route shows (the route table and its banner groups): header,
 * banner group, footer and side menu, read from the one route table (route-table.ts). The shell and
 * the side menu read the same layouts through the matched route's handle (session/route-handle.ts);
 * this module serves the bootstrap (banner prefetch), tests and the Playwright specs.
 */
import type { RouteLayout } from '../session/route-handle';
import { CATEGORY_ROUTES, NOT_FOUND_LAYOUT, NOT_FOUND_ROUTE, ROUTES, routeOf } from './route-table';

export type { RouteLayout };
export { CATEGORY_ROUTES, NOT_FOUND_LAYOUT };

/** Route path to layout. Paths are matched exactly (case-sensitive, as the route table writes them). */
export const LAYOUTS: Readonly<Record<string, RouteLayout>> = Object.fromEntries(ROUTES.map((r) => [r.path, r.handle.layout]));

export function layoutFor(pathname: string): RouteLayout {
  return (routeOf(pathname) ?? NOT_FOUND_ROUTE).handle.layout;
}

/** Paths open without a token when the brand logs in before home. */
export const LOGIN_FREE_PATHS: readonly string[] = ROUTES.filter((r) => r.handle.loginFree).map((r) => r.path);
