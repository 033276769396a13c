import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import { CLIENT_TYPE } from '../../config/games';
import { apiLanguage } from './params';

/** Key prefix of one session's recent lists: under 'me', so logout drops them (api/queries/member.ts). */
export const recentGamesKey = (token: string | null) => ['me', 'games', 'recent', token] as const;

export interface RecentGamesParams {
  /** The session the list belongs to: a new login never sees the last player's list. */
  token: string | null;
  language: string;
  vassalage?: string;
}

/** Recently played games (clientType 3, vassalage, language; list and totalPages). */
export const recentGamesOptions = ({ token, language, vassalage }: RecentGamesParams) =>
  queryOptions({
    queryKey: [...recentGamesKey(token), { language, vassalage }],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/wps/relay/GCS_recentGame', {
          params: {
            query: { clientType: CLIENT_TYPE, language: apiLanguage(language), ...(vassalage ? { vassalage } : {}) },
          },
          signal,
        }),
      ),
  });

/** Only for real members (visitors and guests cannot have recent games). */
export function useRecentGames(params: RecentGamesParams, enabled: boolean) {
  return useQuery({ ...recentGamesOptions(params), enabled: enabled && !!params.token });
}
