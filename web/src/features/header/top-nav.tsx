/** Top navigation: home plus every game category with at least one vendor. */
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useNavCategories } from '../../api/queries/games';
import { paths } from '../../config/paths';
import { ScrollRow } from '../../ui/scroll-row/scroll-row';
import { Skeleton } from '../../ui/spinner';

export function TopNav() {
  const { t } = useTranslation('common');
  const { categories, isLoading } = useNavCategories();
  const { pathname } = useLocation();
  // Categories that do not fit scroll; a fade and an arrow show at the end that hides some
  // (ADR 020), and the current category is scrolled into view.
  return (
    <nav className="top-nav" aria-label={t('main_navigation')}>
      <ScrollRow
        size="sm"
        viewportClassName="top-nav__viewport"
        revealKey={`${pathname} ${categories.length}`}
      >
        <ul className="top-nav__list">
          <li>
            <NavLink to={paths.home()} end className="top-nav__link">
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
      </ScrollRow>
    </nav>
  );
}
