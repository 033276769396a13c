import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

/** Consolidated funds: balance, points, pending withdrawals and locked bonus. */
export const consolidatedFundsQuery = queryOptions({
  queryKey: centreKeys.funds,
  queryFn: ({ signal }) => unwrap(client.GET('/wps/member/info/funds/consolidated', { signal })),
  staleTime: 15_000,
});

export function useConsolidatedFunds() {
  return useQuery(consolidatedFundsQuery);
}
