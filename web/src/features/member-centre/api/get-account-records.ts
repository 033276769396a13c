import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { RECORD_PAGE_SIZE } from '../constants';
import type { TimeRange } from '../date-range';
import { centreKeys } from './keys';

export interface AccountRecordsParams extends Partial<TimeRange> {
  pageNo: number;
  /** One kind or several, comma-separated (deposit, withdraw, bet, win, bonus, rebate, ...). */
  kind?: string;
  pageSize?: number;
}

export const accountRecordsQuery = ({
  pageSize = RECORD_PAGE_SIZE,
  ...params
}: AccountRecordsParams) =>
  queryOptions({
    queryKey: [...centreKeys.records, 'account', { ...params, pageSize }],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/record/account', { params: { query: { ...params, pageSize } }, signal }),
      ),
    staleTime: 15_000,
  });

export function useAccountRecords(params: AccountRecordsParams) {
  return useQuery({ ...accountRecordsQuery(params), placeholderData: keepPreviousData });
}
