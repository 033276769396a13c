import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys, invalidateMoney } from './keys';

/** Claim a raffle prize: credited to the wallet at once. */
export function useClaimRaffle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(client.POST('/wps/promotion/raffle/claim', { body: { id } })),
    onSuccess: async () => {
      await invalidateMoney(queryClient);
      await queryClient.invalidateQueries({ queryKey: centreKeys.rewards });
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
    },
  });
}
