import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { agentKeys } from './keys';

export interface RegisterDownlineInput {
  username: string;
  password: string;
  /** 0 player, 2 sub-agent. */
  isAgent: 0 | 2;
}

/** Open an account directly under the agent (registerCenter); the team figures refresh. */
export function useRegisterDownline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterDownlineInput) =>
      unwrap(client.PUT('/wps/agent/register', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentKeys.team }),
  });
}
