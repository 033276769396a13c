import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../client';

/** Node ids of the player's favourite games, as a list. */
export const favouriteIdsOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['me', 'games', 'favouriteIds', token],
    queryFn: ({ signal }) => unwrap(client.GET('/wps/relay/MCSFE_favouriteIds', { signal })),
  });

export function useFavouriteIds(token: string | null, enabled: boolean) {
  return useQuery({ ...favouriteIdsOptions(token), enabled: enabled && !!token });
}
