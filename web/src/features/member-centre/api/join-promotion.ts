import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys } from './keys';

export interface JoinPromotionInput {
  id: number;
  /** A remark of at most 140 characters. */
  comment?: string;
}

/** Join an activity, or apply for its bonus when it reads 'claim'. */
export function useJoinPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinPromotionInput) => unwrap(client.POST('/wps/promotion/join', { body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: centreKeys.rewards });
      // The promotions pages show the same states.
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
}
