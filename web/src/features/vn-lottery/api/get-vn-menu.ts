import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** Prize mode of the Vietnamese lotteries in the brand's menus. */
export const VN_PRIZE_MODE = 'SEA';

/**
 * The Vietnamese lottery menus: the SEA prize mode's groups whose lotteries are Vietnamese (codes
 * VN…). Same call and key as the /lottery menu of that mode, so both pages share one cache entry.
 */
export const vnMenuOptions = () =>
  queryOptions({
    queryKey: ['lottery', 'menu', VN_PRIZE_MODE],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/lgw/vn/games/game_menu', { params: { query: { prizeMode: VN_PRIZE_MODE } }, signal })),
    select: (menu) => ({
      gameMenus: menu.gameMenus
        .map((g) => ({ ...g, games: g.games.filter((x) => /^VN/i.test(x.gameCode)) }))
        .filter((g) => g.games.length > 0),
    }),
    staleTime: 5 * 60_000,
  });

export function useVnMenu() {
  return useQuery(vnMenuOptions());
}
