import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LazyImage } from '../lazy-image';
import { HOT, VASSALAGE } from '../../config/games';
import type { VendorCard } from '../../api/games/types';
import { CategoryIcon } from './category-icon';
import './vendor-tile.css';

/**
 * A vendor card: its logo, name and hot mark. A VASSALAGE card opens the vendor popup list (a
 * button); any other card leads to its lobby tab (a link).
 */
export function VendorTile({
  card,
  href,
  onPopup,
  caption,
}: {
  card: VendorCard;
  href: string;
  onPopup: (card: VendorCard) => void;
  caption?: string;
}) {
  const { t } = useTranslation('games');
  const inner = (
    <>
      <span className="gx-vtile__logo-wrap">
        <LazyImage src={card.logo} alt="" className="gx-vtile__logo" />
      </span>
      <span className="gx-vtile__name">{card.vendorName}</span>
      {caption ? <span className="gx-vtile__caption">{caption}</span> : null}
      {card.isHot === HOT ? (
        <span className="gx-badge gx-badge--hot gx-vtile__hot">
          <CategoryIcon name="HOT" size={11} />
          {t('badge.hot')}
        </span>
      ) : null}
      {card.maintenance ? <span className="gx-vtile__maint">{t('badge.maintenance')}</span> : null}
    </>
  );
  if (card.isGame === VASSALAGE) {
    return (
      <button type="button" className="gx-vtile" aria-haspopup="dialog" onClick={() => onPopup(card)}>
        {inner}
      </button>
    );
  }
  return (
    <Link className="gx-vtile" to={href}>
      {inner}
    </Link>
  );
}
