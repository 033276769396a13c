import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

export const missionLeaderboardQuery = queryOptions({
  queryKey: [...centreKeys.missions, 'leaderboard'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/relay/MCSFE_missionLeaderboard', { signal })),
  staleTime: 60_000,
});

export function useMissionLeaderboard() {
  return useQuery(missionLeaderboardQuery);
}
