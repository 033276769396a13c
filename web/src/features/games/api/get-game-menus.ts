import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** Top navigation categories with their vendors (/lgw/games/game_menus). */
export const gameMenusOptions = () =>
  queryOptions({
    queryKey: ['games', 'menus'],
    queryFn: ({ signal }) => unwrap(client.GET('/lgw/games/game_menus', { signal })),
    staleTime: 5 * 60_000,
  });

export function useGameMenus() {
  return useQuery(gameMenusOptions());
}
