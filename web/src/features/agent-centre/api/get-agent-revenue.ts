import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { REVENUE_DAYS_MAX } from '../constants';
import { agentKeys } from './keys';

/** My income per day (commission, dividend, salary) and the total; all days at once. */
export const agentRevenueQuery = queryOptions({
  queryKey: [...agentKeys.reports, 'revenue'],
  queryFn: ({ signal }) =>
    unwrap(
      client.GET('/wps/agent/revenue', {
        params: { query: { pageNo: 1, pageSize: REVENUE_DAYS_MAX } },
        signal,
      }),
    ),
  staleTime: 60_000,
});

export function useAgentRevenue() {
  return useQuery(agentRevenueQuery);
}
