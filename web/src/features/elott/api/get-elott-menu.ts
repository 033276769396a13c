import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** Prize mode of the e-lotteries (the brand's prize modes are Lott, ZY, Elott, SEA). */
export const ELOTT_PRIZE_MODE = 'Elott';

/** The ELOTT lottery menu; same call and key as the /lottery menu of that mode. */
export const elottMenuOptions = () =>
  queryOptions({
    queryKey: ['lottery', 'menu', ELOTT_PRIZE_MODE],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/lgw/vn/games/game_menu', { params: { query: { prizeMode: ELOTT_PRIZE_MODE } }, signal })),
    staleTime: 5 * 60_000,
  });

export function useElottMenu() {
  return useQuery(elottMenuOptions());
}
