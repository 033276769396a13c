/** Top navigation: home plus every game category with at least one vendor (spec section 2). */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useNavCategories } from '../../api/queries/games';
import { Skeleton } from '../../ui/spinner';

export function TopNav() {
  const { t } = useTranslation('common');
  const { categories, isLoading } = useNavCategories();
  return (
    <nav className="top-nav" aria-label={t('main_navigation')}>
      <ul className="top-nav__list">
        <li>
          <NavLink to="/" end className="top-nav__link">
            {t('nav_home')}
          </NavLink>
        </li>
        {isLoading
          ? Array.from({ length: 5 }, (_, i) => (
              <li key={i} aria-hidden="true">
                <Skeleton width={64} height={14} />
              </li>
            ))
          : categories.map((c) => (
              <li key={c.id}>
                <NavLink to={c.path} className="top-nav__link" data-category={c.id}>
                  {t(`category_${c.id}`)}
                </NavLink>
              </li>
            ))}
      </ul>
    </nav>
  );
}
