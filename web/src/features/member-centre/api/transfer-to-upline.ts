import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { invalidateMoney } from './keys';

export interface TransferToUplineInput {
  amount: number;
  paymentPassword: string;
}

/** Members with toUpline send money to their upline agent. */
export function useTransferToUpline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferToUplineInput) =>
      unwrap(client.POST('/wps/wallet/transferUpline', { body })),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
