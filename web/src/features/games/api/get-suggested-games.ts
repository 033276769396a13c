import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** Other games offered on the game-under-maintenance page. */
export const suggestedGamesOptions = (gameId: number) =>
  queryOptions({
    queryKey: ['games', 'suggested', gameId],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/wps/relay/GCSGAME_suggest', { params: { query: { gameId } }, signal })),
    staleTime: 60_000,
  });

export function useSuggestedGames(gameId: number | undefined) {
  return useQuery({ ...suggestedGamesOptions(gameId ?? 0), enabled: !!gameId });
}
