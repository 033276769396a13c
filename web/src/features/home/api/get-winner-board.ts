import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** Recent winners: player, game name and prize. */
export const winnerBoardOptions = () =>
  queryOptions({
    queryKey: ['home', 'winners'],
    queryFn: ({ signal }) => unwrap(client.GET('/wps/system/winnerBoard', { signal })),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useWinnerBoard() {
  return useQuery(winnerBoardOptions());
}
