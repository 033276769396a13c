import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../../ui/lazy-image';
import { HOT, VASSALAGE } from '../../../config/games';
import type { VendorCard } from '../../../api/games/types';
import { CategoryIcon } from '../../../ui/games/category-icon';
import { ScrollRow } from '../../../ui/scroll-row/scroll-row';
import './vendor-tabs.css';

/**
 * The vendor tabs of a lobby: 'All' then each vendor, hot vendors marked. Choosing a tab pushes
 * ?page={vendor}; a VASSALAGE vendor opens its popup list instead.
 */
export function VendorTabs({
  vendors,
  selected,
  onSelect,
  onPopup,
  loading,
}: {
  vendors: readonly VendorCard[];
  selected: string | null;
  onSelect: (vendor: string | null) => void;
  onPopup: (card: VendorCard) => void;
  loading: boolean;
}) {
  const { t } = useTranslation('games');
  if (loading) {
    return (
      <ScrollRow className="gx-vtabs-row" viewportClassName="gx-vtabs__viewport">
        <div className="gx-vtabs" aria-hidden="true">
          {Array.from({ length: 7 }, (_, i) => (
            <span key={i} className="gx-vtab gx-vtab--skeleton gx-shimmer" />
          ))}
        </div>
      </ScrollRow>
    );
  }
  // More providers than fit scroll sideways, with fades and arrows at the end that hides some
  // (ADR 020); the chosen one is scrolled into view.
  return (
    <ScrollRow className="gx-vtabs-row" viewportClassName="gx-vtabs__viewport" revealKey={selected}>
      <div className="gx-vtabs" role="tablist" aria-label={t('lobby.vendors')}>
        <button
          type="button"
          role="tab"
          aria-selected={selected === null}
          className="gx-vtab gx-vtab--all"
          onClick={() => onSelect(null)}
        >
          <span className="gx-vtab__icon">
            <CategoryIcon name="GRID" size={18} />
          </span>
          <span className="gx-vtab__name">{t('lobby.all_vendors')}</span>
        </button>
        {vendors.map((card) => {
          const popup = card.isGame === VASSALAGE;
          return (
            <button
              key={card.vendor}
              type="button"
              role="tab"
              aria-selected={selected === card.vendor}
              aria-haspopup={popup ? 'dialog' : undefined}
              className={`gx-vtab${card.isHot === HOT ? ' gx-vtab--hot' : ''}`}
              onClick={() => (popup ? onPopup(card) : onSelect(card.vendor))}
            >
              <LazyImage src={card.logo} alt="" className="gx-vtab__logo" />
              <span className="gx-vtab__name">{card.vendorName}</span>
              {card.isHot === HOT ? (
                <span className="gx-vtab__hot" title={t('badge.hot_vendor')}>
                  <CategoryIcon name="HOT" size={12} />
                  <span className="visually-hidden">{t('badge.hot_vendor')}</span>
                </span>
              ) : null}
              {popup ? (
                <span className="gx-vtab__more" aria-hidden="true">
                  ⋯
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
    </ScrollRow>
  );
}
