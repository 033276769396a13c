import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

/** The mission count of the menu badge (shown when above 0). */
export const missionSummaryQuery = queryOptions({
  queryKey: [...centreKeys.missions, 'summary'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/relay/MCSFE_missionSummary', { signal })),
  staleTime: 60_000,
});

export function useMissionSummary(enabled: boolean) {
  return useQuery({ ...missionSummaryQuery, enabled });
}
