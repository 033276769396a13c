import { useTranslation } from 'react-i18next';
import type { GameType } from '../../../api/games/types';
import { CategoryIcon } from '../../../ui/games/category-icon';
import './classify-tabs.css';

export type LobbyView = 'all' | 'favourites' | 'recent';

/**
 * Game classification tabs of a vendor (getGameTypes) and the member views: favourites and recent
 * games. Visitors may click the member views; the lobby then asks them to log in.
 */
export function ClassifyTabs({
  types,
  classify,
  onClassify,
  view,
  onView,
  showFavourites,
}: {
  types: readonly GameType[];
  classify: string | null;
  onClassify: (next: string | null) => void;
  view: LobbyView;
  onView: (next: LobbyView) => void;
  showFavourites: boolean;
}) {
  const { t } = useTranslation('games');
  const classifyLabel = (type: GameType) =>
    t(`classify.${type.gameClassify}` as 'classify.SLOT', { defaultValue: type.label });
  return (
    <div className="gx-ctabs">
      <div className="gx-ctabs__group" role="tablist" aria-label={t('lobby.classifications')}>
        <button
          type="button"
          role="tab"
          aria-selected={view === 'all' && classify === null}
          className="gx-pill"
          onClick={() => {
            onView('all');
            onClassify(null);
          }}
        >
          {t('lobby.all_games')}
        </button>
        {types.map((type) => (
          <button
            key={type.gameClassify}
            type="button"
            role="tab"
            aria-selected={view === 'all' && classify === type.gameClassify}
            className="gx-pill"
            onClick={() => {
              onView('all');
              onClassify(type.gameClassify);
            }}
          >
            {classifyLabel(type)}
            <span className="gx-pill__count">{type.count}</span>
          </button>
        ))}
      </div>
      <div className="gx-ctabs__group gx-ctabs__group--end" role="tablist" aria-label={t('lobby.my_games')}>
        {showFavourites ? (
          <button
            type="button"
            role="tab"
            aria-selected={view === 'favourites'}
            className="gx-pill gx-pill--gold"
            onClick={() => onView('favourites')}
          >
            <CategoryIcon name="STAR" size={14} />
            {t('lobby.favourites')}
          </button>
        ) : null}
        <button
          type="button"
          role="tab"
          aria-selected={view === 'recent'}
          className="gx-pill gx-pill--gold"
          onClick={() => onView('recent')}
        >
          <CategoryIcon name="CLOCK" size={14} />
          {t('lobby.recent')}
        </button>
      </div>
    </div>
  );
}
