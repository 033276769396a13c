import { useTranslation } from 'react-i18next';
import { LazyImage } from '../lazy-image';
import { HOT } from '../../config/games';
import type { Game } from '../../api/games/types';
import { CategoryIcon } from './category-icon';
import { FavouriteButton } from './favourite-button';
import './games.css';
import './game-card.css';

export interface GameCardProps {
  game: Game;
  onPlay: (game: Game) => void;
  /** Launch in flight for this tile. */
  pending?: boolean;
  favourite?: { active: boolean; onToggle: () => void };
}

/**
 * One game tile: lazy image, hot/new/maintenance badges, a play button named after
 * the game and, for RNG-style tiles, the favourite star.
 */
export function GameCard({ game, onPlay, pending = false, favourite }: GameCardProps) {
  const { t } = useTranslation('games');
  return (
    <li className={`gx-card${game.maintenance ? ' gx-card--maintenance' : ''}`}>
      <div className="gx-card__media">
        <LazyImage src={game.image} alt="" className="gx-card__img" />
        {game.maintenance ? (
          <span className="gx-card__maint">
            <CategoryIcon name="TOOLS" size={16} />
            {t('badge.maintenance')}
          </span>
        ) : null}
        <button
          type="button"
          className="gx-card__play"
          aria-label={t('card.play', { name: game.gameName })}
          aria-busy={pending || undefined}
          disabled={pending}
          onClick={() => onPlay(game)}
        >
          <span className="gx-card__play-pill">
            {pending ? <span className="gx-card__spinner" aria-hidden="true" /> : <CategoryIcon name="PLAY" size={16} />}
            {pending ? t('launch.launching') : t('card.play_now')}
          </span>
        </button>
      </div>
      <div className="gx-card__body">
        <div className="gx-card__text">
          <h3 className="gx-card__name" title={game.gameName} dir="auto">
            {game.gameName}
          </h3>
          <p className="gx-card__vendor">
            {/* The tile picture carries its own hot/new flags; these words are for screen readers. */}
            {game.isHot === HOT ? <span className="visually-hidden">{t('badge.hot')}, </span> : null}
            {game.isNew === 1 ? <span className="visually-hidden">{t('badge.new')}, </span> : null}
            <span className="gx-card__vendor-name" dir="auto">{game.accountTypeName || game.vendor}</span>
          </p>
        </div>
        {favourite ? (
          <FavouriteButton className="gx-card__fav" name={game.gameName} active={favourite.active} onToggle={favourite.onToggle} />
        ) : null}
      </div>
    </li>
  );
}

/** Placeholder tiles while a list loads. */
export function GameCardSkeletons({ count = 12 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <li key={`sk-${i}`} className="gx-card gx-card--skeleton" aria-hidden="true">
          <div className="gx-card__media gx-shimmer" />
          <div className="gx-card__body">
            <span className="gx-shimmer gx-line" />
            <span className="gx-shimmer gx-line gx-line--short" />
          </div>
        </li>
      ))}
    </>
  );
}
