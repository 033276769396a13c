import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/**
 * The lotteries the player played recently, grouped like the menu (
 * /lgw/vn/games/game_menu/recent). Under 'me' so logout drops it.
 */
export const recentLotteryMenuOptions = (prizeMode?: string) =>
  queryOptions({
    queryKey: ['me', 'lottery', 'recent', prizeMode ?? 'all'],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/lgw/vn/games/game_menu/recent', {
          params: { query: prizeMode ? { prizeMode } : {} },
          signal,
        }),
      ),
  });

export function useRecentLotteryMenu(enabled: boolean, prizeMode?: string) {
  return useQuery({ ...recentLotteryMenuOptions(prizeMode), enabled });
}
