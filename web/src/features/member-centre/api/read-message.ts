import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../../../api/client';
import { invalidateMessages } from './keys';

/** Mark a platform message read; the unread badges follow. */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(client.POST('/wps/relay/MCSFE_readMessage', { body: { id } })),
    onSuccess: () => invalidateMessages(queryClient),
  });
}
