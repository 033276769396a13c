import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { AGENT_PAGE_SIZE } from '../constants';
import { agentKeys } from './keys';

export interface DownlinesParams {
  pageNo: number;
  pageSize?: number;
  /** The direct downlines of this account (a member of the team; default: me). */
  parent?: string;
  /** Part of a name, searched through the whole team. */
  account?: string;
}

export const downlinesQuery = ({ pageSize = AGENT_PAGE_SIZE, ...params }: DownlinesParams) =>
  queryOptions({
    queryKey: [...agentKeys.team, 'downlines', { ...params, pageSize }],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/agent/downlines', { params: { query: { ...params, pageSize } }, signal }),
      ),
    staleTime: 30_000,
  });

export function useDownlines(params: DownlinesParams, enabled = true) {
  return useQuery({ ...downlinesQuery(params), placeholderData: keepPreviousData, enabled });
}
