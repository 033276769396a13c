import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { RECORD_PAGE_SIZE } from '../constants';
import type { TimeRange } from '../date-range';
import { centreKeys } from './keys';

export interface BonusDetailsParams extends TimeRange {
  pageNo: number;
}

export const bonusDetailsQuery = (params: BonusDetailsParams) =>
  queryOptions({
    queryKey: [...centreKeys.records, 'bonus', params],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/record/bonus', {
          params: { query: { ...params, pageSize: RECORD_PAGE_SIZE } },
          signal,
        }),
      ),
    staleTime: 15_000,
  });

export function useBonusDetails(params: BonusDetailsParams) {
  return useQuery({ ...bonusDetailsQuery(params), placeholderData: keepPreviousData });
}
