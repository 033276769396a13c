import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { AGENT_PAGE_SIZE } from '../constants';
import { agentKeys } from './keys';

export interface TeamReportParams {
  pageNo: number;
  /** One downline of the team (exact account). */
  account?: string;
}

export const teamBettingQuery = (params: TeamReportParams) =>
  queryOptions({
    queryKey: [...agentKeys.reports, 'betting', params],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/agent/team/betting', {
          params: { query: { ...params, pageSize: AGENT_PAGE_SIZE } },
          signal,
        }),
      ),
    staleTime: 30_000,
  });

export function useTeamBetting(params: TeamReportParams) {
  return useQuery({ ...teamBettingQuery(params), placeholderData: keepPreviousData });
}
