import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';

/** The latest opened draw of a lottery (/lotto/lgw/games/opened/numero). */
export const openedNumeroOptions = (gameCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'openedNumero', gameCode],
    queryFn: ({ signal }) =>
      unwrap(client.GET('/lotto/lgw/games/opened/numero', { params: { query: { gameCode } }, signal })),
    staleTime: 15_000,
  });

export function useOpenedNumero(gameCode: string | undefined) {
  return useQuery({ ...openedNumeroOptions(gameCode ?? ''), enabled: !!gameCode });
}
