import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../client';

/** Rooms of a PVP game (/wps/relay/GLS2_roomList). */
export const pvpRoomsOptions = (gameId: number) =>
  queryOptions({
    queryKey: ['games', 'pvpRooms', gameId],
    queryFn: ({ signal }) => unwrap(client.GET('/wps/relay/GLS2_roomList', { params: { query: { gameId } }, signal })),
    staleTime: 15_000,
  });

export function usePvpRooms(gameId: number | undefined) {
  return useQuery({ ...pvpRoomsOptions(gameId ?? 0), enabled: !!gameId });
}
