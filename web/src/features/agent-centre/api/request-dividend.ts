import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { agentKeys } from './keys';

export interface RequestDividendInput {
  account: string;
  rate: number;
  activeMembers?: number;
  periodValidBet?: number;
  periodPnl?: number;
}

/**
 * Offer a dividend contract to a direct downline. The answer lists the downlines whose higher-rate
 * contracts were terminated (the contract-rate warning).
 */
export function useRequestDividend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestDividendInput) =>
      unwrap(client.POST('/wps/agent/contract/dividend/request', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.contracts }),
  });
}
