import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { invalidateMoney } from './keys';

export interface WithdrawInput {
  amount: number;
  accountId: string;
  paymentPassword: string;
}

/** Request a withdrawal; the payment password is checked by the server. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawInput) => unwrap(client.POST('/wps/wallet/withdraw', { body })),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
