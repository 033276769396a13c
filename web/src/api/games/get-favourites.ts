import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import { CLIENT_TYPE, LOBBY_PAGE_NO, LOBBY_PAGE_SIZE, PLATFORM_FLASH } from '../../config/games';
import { apiLanguage } from './params';

/** Key prefix of one session's favourite lists, whatever the language. */
export const favouritesKey = (token: string | null) => ['me', 'games', 'favourites', token] as const;

export interface FavouritesParams {
  token: string | null;
  language: string;
  /** The favourites call sends gameType RNG by default; a lobby of another category asks for its own type. */
  gameType?: string;
}

/**
 * Favourite games, read at value.content (clientType, platform flash, language,
 * gameType RNG; the token travels in the Authorization header).
 */
export const favouritesOptions = ({ token, language, gameType = 'RNG' }: FavouritesParams) =>
  queryOptions({
    queryKey: [...favouritesKey(token), { language, gameType }],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/relay/MCSFE_favouriteList', {
          params: {
            query: {
              clientType: CLIENT_TYPE,
              platform: PLATFORM_FLASH,
              language: apiLanguage(language),
              gameType,
              pageNo: LOBBY_PAGE_NO,
              pageSize: LOBBY_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
  });

export function useFavourites(params: FavouritesParams, enabled: boolean) {
  return useQuery({ ...favouritesOptions(params), enabled: enabled && !!params.token });
}
