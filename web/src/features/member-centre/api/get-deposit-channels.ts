import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

export const depositChannelsQuery = queryOptions({
  queryKey: [...centreKeys.deposit, 'channels'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/wallet/deposit/channels', { signal })),
  staleTime: 5 * 60_000,
});

export function useDepositChannels() {
  return useQuery(depositChannelsQuery);
}
