import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useAuth } from '../auth';
import { toast } from '../../ui/toast';
import { useFavouriteIds } from '../../api/games/get-favourite-ids';
import { useToggleFavourite } from '../../api/games/toggle-favourite';
import type { Game } from '../../api/games/types';

/**
 * Favourite state of the games on screen. Visitors and guests are sent to log in;
 * members toggle: a present id is removed, an absent one added, and the ids the
 * server returns replace the local list.
 *
 * Here in app/ rather than ui/games because it reads the session (useAuth); home, elott and the
 * game lobbies share it.
 */
export function useFavouriteToggle() {
  const { t } = useTranslation('games');
  const auth = useAuth();
  const member = !!auth.token && !auth.isGuest;
  const ids = useFavouriteIds(auth.token, member);
  const mutation = useToggleFavourite(auth.token);
  const set = new Set(ids.data ?? []);

  const toggle = useCallback(
    (game: Pick<Game, 'nodeId' | 'vendor' | 'gameType' | 'gameName'>) => {
      if (!auth.requireLogin()) return;
      const present = (ids.data ?? []).includes(game.nodeId);
      mutation.mutate(
        { present, nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType },
        {
          onSuccess: () =>
            toast.success(t(present ? 'favourite.removed' : 'favourite.added', { name: game.gameName })),
          onError: (error) =>
            toast.error(error instanceof ApiError ? error.message : t('favourite.failed')),
        },
      );
    },
    [auth, ids.data, mutation, t],
  );

  return { isFavourite: (nodeId: number) => set.has(nodeId), toggle, member };
}
