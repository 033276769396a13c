import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Game } from '../../api/games/types';
import { ErrorState } from '../error-state';
import { ScrollRow } from '../scroll-row/scroll-row';
import { CategoryIcon } from './category-icon';
import { GameCard, GameCardSkeletons } from './game-card';

export interface GameGridProps {
  games: readonly Game[];
  loading: boolean;
  onPlay: (game: Game) => void;
  pendingId?: number | null;
  /** Favourite stars; omitted where favourites do not apply. */
  favourites?: { isFavourite: (nodeId: number) => boolean; toggle: (game: Game) => void };
  label: string;
  skeletons?: number;
  empty?: ReactNode;
  /** Rendered after the tiles (more skeletons while the next page loads). */
  loadingMore?: boolean;
  variant?: 'grid' | 'strip';
  /**
   * The call that lists the games failed (offline, a server error): its error and a retry take the
   * place of the list, never the empty state, which would say there are no games; after tiles
   * already shown (a next page that failed), below them.
   */
  error?: unknown;
  onRetry?: () => void;
}

/** A list of game tiles with loading skeletons, an empty state and a failed load's retry. */
export function GameGrid({
  games,
  loading,
  onPlay,
  pendingId,
  favourites,
  label,
  skeletons = 12,
  empty,
  loadingMore = false,
  variant = 'grid',
  error,
  onRetry,
}: GameGridProps) {
  const { t } = useTranslation('games');
  const failed = error ? <ErrorState error={error} onRetry={onRetry} compact={variant === 'strip'} fallback={t('lobby.error')} /> : null;
  if (failed && !loading && games.length === 0) return failed;
  if (!loading && games.length === 0) {
    return (
      <>
        {empty ?? (
          <EmptyState title={t('empty.title')} text={t('empty.text')} />
        )}
      </>
    );
  }
  const list = (
    <ul className={variant === 'strip' ? 'gx-strip' : 'gx-grid'} aria-label={label} aria-busy={loading || loadingMore}>
      {loading ? (
        <GameCardSkeletons count={skeletons} />
      ) : (
        games.map((game) => (
          <GameCard
            key={`${game.gameId}-${game.nodeId}`}
            game={game}
            onPlay={onPlay}
            pending={pendingId === game.gameId}
            favourite={
              favourites
                ? { active: favourites.isFavourite(game.nodeId), onToggle: () => favourites.toggle(game) }
                : undefined
            }
          />
        ))
      )}
      {loadingMore ? <GameCardSkeletons count={6} /> : null}
    </ul>
  );
  // A strip wider than the page says so: a fade and arrows at the end that hides tiles
  // (ADR 020).
  const shown = variant === 'strip' ? <ScrollRow viewportClassName="gx-strip__viewport">{list}</ScrollRow> : list;
  return failed ? (
    <>
      {shown}
      {failed}
    </>
  ) : (
    shown
  );
}

export function EmptyState({ title, text, icon = 'GRID', action }: { title: string; text?: string; icon?: string; action?: ReactNode }) {
  return (
    <div className="gx-empty">
      <span className="gx-empty__icon">
        <CategoryIcon name={icon} size={30} />
      </span>
      <p className="gx-empty__title">{title}</p>
      {text ? <p className="gx-empty__text">{text}</p> : null}
      {action}
    </div>
  );
}
