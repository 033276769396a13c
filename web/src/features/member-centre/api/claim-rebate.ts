import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { invalidateMoney } from './keys';

/** Claim the whole claimable rebate into the wallet. */
export function useClaimRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(client.POST('/wps/rebate/manual/claim')),
    onSuccess: () => invalidateMoney(queryClient),
  });
}
