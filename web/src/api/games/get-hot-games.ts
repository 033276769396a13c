import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import { IS_PLATFORM, LOBBY_PAGE_NO, LOBBY_PAGE_SIZE, PLATFORM_HTML5_DESKTOP } from '../../config/games';
import { apiLanguage, merchantCode } from './params';

export interface HotGamesParams {
  language: string;
  gameType?: string;
  vassalage?: string;
}

/** Hot games, read at value.list (merchantCode, isPlatform 2, vassalage, platform, language). */
export const hotGamesOptions = ({ language, gameType, vassalage }: HotGamesParams) =>
  queryOptions({
    queryKey: ['games', 'hot', { language, gameType, vassalage }],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/relay/GCSGAME_hotGames', {
          params: {
            query: {
              merchantCode: merchantCode(),
              isPlatform: IS_PLATFORM,
              platform: PLATFORM_HTML5_DESKTOP,
              language: apiLanguage(language),
              pageNo: LOBBY_PAGE_NO,
              pageSize: LOBBY_PAGE_SIZE,
              ...(gameType ? { gameType } : {}),
              ...(vassalage ? { vassalage } : {}),
            },
          },
          signal,
        }),
      ),
    staleTime: 60_000,
  });

export function useHotGames(params: HotGamesParams) {
  return useQuery(hotGamesOptions(params));
}
