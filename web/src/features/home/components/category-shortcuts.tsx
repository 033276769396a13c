import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNavCategories } from '../../../api/queries/games';
import { CategoryIcon } from '../../../ui/games/category-icon';
import './category-shortcuts.css';

/** Placeholders while the vendor list is loading: as many as the categories a brand usually has. */
const SKELETON_CARDS = 8;

/**
 * The category cards under the banner: one per category that has vendors (a
 * category shows only with at least one vendor), in the side menu's order. Their number goes to the
 * stylesheet (`data-count`: the page's security policy refuses inline styles), which shares them
 * evenly over the fewest rows that fit.
 */
export function CategoryShortcuts() {
  const { t } = useTranslation('home');
  const { categories, isLoading } = useNavCategories();
  const count = isLoading ? SKELETON_CARDS : categories.length;
  return (
    <div className="hx-cats-frame">
      <nav
        className="hx-cats"
        aria-label={t('categories.label')}
        data-count={count}
      >
        {isLoading
          ? Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <span key={i} className="hx-cat hx-cat--skeleton gx-shimmer" aria-hidden="true" />
            ))
          : categories.map((c) => (
              <Link key={c.id} to={c.path} className={`hx-cat hx-cat--${c.id.toLowerCase()}`}>
                <span className="hx-cat__icon" aria-hidden="true">
                  <CategoryIcon name={c.id} size={26} />
                </span>
                <span className="hx-cat__text">
                  <span className="hx-cat__name">
                    {t(`categories.${c.id}` as 'categories.RNG')}
                  </span>
                  <span className="hx-cat__count">
                    {t('categories.providers', { count: c.vendors.length })}
                  </span>
                </span>
              </Link>
            ))}
      </nav>
    </div>
  );
}
