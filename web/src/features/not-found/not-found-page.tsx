/** Unknown paths. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <div className="page not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t('not_found_title')}</h1>
      <p className="page-lead">{t('not_found_text')}</p>
      <Link to={paths.home()} className="btn btn--primary btn--lg">
        {t('back_home')}
      </Link>
    </div>
  );
}
