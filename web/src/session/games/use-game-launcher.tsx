import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useAuth } from '../auth';
import { useLaunchGame } from '../../api/games/launch-game';
import { loadedOnFirstUse } from '../../lib/lazy';
import { GAME_MAINTENANCE_ERROR } from '../../config/games';
import { gameHref, maintenanceHref, type GamePageState } from '../../ui/games/routes';
import type { Game } from '../../api/games/types';

/**
 * The PvP rooms popup as a chunk of its own, out of the lobbies' initial JavaScript
 * (docs/decisions/039-deferred-hydration.md): nothing until it is first opened; its chunk is fetched
 * when the page is idle.
 */
const PvpRoomsModal = loadedOnFirstUse(
  () => import('./pvp-rooms-modal').then((m) => m.PvpRoomsModal),
  (props) => props.game !== null,
);

/**
 * Launching a game:
 * - a game under maintenance goes to the game-under-maintenance page;
 * - visitors get the login popup and guests the 'in_need_true_account' dialog (requireLogin); a
 *   visitor's game launches once the login that its Play opened succeeds (closing the popup
 *   cancels it);
 * - PVP games first list their rooms, then launch the chosen room;
 * - members launch (launch address V2) and open /game with the address.
 * Render `modal` next to the tiles: it is the PVP room list.
 *
 * Here in app/ rather than ui/games because it reads the session (useAuth); home, elott and the
 * game lobbies share it.
 */
export function useGameLauncher() {
  const { i18n } = useTranslation();
  const auth = useAuth();
  const navigate = useNavigate();
  const launch = useLaunchGame(auth.token);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [pvpGame, setPvpGame] = useState<Game | null>(null);
  // The game whose Play opened the login popup, set once that login succeeded: launched with the
  // new session on the next render (this render's `open` still holds the visitor's).
  const [resumeGame, setResumeGame] = useState<Game | null>(null);

  const open = useCallback(
    async (game: Game) => {
      if (game.maintenance) {
        void navigate(maintenanceHref(game));
        return;
      }
      if (!auth.requireLogin(() => setResumeGame(game))) return;
      if (game.gameType.toUpperCase() === 'PVP') {
        setPvpGame(game);
        return;
      }
      setPendingId(game.gameId);
      try {
        const url = await launch.mutateAsync({
          gameId: game.gameId,
          nodeId: game.nodeId,
          vassalage: game.vassalage,
          username: auth.member?.account,
          language: i18n.language,
        });
        void navigate(gameHref(game), { state: { url } satisfies GamePageState });
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === GAME_MAINTENANCE_ERROR) {
          void navigate(maintenanceHref(game));
        } else {
          const state: GamePageState =
            error instanceof ApiError ? { errorCode: error.errorCode, message: error.message } : { errorCode: 'unknown' };
          void navigate(gameHref(game), { state });
        }
      } finally {
        setPendingId(null);
      }
    },
    [auth, i18n.language, launch, navigate],
  );

  useEffect(() => {
    if (!resumeGame || !auth.token) return;
    setResumeGame(null);
    void open(resumeGame);
  }, [resumeGame, auth.token, open]);

  const modal = <PvpRoomsModal game={pvpGame} onClose={() => setPvpGame(null)} />;
  return { open, pendingId, modal };
}
