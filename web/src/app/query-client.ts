/**
 * The one QueryClient. Defaults: no refetch on focus, one retry for network failures only (gateway
 * errors are answers, not glitches). A maintenance or region refusal from any call re-checks the
 * system status so the root switches to the right page.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR } from '../api/client';
import { systemStatusQuery } from '../api/queries/system';

const STATUS_CODES = new Set(['system.maintenance', 'system.region.restricted']);

function onAnyError(error: unknown): void {
  if (error instanceof ApiError && STATUS_CODES.has(error.errorCode)) {
    void queryClient.invalidateQueries({ queryKey: systemStatusQuery.queryKey });
  }
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onAnyError }),
  mutationCache: new MutationCache({ onError: onAnyError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      gcTime: 10 * 60_000,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => error instanceof ApiError && error.errorCode === NETWORK_ERROR && failureCount < 1,
    },
    mutations: { retry: false },
  },
});
