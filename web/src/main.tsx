/**
 * Bootstrap (before the route guard and the root render): store the merchant code from the
 * runtime config, call system status and permission (the main bootstrap), use a URL token on a
 * normal start, load the analytics id, then mount. The theme is forced to light on start.
 *
 * Page performance: what the first screen needs is started as early as it can be
 * rather than after the first render: the route's section chunk at once, the vendor list (side
 * menu and navigation) and the route's banners beside permission, and the first banner image (the
 * largest paint of the pages with a carousel) as soon as its address is known.
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { configureApi } from './api/client';
import { vendorsQuery } from './api/queries/games';
import { bannersQuery, permissionQuery, systemStatusQuery } from './api/queries/system';
import { installAnalytics } from './app/analytics';
import { layoutFor } from './app/layout-table';
import { queryClient } from './app/query-client';
import { Root } from './app/root';
import { openRouteModal, prepareFirstRender, preloadSection } from './app/routes';
import { preloadDeferredParts, preloadIdleChunks } from './lib/lazy';
import { loadRuntimeConfig } from './app/runtime-config';
import { forceLightTheme } from './session/theme';
import { prepareMoneyFormats } from './ui/format';
import { consumeUrlToken } from './app/url-token';
import { listenForInstallPrompt } from './features/download/install-prompt';
import { currentLanguageCode, initI18n, onLanguageChanged } from './i18n';
import type { Permission } from './api/types';
import { PLAIN_ATTRIBUTE, PRERENDERED_ATTRIBUTE, STATE_ELEMENT_ID, readPrerenderedState, type PrerenderedState } from './prerender/state';
import './styles/global.css';

/** How long the first render may wait for the vendor list once permission is in. */
const VENDOR_LIST_WAIT_MS = 400;

/** Preload the first banner of the route's group, once the banners call has answered. */
function prefetchBanners(pathname: string): void {
  const group = layoutFor(pathname).banner;
  if (!group) return;
  void queryClient.fetchQuery(bannersQuery(group)).then(
    (banners) => {
      const first = banners[0]?.url;
      if (!first) return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = first;
      link.fetchPriority = 'high';
      document.head.appendChild(link);
    },
    // The shell's own query shows the failure and retries.
    () => {},
  );
}

/**
 * Runs `task` once the page is quiet: after the window's load event, when the main thread is next
 * idle (within 10 s), at once if both have happened.
 */
function whenLoadedAndIdle(task: () => void): void {
  const idle = () => {
    // Safari before 26 has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 10_000 });
    else setTimeout(task, 2_000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The lite app's service worker, production builds only, once the page is idle. */
function registerServiceWorkerLater(): void {
  // The lite app's service worker, production builds only (the dev server stays as it
  // is), once the first screen is up and the page is idle: its script and its precache download
  // (the whole app shell) never compete with the first screen on a phone's connection.
  if (import.meta.env.PROD) whenLoadedAndIdle(() => void import('./features/lite-app/register-sw').then((sw) => sw.registerServiceWorker()));
}

/**
 * The page came pre-rendered for this visitor (docs/decisions/026-first-screen-in-the-html.md): the
 * app hydrates over it with the data it was rendered from (no call asks for it again: the server
 * renders its pages again before that data is older than the app keeps it fresh, so it counts as
 * fetched now), in its language, with the route's chunk and loader data in place first.
 */
async function hydratePrerendered(state: PrerenderedState, container: HTMLElement): Promise<void> {
  const { pathname } = window.location;
  preloadSection(pathname);
  configureApi({ baseUrl: state.config.gatewayUrl, merchant: state.config.merchant, language: currentLanguageCode });
  const now = Date.now();
  hydrate(queryClient, {
    ...state.queries,
    queries: state.queries.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })),
  });
  openRouteModal(pathname);
  await Promise.all([initI18n(state.language), prepareFirstRender(pathname, { parts: false })]);
  onLanguageChanged(() => void queryClient.invalidateQueries());
  installAnalytics(queryClient.getQueryData<Permission>(permissionQuery.queryKey)?.gtagId);
  // Hydration in a transition goes in slices that yield to the browser between them, as the render
  // from scratch below does: outside one React hydrates the whole page in one task (about 300 ms of
  // main thread on a slowed phone CPU) and input waits for all of it.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <Root />
      </StrictMode>,
    );
  });
  // Between the hydration's slices, before the first list of amounts arrives.
  window.setTimeout(prepareMoneyFormats, 0);
  loadDeferredPartsSoon();
  loadIdleChunksLater();
  registerServiceWorkerLater();
}

/**
 * The parts of the first screen that hydrate after the rest (the side menu, the register form:
 * lib/lazy.ts `deferredPart`, docs/decisions/039-deferred-hydration.md) are fetched once the page has
 * loaded (its images, the largest paint among them, are in: the parts do not compete with them on a
 * phone's connection), or sooner at the visitor's first pointer over the page, touch, focus or key,
 * so they are in before the visitor acts on them. Not waiting for an idle moment: on a busy phone
 * that can be seconds, and the side menu is on screen.
 */
function loadDeferredPartsSoon(): void {
  const events = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    for (const type of events) window.removeEventListener(type, load, true);
    void preloadDeferredParts();
  };
  for (const type of events) window.addEventListener(type, load, { capture: true, passive: true });
  if (document.readyState === 'complete') window.setTimeout(load, 0);
  else window.addEventListener('load', load, { once: true });
}

/** What only shows after an action (dialogs, game popups: lib/lazy.ts `loadedOnFirstUse`), once the page is idle. */
function loadIdleChunksLater(): void {
  whenLoadedAndIdle(preloadIdleChunks);
}

/** A pre-rendered page this visitor is not to see (index.html's inline script said so): back to the plain shell. */
function dropPrerendered(container: HTMLElement): void {
  const root = document.documentElement;
  if (!root.hasAttribute(PRERENDERED_ATTRIBUTE)) return;
  const boot = document.querySelector('body > .boot');
  container.replaceChildren(...(boot ? [boot] : []));
  document.getElementById(STATE_ELEMENT_ID)?.remove();
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  root.removeAttribute(PLAIN_ATTRIBUTE);
}

async function bootstrap(): Promise<void> {
  forceLightTheme();
  listenForInstallPrompt();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  const prerendered = readPrerenderedState(document, window.location.pathname);
  if (prerendered) return hydratePrerendered(prerendered, container);
  dropPrerendered(container);
  preloadSection(window.location.pathname);
  // A render from scratch waits for the deferred parts: the shell's start downloading now.
  void preloadDeferredParts();
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  configureApi({ baseUrl: config.gatewayUrl, merchant: config.merchant, language: currentLanguageCode });
  document.title = config.brand;
  // Server texts (banners, announcements, menus) follow the Language header: fetch them again.
  onLanguageChanged(() => void queryClient.invalidateQueries());

  // Offline (the lite app's cached shell), mount at once: the offline notice shows instead of a
  // spinner waiting for retries that cannot succeed.
  if (navigator.onLine) {
    // Status, permission (the main bootstrap), the vendor list and the route's banners are asked
    // for together: none waits for another's answer (the first screen on phones). The
    // shell's queries pick up these calls in flight (or their answers).
    const status = queryClient.fetchQuery(systemStatusQuery).catch(() => null);
    const permission = queryClient.fetchQuery(permissionQuery).catch(() => null);
    // The side menu and the top navigation list only the categories that have vendors:
    // the vendor list is awaited beside permission, for a bounded time, so they do not grow after
    // the first paint.
    const vendors = queryClient.prefetchQuery(vendorsQuery);
    prefetchBanners(window.location.pathname);
    if ((await status)?.status === 0) {
      const [answer] = await Promise.all([
        permission,
        consumeUrlToken(queryClient),
        Promise.race([vendors, new Promise((resolve) => window.setTimeout(resolve, VENDOR_LIST_WAIT_MS))]),
      ]);
      installAnalytics(answer?.gtagId);
      if (answer?.brandName) document.title = answer.brandName;
    }
    // Not the app (maintenance, a restricted address, no answer): nothing waits for the other calls.
    // Refused, they hold no data, so when the app mounts later its queries start afresh (pending,
    // not failed) and ask again.
  }

  // The route's section (started first of all) is in before the first render, so the router's first
  // render is the page; a route's modal (/login) opens with it.
  await prepareFirstRender(window.location.pathname);
  openRouteModal(window.location.pathname);
  const root = createRoot(container);
  // A transition renders the first screen in slices that yield to the browser between them, so the
  // start never blocks input for long (total blocking time on phones).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );
  loadIdleChunksLater();
  registerServiceWorkerLater();
}

void bootstrap();
