import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { AGENT_PAGE_SIZE } from '../constants';
import type { TeamReportParams } from './get-team-betting';
import { agentKeys } from './keys';

export const teamProfitLossQuery = (params: TeamReportParams) =>
  queryOptions({
    queryKey: [...agentKeys.reports, 'profit', params],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/agent/team/profit', {
          params: { query: { ...params, pageSize: AGENT_PAGE_SIZE } },
          signal,
        }),
      ),
    staleTime: 30_000,
  });

export function useTeamProfitLoss(params: TeamReportParams) {
  return useQuery({ ...teamProfitLossQuery(params), placeholderData: keepPreviousData });
}
