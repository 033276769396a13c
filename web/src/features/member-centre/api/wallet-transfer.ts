import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { invalidateMoney } from './keys';

export interface WalletTransferInput {
  from: string;
  to: string;
  amount: number;
}

/** Move money between the main wallet and a vendor wallet; answers the new total balance. */
export function useWalletTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalletTransferInput) =>
      unwrap(client.POST('/wps/relay/GCS_walletTransfer', { body })),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
