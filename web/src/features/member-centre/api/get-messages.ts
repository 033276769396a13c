import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { MESSAGE_PAGE_SIZE } from '../constants';
import { centreKeys } from './keys';

export const messagesQuery = (pageNo: number) =>
  queryOptions({
    queryKey: [...centreKeys.messages, pageNo],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/relay/MCSFE_messageList', {
          params: { query: { pageNo, pageSize: MESSAGE_PAGE_SIZE } },
          signal,
        }),
      ),
    staleTime: 30_000,
  });

export function useMessages(pageNo: number) {
  return useQuery({ ...messagesQuery(pageNo), placeholderData: keepPreviousData });
}
