import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { agentKeys } from './keys';

export const agentAnnouncementsQuery = queryOptions({
  queryKey: [...agentKeys.all, 'announcements'],
  queryFn: ({ signal }) => unwrap(client.GET('/wps/agent/announcement', { signal })),
  staleTime: 5 * 60_000,
});

export function useAgentAnnouncements() {
  return useQuery(agentAnnouncementsQuery);
}
