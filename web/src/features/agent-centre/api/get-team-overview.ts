import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { agentKeys } from './keys';

export const teamOverviewQuery = queryOptions({
  queryKey: [...agentKeys.team, 'overview'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/agent/team/overview', { signal })),
  staleTime: 30_000,
});

export function useTeamOverview() {
  return useQuery(teamOverviewQuery);
}
