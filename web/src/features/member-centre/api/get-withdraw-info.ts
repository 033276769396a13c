import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

/** Limits, bound payout accounts and the server's auto-receive minutes. */
export const withdrawInfoQuery = queryOptions({
  queryKey: [...centreKeys.withdraw, 'info'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/wallet/withdraw/info', { signal })),
  staleTime: 15_000,
});

export function useWithdrawInfo() {
  return useQuery(withdrawInfoQuery);
}
