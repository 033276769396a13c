import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useSuggestedGames } from '../api/get-suggested-games';
import { useFavouriteToggle } from '../../../session/games/use-favourite-toggle';
import { useGameLauncher } from '../../../session/games/use-game-launcher';
import { CategoryIcon } from '../../../ui/games/category-icon';
import { loadError } from '../../../ui/error-state';
import { GameGrid } from '../../../ui/games/game-grid';
import './game-maintenance.css';

/** The game-under-maintenance page: the notice, then other games to play. */
export function GameMaintenance({ gameId, name }: { gameId: number; name: string }) {
  const { t } = useTranslation('games');
  const suggested = useSuggestedGames(gameId || undefined);
  const launcher = useGameLauncher();
  const favourites = useFavouriteToggle();
  return (
    <div className="gx-maint">
      <section className="gx-maint__notice" aria-labelledby="gx-maint-title">
        <span className="gx-maint__icon" aria-hidden="true">
          <CategoryIcon name="TOOLS" size={40} />
        </span>
        <h1 id="gx-maint-title" className="gx-maint__title">
          {t('maintenance.title')}
        </h1>
        <p className="gx-maint__text">{name ? t('maintenance.text_named', { name }) : t('maintenance.text')}</p>
        <Link to={paths.home()} className="btn btn--ghost gx-maint__home">
          {t('maintenance.home')}
        </Link>
      </section>
      <section className="gx-section" aria-labelledby="gx-maint-suggest">
        <div className="gx-section__head">
          <span className="gx-section__icon gx-section__icon--gold">
            <CategoryIcon name="STAR" size={18} />
          </span>
          <h2 id="gx-maint-suggest" className="gx-section__title">
            {t('maintenance.suggested')}
          </h2>
        </div>
        <GameGrid
          games={suggested.data ?? []}
          loading={suggested.isLoading}
          error={loadError(suggested)}
          onRetry={() => void suggested.refetch()}
          onPlay={(g) => void launcher.open(g)}
          pendingId={launcher.pendingId}
          favourites={favourites}
          label={t('maintenance.suggested')}
          skeletons={6}
        />
      </section>
      {launcher.modal}
    </div>
  );
}
