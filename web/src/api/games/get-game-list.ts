import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import { CLIENT_TYPE, LOBBY_PAGE_NO, LOBBY_PAGE_SIZE, PLATFORM_HTML5_DESKTOP } from '../../config/games';
import type { GameListQuery } from './types';
import { apiLanguage, merchantCode } from './params';

/** What a lobby filters by; paging, client type and platform are fixed here. */
export type GameListFilter = Pick<GameListQuery, 'gameType' | 'vassalage' | 'vendor' | 'gameClassify' | 'gameName'> & {
  language: string;
};

/**
 * Lobby game list, one page of 42 at a time from pageNo 1, with the fields
 * the gateway expects: clientType 3, platform, channel, merchant, gameType, vassalage, gameClassify,
 * gameName, language.
 */
export const gameListOptions = ({ language, ...filter }: GameListFilter) =>
  infiniteQueryOptions({
    queryKey: ['games', 'list', { language, ...filter }],
    queryFn: ({ pageParam, signal }) =>
      unwrap(
        client.GET('/wps/relay/GCSGAME_gameList', {
          params: {
            query: {
              clientType: CLIENT_TYPE,
              platform: PLATFORM_HTML5_DESKTOP,
              channel: 'WEB',
              merchant: merchantCode(),
              language: apiLanguage(language),
              ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')),
              pageNo: pageParam,
              pageSize: LOBBY_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    initialPageParam: LOBBY_PAGE_NO,
    getNextPageParam: (last, _pages, lastPage) => (lastPage < last.totalPages ? lastPage + 1 : undefined),
    staleTime: 60_000,
  });

export function useGameList(filter: GameListFilter, enabled = true) {
  return useInfiniteQuery({ ...gameListOptions(filter), enabled });
}
