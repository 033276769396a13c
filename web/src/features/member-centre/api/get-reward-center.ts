import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

/** The activities the player takes part in, with their states. */
export const rewardCenterQuery = queryOptions({
  queryKey: [...centreKeys.rewards, 'mine'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/promotion/rewards', { signal })),
  staleTime: 30_000,
});

export function useRewardCenter() {
  return useQuery(rewardCenterQuery);
}
