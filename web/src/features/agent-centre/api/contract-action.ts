import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import type { ContractAction } from '../contracts';
import { agentKeys } from './keys';

/** Accept, reject or terminate a contract; the lists and my income follow. */
export function useContractAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; action: ContractAction }) =>
      unwrap(client.POST('/wps/agent/contract/action', { body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: agentKeys.contracts });
      await queryClient.invalidateQueries({ queryKey: agentKeys.reports });
    },
  });
}
