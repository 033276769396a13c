import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { VN_LOTTERY_COUNT } from '../../../config/constants';

/** Past draws of a Vietnamese lottery, newest first (count 100). */
export const vnNumerosOptions = (gameCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'vnNumeros', gameCode, VN_LOTTERY_COUNT],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/lgw/vn/numeros/opened/game', {
          params: { query: { gameCode, count: VN_LOTTERY_COUNT } },
          signal,
        }),
      ),
    staleTime: 30_000,
  });

export function useVnNumeros(gameCode: string | undefined) {
  return useQuery({ ...vnNumerosOptions(gameCode ?? ''), enabled: !!gameCode });
}
