import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { PROFIT_DAYS_MAX } from '../constants';
import type { TimeRange } from '../date-range';
import { centreKeys } from './keys';

/** Profit and loss per day of the range; all days at once (paged in the page itself). */
export const personalProfitQuery = (range: TimeRange) =>
  queryOptions({
    queryKey: [...centreKeys.records, 'profit', range],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/record/profit', {
          params: { query: { ...range, pageNo: 1, pageSize: PROFIT_DAYS_MAX } },
          signal,
        }),
      ),
    staleTime: 15_000,
  });

export function usePersonalProfit(range: TimeRange) {
  return useQuery({ ...personalProfitQuery(range), placeholderData: keepPreviousData });
}
