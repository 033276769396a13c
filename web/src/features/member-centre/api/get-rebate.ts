import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

/** Claimable manual rebate per game type since the last claim. */
export const rebateQuery = queryOptions({
  queryKey: centreKeys.rebate,
  queryFn: ({ signal }) => unwrap(client.GET('/wps/rebate/manual', { signal })),
  staleTime: 15_000,
});

export function useRebate() {
  return useQuery(rebateQuery);
}
