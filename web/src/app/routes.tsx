/**
 * The router over the one route table (route-table.ts): every route a child of the app layout
 * (session provider, shell, modal host), each showing its section, a chunk of its own.
 *
 * A declarative router (`<Router>` over the browser's history, `useRoutes`), not react-router's data
 * router: the app has no loaders or actions, and the data router is 16 KB gzip of the initial
 * JavaScript of every route (docs/decisions/035-initial-javascript-under-the-goals.md). What the data
 * router did for the app is done here:
 * - a navigation keeps the current page until the new section's chunk is in (the router's location
 *   changes once it is, in a transition), so no spinner takes the page's place meanwhile;
 * - a route that opens a modal (/login) opens it as the navigation starts, before the section
 *   renders, so the modal's chunk downloads beside the section's;
 * - a pre-rendered page hydrates with its section already loaded (`prepareHydration`).
 */
import { startTransition, use, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, createPath, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { AuthProvider } from '../session/auth';
import { RouteHandleContext, type RouteHandle } from '../session/route-handle';
import { ui } from '../session/ui-store';
import { deferredPartsLoaded, preloadDeferredParts, withChunkTimeout } from '../lib/lazy';
import { ModalHost } from './modal-host';
import { NOT_FOUND_ROUTE, REDIRECTS, REDIRECT_TARGETS, ROUTES, loadSection, routeOf, type SectionName } from './route-table';
import { Shell } from './shell';

/** A promise that says when it has settled, so React's `use` reads a settled one without suspending. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

const sections = new Map<SectionName, Tracked<{ Component: ComponentType }>>();

/**
 * The section's component, loaded once (with its namespaces). A chunk that fails (or takes longer
 * than the chunk timeout, CHUNK_TIMEOUT_MS) becomes a component that throws the ChunkLoadError, so
 * the shell's error boundary shows 'Page took too long to load, check network connectivity' with the
 * header still there, as for any section that fails to render; its retry reloads the page, since the
 * result is kept.
 */
function sectionModule(name: SectionName): Tracked<{ Component: ComponentType }> {
  let module = sections.get(name);
  if (!module) {
    const loading: Tracked<{ Component: ComponentType }> = withChunkTimeout(loadSection(name)).then(
      (m) => ({ Component: m.default }),
      (error: unknown) => ({
        Component: () => {
          throw error;
        },
      }),
    );
    void loading.then((value) => {
      loading.status = 'fulfilled';
      loading.value = value;
    });
    module = loading;
    sections.set(name, module);
  }
  return module;
}

/** A route's section: rendered at once when its chunk is in, else suspended until it is. */
function Section({ name }: { name: SectionName }) {
  const module: Promise<{ Component: ComponentType }> = sectionModule(name);
  const { Component } = use(module);
  return <Component />;
}

/** The path without trailing slashes, as the router matches it. */
function trimmed(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The section a path shows (a redirect's: its target's). */
function sectionOf(pathname: string): SectionName {
  const path = trimmed(pathname);
  return (routeOf(REDIRECT_TARGETS[path] ?? path) ?? NOT_FOUND_ROUTE).handle.section;
}

/** The handle of the route a path shows: its route's, none on a redirect, else the catch-all's. */
export function handleOf(pathname: string): RouteHandle | undefined {
  const path = trimmed(pathname);
  if (REDIRECT_TARGETS[path]) return undefined;
  return (routeOf(path) ?? NOT_FOUND_ROUTE).handle;
}

/**
 * Start fetching the chunk of the section a path shows, before the app renders: the bootstrap calls
 * this first, so the chunk downloads while config, status and permission are fetched instead of
 * after the router starts (page performance, docs/benchmarks.md). The route later gets the same
 * module; a failure here is left to the route to report.
 */
export function preloadSection(pathname: string): void {
  void sectionModule(sectionOf(pathname));
}

/**
 * A route whose handle names a modal (/login: the login modal over the home page) opens it as the
 * navigation to it starts, so the modal's chunk downloads while the route's own section loads
 * instead of after the new page has rendered (opened from an effect after that render, the modal
 * came seconds after the address on a loaded machine).
 */
export function openRouteModal(pathname: string): void {
  const modal = handleOf(pathname)?.opens;
  if (modal) ui.open(modal);
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

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...[...ROUTES, NOT_FOUND_ROUTE].map((route) => ({ path: route.path, caseSensitive: true, element: <Section name={route.handle.section} /> })),
      ...REDIRECTS,
    ],
  },
];

/** The route table rendered for the current address, with the matched route's handle. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return <RouteHandleContext value={handleOf(pathname)}>{useRoutes(appRoutes)}</RouteHandleContext>;
}

/**
 * The browser's router: react-router's `<Router>` over the browser history, as its BrowserRouter,
 * with the route's modal opened as each navigation starts. The new location renders in a transition,
 * so the current page stays while the next section's chunk loads.
 */
export function AppBrowserRouter({ children }: { children: ReactNode }) {
  const history = useRef<ReturnType<typeof createBrowserHistory>>(null);
  history.current ??= createBrowserHistory({ v5Compat: true });
  const browser = history.current;
  const [state, setState] = useState({ action: browser.action, location: browser.location });
  useLayoutEffect(() => {
    let latest = 0;
    const onChange = (update: { action: typeof browser.action; location: typeof browser.location }) => {
      openRouteModal(update.location.pathname);
      // The page changes once the next section is in (as react-router's data router did with a lazy
      // route): the current page stays meanwhile, never a spinner in its place. Only the newest
      // navigation is applied.
      const navigation = ++latest;
      const apply = () => {
        if (navigation === latest) startTransition(() => setState({ action: update.action, location: update.location }));
      };
      // The next page renders from scratch: its deferred parts (lib/lazy.ts deferredPart, declared
      // by the section's module) are waited for too, so none shows its fallback.
      const next = sectionModule(sectionOf(update.location.pathname));
      if (next.status === 'fulfilled' && deferredPartsLoaded()) apply();
      else void next.then(preloadDeferredParts).then(apply);
    };
    const unlisten = browser.listen(onChange);
    // The address may have changed between the first render and this subscription (a hydration
    // renders in slices that yield to the browser; a back button or a script's history change in
    // between fires no event the router hears): the router goes where the address now is.
    const now = browser.location;
    if (createPath(now) !== createPath(state.location)) onChange({ action: browser.action, location: now });
    return unlisten;
    // Only the subscription depends on the first render's location, taken once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [browser]);
  return (
    <Router location={state.location} navigationType={state.action} navigator={browser}>
      {children}
    </Router>
  );
}

/**
 * Before the first render (a pre-rendered page's hydration, or the plain start): the section of the
 * address is loaded, so the router's first render is the page itself, never a pending state, and a
 * pre-rendered page hydrates with the markup it was rendered with. A render from scratch (the plain
 * start, the pre-render) also waits for the deferred parts (lib/lazy.ts `deferredPart`: the shell's
 * and the section's), so they render in place; a hydration does not (`parts: false`): React keeps
 * their server HTML until their chunks are in (docs/decisions/039-deferred-hydration.md).
 */
export async function prepareFirstRender(pathname: string, { parts = true }: { parts?: boolean } = {}): Promise<void> {
  await sectionModule(sectionOf(pathname));
  if (parts) await preloadDeferredParts();
}
