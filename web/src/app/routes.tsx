/**
 * The data router over the one route table (route-table.ts): every route a child of the app layout
 * (session provider, shell, modal host), each loading its section chunk through `lazy`.
 */
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router-dom';
import { AuthProvider } from '../session/auth';
import { ui } from '../session/ui-store';
import { PageSpinner } from '../ui/spinner';
import { ModalHost } from './modal-host';
import { NOT_FOUND_ROUTE, REDIRECTS, REDIRECT_TARGETS, ROUTES, loadSection, routeOf, type AppRoute } from './route-table';
import { Shell } from './shell';

/**
 * Start fetching the chunk of the section a path shows, before the app renders: the bootstrap calls
 * this first, so the chunk downloads while config, status and permission are fetched instead of
 * after the router starts (page performance, docs/benchmarks.md). The route's `lazy` later gets the
 * same module from the browser's module map; a failure here is left to the route to report.
 */
export function preloadSection(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  loadSection((routeOf(REDIRECT_TARGETS[path] ?? path) ?? NOT_FOUND_ROUTE).handle.section).catch(() => {});
}

/** Everything that needs the router: the session (it navigates on logout), the shell and the modals. */
function AppLayout() {
  return (
    <AuthProvider>
      <Shell />
      <ModalHost />
    </AuthProvider>
  );
}

/**
 * A route whose handle names a modal (/login: the login modal over the home page) opens it in its
 * loader, as the navigation starts, so the modal's chunk downloads while the route's own section
 * loads instead of after the new page has rendered. The data router updates the address bar when the
 * navigation completes and renders the page in a transition after that: opened from an effect after
 * that render, the modal came seconds after the address on a loaded machine.
 */
function withOpening(route: AppRoute): RouteObject {
  const modal = route.handle.opens;
  if (!modal) return route;
  return {
    ...route,
    loader: () => {
      ui.open(modal);
      return null;
    },
  };
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Only while the first route's chunk is still on its way (the bootstrap started it early).
    hydrateFallbackElement: (
      <div className="full-page">
        <PageSpinner />
      </div>
    ),
    children: [...ROUTES.map(withOpening), ...REDIRECTS, withOpening(NOT_FOUND_ROUTE)],
  },
];

let router: ReturnType<typeof createBrowserRouter> | undefined;
let hydrationData: HydrationState | undefined;

/**
 * Hydrating a pre-rendered page (docs/decisions/026-first-screen-in-the-html.md): the matched
 * routes' `lazy` is resolved before the router is made, and the loader data the pre-render saw is
 * handed over, so the router's first render is the page itself (not its hydrate fallback) and the
 * loaders do not run again.
 */
export async function prepareHydration(pathname: string, loaderData: HydrationState['loaderData']): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      const resolved = await lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
  hydrationData = { loaderData, actionData: null, errors: null };
}

/** The app's one router, made when the app first renders (after permission, so guards can read it). */
export function appRouter(): ReturnType<typeof createBrowserRouter> {
  router ??= createBrowserRouter(appRoutes, hydrationData ? { hydrationData } : undefined);
  return router;
}
