import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** Game classifications of one vendor: the tabs inside a lobby. */
export const gameTypesOptions = (vassalage: string) =>
  queryOptions({
    queryKey: ['games', 'types', vassalage],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/wps/relay/GCSGAME_gameType', { params: { query: { vassalage } }, signal })),
    staleTime: 5 * 60_000,
  });

export function useGameTypes(vassalage: string | undefined) {
  return useQuery({ ...gameTypesOptions(vassalage ?? ''), enabled: !!vassalage });
}
