import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/**
 * Lottery menu of one prize mode: gameMenus with gameGroupCode and labelName.
 * Without a prize mode: every mode's menus (to find a lottery by code).
 */
export const lotteryMenuOptions = (prizeMode?: string) =>
  queryOptions({
    queryKey: ['lottery', 'menu', prizeMode ?? 'all'],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/lgw/vn/games/game_menu', { params: { query: prizeMode ? { prizeMode } : {} }, signal })),
    staleTime: 5 * 60_000,
  });

export function useLotteryMenu(prizeMode?: string) {
  return useQuery(lotteryMenuOptions(prizeMode));
}
