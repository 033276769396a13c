/**
 * Root render by system status: 0 the app, 1 the System Maintenance page, 2 the
 * IP Restriction page. Status and permission were prefetched by the bootstrap; failures show the
 * catalogue's message with a retry, never a blank screen.
 */
import { hashKey, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { permissionQuery, systemStatusQuery } from '../api/queries/system';
import { useBackendUnreachable } from '../api/reachability';
import { LiteAppNotices } from '../features/lite-app/lite-app-notices';
import { hasControlApi } from '../features/sandbox/probe';
import { currentLanguage, offeredLanguages, setLanguage, withNamespaces } from '../i18n';
import { DialogHost } from '../ui/dialog';
import { ErrorState } from '../ui/error-state';
import { PageSpinner } from '../ui/spinner';
import { ToastHost } from '../ui/toast';
import { rememberServicePath } from '../session/customer-service';
import { ErrorBoundary } from './error-boundary';
import { lazySection } from '../lib/lazy';
import { queryClient } from './query-client';
import { AppBrowserRouter, AppRoutes } from './routes';

const MaintenancePage = lazySection(() => withNamespaces(import('../features/system-status/maintenance-page'), ['status']));
const IpRestrictionPage = lazySection(() => withNamespaces(import('../features/system-status/ip-restriction-page'), ['status']));

function FullPage({ children }: { children: ReactNode }) {
  return <div className="full-page">{children}</div>;
}

/**
 * How the router is rendered: over the browser's history by default; the pre-render step
 * (web/src/prerender/render-page.tsx) passes a static router for the path it renders.
 */
type RenderRouter = () => ReactNode;
const browserRouter: RenderRouter = () => (
  <AppBrowserRouter>
    <AppRoutes />
  </AppBrowserRouter>
);

/** The normal app, once permission (the main bootstrap) is there. */
function App({ router }: { router: RenderRouter }) {
  const permission = useQuery(permissionQuery);

  useEffect(() => rememberServicePath(permission.data?.customerService.path), [permission.data?.customerService.path]);

  // A saved language the brand does not offer falls back to the brand default.
  const languages = permission.data?.languages;
  const fallback = permission.data?.defaultLanguage;
  useEffect(() => {
    if (!languages?.length) return;
    if (!offeredLanguages(languages).some((l) => l.code === currentLanguage().code)) void setLanguage(fallback ?? 'EN');
  }, [languages, fallback]);

  if (permission.isPending) return <FullPage><PageSpinner /></FullPage>;
  if (permission.isError) {
    return (
      <FullPage>
        <ErrorState error={permission.error} onRetry={() => void permission.refetch()} />
      </FullPage>
    );
  }
  return router();
}

function StatusSwitch({ router }: { router: RenderRouter }) {
  const status = useQuery(systemStatusQuery);
  if (status.isPending) return <FullPage><PageSpinner /></FullPage>;
  if (status.isError) {
    return (
      <FullPage>
        <ErrorState error={status.error} onRetry={() => void status.refetch()} />
      </FullPage>
    );
  }
  const fallback = <FullPage><PageSpinner /></FullPage>;
  if (status.data.status === 1) return <Suspense fallback={fallback}><MaintenancePage status={status.data} /></Suspense>;
  if (status.data.status === 2) return <Suspense fallback={fallback}><IpRestrictionPage status={status.data} /></Suspense>;
  return <App router={router} />;
}

/**
 * The sandbox bar, in simulator mode only (the control API answers). Its module is loaded and then
 * rendered by a plain state update rather than through a Suspense boundary: a lazy boundary's retry
 * waits behind the page's own pending rendering (the first screen's transition), which on a slow
 * phone or a busy machine kept the bar and its live following away for many seconds.
 */
function Sandbox() {
  const [Bar, setBar] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void hasControlApi().then(async (ok) => {
      if (!live || !ok) return;
      const bar = withNamespaces(import('../features/sandbox/sandbox-bar'), ['sandbox']);
      // The page follows changes made anywhere (CLI, control API, another tab) within the second.
      const { startLiveSync } = await import('../features/sandbox/live-sync');
      if (live) stop = startLiveSync(queryClient);
      const { default: component } = await bar;
      if (live) setBar(() => component);
    }).catch(() => {
      // A chunk that cannot load leaves the page without the bar, as on the real gateway.
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
  if (!Bar) return null;
  return (
    <ErrorBoundary>
      <Bar />
    </ErrorBoundary>
  );
}

/** The first re-check of an unreachable backend, and the longest wait between two. */
const RECHECK_FIRST_MS = 2_000;
const RECHECK_MAX_MS = 30_000;

const STATUS_HASH = hashKey(systemStatusQuery.queryKey);

/** Ask again for whatever failed for want of a network, and for the system status. */
function refetchFailed(): void {
  void queryClient.refetchQueries({
    type: 'active',
    predicate: (query) => query.state.status === 'error' || query.queryHash === STATUS_HASH,
  });
}

/**
 * Back online (the lite app opened offline, or the connection dropped), whatever failed for want of
 * a network is fetched again, so the portal comes back by itself as the offline notice promises.
 * React Query's own reconnect refetch misses a page that started offline: its online manager
 * assumes online until it sees an 'offline' event. The browser's 'online' event is one signal; the
 * other is the backend unreachable while the browser says it is online (a link that carries
 * nothing, a page restored offline): then the failed calls are tried again after 2 s, and after
 * twice as long each time up to 30 s, until one is answered.
 */
export function useRefetchOnReconnect(): void {
  const unreachable = useBackendUnreachable();
  useEffect(() => {
    window.addEventListener('online', refetchFailed);
    return () => window.removeEventListener('online', refetchFailed);
  }, []);
  useEffect(() => {
    if (!unreachable) return;
    let wait = RECHECK_FIRST_MS;
    let timer = 0;
    const recheck = () => {
      refetchFailed();
      wait = Math.min(wait * 2, RECHECK_MAX_MS);
      timer = window.setTimeout(recheck, wait);
    };
    timer = window.setTimeout(recheck, wait);
    return () => window.clearTimeout(timer);
  }, [unreachable]);
}

export function Root({ router = browserRouter }: { router?: RenderRouter } = {}) {
  useRefetchOnReconnect();
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary>
        <StatusSwitch router={router} />
      </ErrorBoundary>
      <DialogHost />
      <ToastHost />
      <LiteAppNotices />
      <Sandbox />
    </QueryClientProvider>
  );
}
