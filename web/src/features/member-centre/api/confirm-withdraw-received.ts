import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { invalidateMoney } from './keys';

/** The player confirms a pending withdrawal arrived (else it is force-received after the timeout). */
export function useConfirmWithdrawReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(client.POST('/wps/wallet/withdraw/confirm', { body: { id } })),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
