import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../auth';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { usePvpRooms } from '../../api/games/get-pvp-rooms';
import { useLaunchPvp } from '../../api/games/launch-pvp';
import { formatCount, formatMoney } from '../../ui/format';
import { gameHref, type GamePageState } from '../../ui/games/routes';
import type { Game } from '../../api/games/types';
import './pvp-rooms-modal.css';

/**
 * PVP: the room list of a game (GLS2_roomList), then launch the chosen room (value.content).
 * Opened by useGameLauncher; here in app/ because it reads the session (useAuth).
 */
export function PvpRoomsModal({ game, onClose }: { game: Game | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('games');
  const auth = useAuth();
  const navigate = useNavigate();
  const { currencySymbol } = usePermission();
  const rooms = usePvpRooms(game?.gameId);
  const launch = useLaunchPvp(auth.token);
  const [joining, setJoining] = useState<number | null>(null);

  const join = async (roomId: number) => {
    if (!game || !auth.requireLogin()) return;
    setJoining(roomId);
    try {
      const url = await launch.mutateAsync({ gameId: game.gameId, roomId, language: i18n.language });
      onClose();
      void navigate(gameHref(game, roomId), { state: { url } satisfies GamePageState });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('launch.failed'));
    } finally {
      setJoining(null);
    }
  };

  return (
    <Modal open={!!game} onClose={onClose} title={t('pvp.title', { name: game?.gameName ?? '' })} size="md">
      <p className="gx-rooms__lead">{t('pvp.lead')}</p>
      {rooms.isLoading ? (
        <ul className="gx-rooms" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="gx-rooms__item">
              <Skeleton height={44} width="100%" radius={10} />
            </li>
          ))}
        </ul>
      ) : rooms.isError ? (
        <p className="gx-rooms__empty" role="alert">
          {t('pvp.error')}
        </p>
      ) : (rooms.data ?? []).length === 0 ? (
        <p className="gx-rooms__empty">{t('pvp.empty')}</p>
      ) : (
        <ul className="gx-rooms" aria-label={t('pvp.list')}>
          {(rooms.data ?? []).map((room) => (
            <li key={room.roomId} className="gx-rooms__item">
              <div className="gx-rooms__info">
                <strong className="gx-rooms__name">{room.roomName}</strong>
                <span className="gx-rooms__meta">
                  {t('pvp.min_bet', { amount: formatMoney(room.minBet, currencySymbol, { wholeWithoutCents: true }) })}
                  <span aria-hidden="true"> · </span>
                  {t('pvp.players', { count: room.players, formatted: formatCount(room.players) })}
                </span>
              </div>
              <button
                type="button"
                className="btn btn--primary gx-rooms__join"
                disabled={joining !== null}
                aria-label={t('pvp.join_room', { name: room.roomName })}
                onClick={() => void join(room.roomId)}
              >
                {joining === room.roomId ? t('launch.launching') : t('pvp.join')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
