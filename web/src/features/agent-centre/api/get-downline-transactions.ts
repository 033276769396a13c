import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { AGENT_PAGE_SIZE } from '../constants';
import type { TeamReportParams } from './get-team-betting';
import { agentKeys } from './keys';

export const downlineTransactionsQuery = (params: TeamReportParams) =>
  queryOptions({
    queryKey: [...agentKeys.reports, 'transactions', params],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/agent/team/transactions', {
          params: { query: { ...params, pageSize: AGENT_PAGE_SIZE } },
          signal,
        }),
      ),
    staleTime: 30_000,
  });

export function useDownlineTransactions(params: TeamReportParams) {
  return useQuery({ ...downlineTransactionsQuery(params), placeholderData: keepPreviousData });
}
