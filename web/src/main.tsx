/**
 * Bootstrap (spec section 2 "Route guard and root render"): store the merchant code from the
 * runtime config, call system status and permission (the main bootstrap), use a URL token on a
 * normal start, load the analytics id, then mount. The theme is forced to light on start.
 *
 * Page performance (issue 7 item 2): what the first screen needs is started as early as it can be
 * rather than after the first render: the route's section chunk at once, the vendor list (side
 * menu and navigation) and the route's banners beside permission, and the first banner image (the
 * largest paint of the pages with a carousel) as soon as its address is known.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApi } from './api/client';
import { vendorsQuery } from './api/queries/games';
import { bannersQuery, permissionQuery, systemStatusQuery } from './api/queries/system';
import { installAnalytics } from './app/analytics';
import { layoutFor } from './app/layout-table';
import { queryClient } from './app/query-client';
import { Root } from './app/root';
import { preloadSection } from './app/routes';
import { loadRuntimeConfig } from './app/runtime-config';
import { forceLightTheme } from './session/theme';
import { consumeUrlToken } from './app/url-token';
import { listenForInstallPrompt } from './features/download/install-prompt';
import { currentLanguageCode, initI18n, onLanguageChanged } from './i18n';
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

/** Runs `task` after the window's load event (at once if it has already fired). */
function whenLoaded(task: () => void): void {
  if (document.readyState === 'complete') task();
  else window.addEventListener('load', task, { once: true });
}

async function bootstrap(): Promise<void> {
  forceLightTheme();
  listenForInstallPrompt();
  // The lite app's service worker (issue 16), production builds only (the dev server stays as it
  // is), and only once the page has loaded: its script and its precache download never compete
  // with the first paint.
  if (import.meta.env.PROD) whenLoaded(() => void import('./features/lite-app/register-sw').then((sw) => sw.registerServiceWorker()));
  preloadSection(window.location.pathname);
  const [config] = await Promise.all([loadRuntimeConfig(), initI18n()]);
  configureApi({ baseUrl: config.gatewayUrl, merchant: config.merchant, language: currentLanguageCode });
  document.title = config.brand;
  // Server texts (banners, announcements, menus) follow the Language header: fetch them again.
  onLanguageChanged(() => void queryClient.invalidateQueries());

  // Offline (the lite app's cached shell), mount at once: the offline notice shows instead of a
  // spinner waiting for retries that cannot succeed.
  const status = navigator.onLine ? await queryClient.fetchQuery(systemStatusQuery).catch(() => null) : null;
  if (status?.status === 0) {
    // The shell's queries pick up these calls in flight (or their answers). The side menu and the
    // top navigation list the categories that have vendors (spec section 2): the vendor list is
    // awaited beside permission, for a bounded time, so they do not grow after the first paint.
    const vendors = queryClient.prefetchQuery(vendorsQuery);
    prefetchBanners(window.location.pathname);
    const [permission] = await Promise.all([
      queryClient.fetchQuery(permissionQuery).catch(() => null),
      consumeUrlToken(queryClient),
      Promise.race([vendors, new Promise((resolve) => window.setTimeout(resolve, VENDOR_LIST_WAIT_MS))]),
    ]);
    installAnalytics(permission?.gtagId);
    if (permission?.brandName) document.title = permission.brandName;
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void bootstrap();
