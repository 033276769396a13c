import { queryOptions, useQuery } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { DEVICE, POPULAR_LOTTERY_COUNT } from '../constants';
import { apiLanguage } from './params';

/** Popular lotteries: count 20, prize mode, device, language. */
export const popularLotteriesOptions = ({ prizeMode, language }: { prizeMode?: string; language: string }) =>
  queryOptions({
    queryKey: ['lottery', 'popular', { prizeMode, language }],
    queryFn: ({ signal }) =>
      unwrap(
        client.GET('/lgw/games/popular', {
          params: {
            query: {
              count: POPULAR_LOTTERY_COUNT,
              device: DEVICE,
              language: apiLanguage(language),
              ...(prizeMode ? { prizeMode } : {}),
            },
          },
          signal,
        }),
      ),
    staleTime: 60_000,
  });

export function usePopularLotteries(params: { prizeMode?: string; language: string }) {
  return useQuery(popularLotteriesOptions(params));
}
