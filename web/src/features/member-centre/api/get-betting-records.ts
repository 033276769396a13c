import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { RECORD_PAGE_SIZE } from '../constants';
import type { TimeRange } from '../date-range';
import { centreKeys } from './keys';

export interface BettingRecordsParams extends TimeRange {
  pageNo: number;
  vendor?: string;
}

export const bettingRecordsQuery = (params: BettingRecordsParams) =>
  queryOptions({
    queryKey: [...centreKeys.records, 'betting', params],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/record/betting', {
          params: { query: { ...params, pageSize: RECORD_PAGE_SIZE } },
          signal,
        }),
      ),
    staleTime: 15_000,
  });

export function useBettingRecords(params: BettingRecordsParams) {
  return useQuery({ ...bettingRecordsQuery(params), placeholderData: keepPreviousData });
}
