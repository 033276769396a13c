import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../client';
import type { FavouriteBody } from './types';
import { favouriteIdsOptions } from './get-favourite-ids';
import { favouritesKey } from './get-favourites';

export interface ToggleFavouriteInput extends FavouriteBody {
  /** Whether the id is in the list now: present ids are removed, absent ids added. */
  present: boolean;
}

/**
 * Add or remove a favourite (nodeId, vendor, gameType). The server answers with the ids after the
 * change; they replace the local ids at once and the favourite list is refetched.
 */
export function useToggleFavourite(token: string | null) {
  const queryClient = useQueryClient();
  const idsKey = favouriteIdsOptions(token).queryKey;
  return useMutation({
    mutationFn: ({ present, ...body }: ToggleFavouriteInput) =>
      unwrap(
        present
          ? client.POST('/wps/relay/MCSFE_removeFavourite', { body })
          : client.POST('/wps/relay/MCSFE_addFavourite', { body }),
      ),
    onMutate: async ({ present, nodeId }) => {
      // Optimistic: the star flips on click; the server's list corrects it when it answers.
      await queryClient.cancelQueries({ queryKey: idsKey });
      const before = queryClient.getQueryData(idsKey);
      queryClient.setQueryData(idsKey, (ids = []) => (present ? ids.filter((id) => id !== nodeId) : [...ids, nodeId]));
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context) queryClient.setQueryData(idsKey, context.before);
    },
    onSuccess: (ids) => {
      queryClient.setQueryData(idsKey, ids);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKey(token) }),
  });
}
