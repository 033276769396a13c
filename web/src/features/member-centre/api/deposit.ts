import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { centreKeys, invalidateMoney } from './keys';

export interface DepositInput {
  channelId: string;
  amount: number;
  promotionId?: number;
}

/** Deposit through a channel; the header balance and the records refresh afterwards. */
export function useDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositInput) => unwrap(client.POST('/wps/wallet/deposit', { body })),
    onSuccess: async () => {
      await invalidateMoney(queryClient);
      // A deposit promotion changes the player's activity states.
      await queryClient.invalidateQueries({ queryKey: centreKeys.rewards });
    },
  });
}
