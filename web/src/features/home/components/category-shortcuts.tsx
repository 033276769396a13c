import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNavCategories } from '../../../api/queries/games';
import { CategoryIcon } from '../../../ui/games/category-icon';
import './category-shortcuts.css';

/**
 * The category cards under the banner: one per category that has vendors (a
 * category shows only with at least one vendor), in the side menu's order.
 */
export function CategoryShortcuts() {
  const { t } = useTranslation('home');
  const { categories, isLoading } = useNavCategories();
  return (
    <nav className="hx-cats" aria-label={t('categories.label')}>
      {isLoading
        ? Array.from({ length: 8 }, (_, i) => <span key={i} className="hx-cat hx-cat--skeleton gx-shimmer" aria-hidden="true" />)
        : categories.map((c) => (
            <Link key={c.id} to={c.path} className={`hx-cat hx-cat--${c.id.toLowerCase()}`}>
              <span className="hx-cat__icon" aria-hidden="true">
                <CategoryIcon name={c.id} size={26} />
              </span>
              <span className="hx-cat__text">
                <span className="hx-cat__name">{t(`categories.${c.id}` as 'categories.RNG')}</span>
                <span className="hx-cat__count">{t('categories.providers', { count: c.vendors.length })}</span>
              </span>
            </Link>
          ))}
    </nav>
  );
}
