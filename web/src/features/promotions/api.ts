/** Promotion queries (list optionally by category, one by id, join). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../api/client';

export const promotionsQuery = queryOptions({
  queryKey: ['promotions', 'list'],
  queryFn: () => unwrap(client.GET('/wps/promotion/list')),
  staleTime: 60_000,
});

export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: ['promotions', 'detail', id],
    queryFn: () => unwrap(client.GET('/wps/promotion/detail', { params: { query: { id } } })),
    staleTime: 60_000,
  });

export function useJoinPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(client.POST('/wps/promotion/join', { body: { id } })),
    onSuccess: (promotion) => {
      queryClient.setQueryData(promotionQuery(promotion.id).queryKey, promotion);
      void queryClient.invalidateQueries({ queryKey: ['promotions', 'list'] });
    },
  });
}
