/** /down: the app download page. */
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/queries/system';
import { AppDownloadContent } from './app-download-content';

export function DownloadPage() {
  const { t } = useTranslation('download');
  const { brandName } = usePermission();
  return (
    <div className="page download-page">
      <header className="page-head">
        <h1 className="page-title">{t('title', { brand: brandName })}</h1>
        <p className="page-lead">{t('lead')}</p>
      </header>
      <div className="feature-row">
        {(['feature_fast', 'feature_secure', 'feature_bonus'] as const).map((k) => (
          <div key={k} className="feature-row__item">
            <strong>{t(`${k}_title`)}</strong>
            <span>{t(k)}</span>
          </div>
        ))}
      </div>
      <div className="card card--pad">
        <AppDownloadContent />
      </div>
    </div>
  );
}
