import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../api/queries/system';
import { CategoryIcon } from '../../../ui/games/category-icon';
import { formatMoney } from '../../../ui/format';
import { useDeferredAnswer } from '../../../ui/deferred-answer';
import { useWinnerBoard } from '../api/get-winner-board';
import './winners-board.css';

/** Tint of a player's initial, stable per name. */
function hue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) % 360;
  return h;
}

/**
 * The winners list (player, game name, prize). The list scrolls by itself; a copy
 * hidden from assistive technology makes the loop seamless, and hovering or focusing pauses it.
 */
export function WinnersBoard() {
  const { t } = useTranslation('home');
  const { currencySymbol } = usePermission();
  const winners = useWinnerBoard();
  const { data, loading } = useDeferredAnswer(winners);
  const list = data ?? [];

  const rows = (hidden: boolean) =>
    list.map((w, i) => (
      <li key={`${hidden ? 'copy' : 'row'}-${i}`} className="hx-win" aria-hidden={hidden || undefined}>
        <span className="hx-win__avatar" style={{ '--hx-hue': hue(w.player) } as React.CSSProperties} aria-hidden="true">
          {w.player.slice(0, 1).toUpperCase()}
        </span>
        <span className="hx-win__who">
          <span className="hx-win__player">{w.player}</span>
          <span className="hx-win__game">{w.gameName}</span>
        </span>
        <span className="hx-win__prize">{formatMoney(w.prize, currencySymbol, { wholeWithoutCents: true })}</span>
      </li>
    ));

  return (
    <section className="hx-winners" aria-labelledby="hx-winners-title">
      <div className="hx-winners__head">
        <span className="hx-winners__trophy" aria-hidden="true">
          <CategoryIcon name="TROPHY" size={22} />
        </span>
        <div>
          <h2 id="hx-winners-title" className="hx-winners__title">
            {t('winners.title')}
          </h2>
          <p className="hx-winners__sub">{t('winners.sub')}</p>
        </div>
        <span className="hx-winners__live">
          <span className="hx-winners__dot" aria-hidden="true" />
          {t('winners.live')}
        </span>
      </div>
      <div className="hx-winners__cols" aria-hidden="true">
        <span>{t('winners.player')}</span>
        <span>{t('winners.prize')}</span>
      </div>
      {loading ? (
        <ul className="hx-winners__list" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="hx-win">
              <span className="hx-win__avatar gx-shimmer" />
              <span className="hx-win__who">
                <span className="gx-shimmer gx-line" />
                <span className="gx-shimmer gx-line gx-line--short" />
              </span>
            </li>
          ))}
        </ul>
      ) : list.length === 0 ? (
        <p className="hx-winners__empty">{t('winners.empty')}</p>
      ) : (
        <div className="hx-winners__viewport" tabIndex={0} aria-label={t('winners.title')}>
          <ul className={`hx-winners__list${list.length > 5 ? ' hx-winners__list--scroll' : ''}`} style={{ '--hx-rows': list.length } as React.CSSProperties}>
            {rows(false)}
            {list.length > 5 ? rows(true) : null}
          </ul>
        </div>
      )}
    </section>
  );
}
