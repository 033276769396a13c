/**
 * App download (the modal and /down): Android and iOS tabs, each with a QR code and
 * four steps, plus the lite app: the browser's install prompt or the add-to-home-screen steps
 * (lite-app-install.tsx). QR codes come from the
 * resources (permission), drawn by the server's `/assets/qr?text=`.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../api/queries/system';
import type { Resource } from '../../api/types';
import { QR_GENERATOR_SIZE } from '../../config/constants';
import { Icon } from '../../ui/icons';
import { LiteAppInstall } from './lite-app-install';
import './download.css';

type Platform = 'android' | 'ios';

function qrOf(resource: Resource): string {
  if (resource.qrCodeUrl) return resource.qrCodeUrl;
  const absolute = new URL(resource.url, window.location.origin).toString();
  return `/assets/qr?text=${encodeURIComponent(absolute)}&size=${QR_GENERATOR_SIZE}`;
}

export function AppDownloadContent({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('download');
  const { resources, brandName } = usePermission();
  const [tab, setTab] = useState<Platform>('android');
  const baseId = useId();
  // Under the page's h1 on /down; under the dialog's h2 in the modal (compact).
  const Heading = compact ? 'h3' : 'h2';
  const byType = (type: string) => resources.find((r) => r.resourceType.toUpperCase() === type);
  const files: Record<Platform, Resource | undefined> = { android: byType('ANDROID'), ios: byType('MOBILECONFIG') };
  const tabs: Platform[] = ['android', 'ios'];

  const onTabKey = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = tab === 'android' ? 'ios' : 'android';
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  const file = files[tab];
  return (
    <div className={`app-download${compact ? ' app-download--compact' : ''}`}>
      <div className="tabs" role="tablist" aria-label={t('platforms')} onKeyDown={onTabKey}>
        {tabs.map((p) => (
          <button
            key={p}
            id={`${baseId}-tab-${p}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab === p}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === p ? 0 : -1}
            onClick={() => setTab(p)}
          >
            <Icon name={p === 'android' ? 'android' : 'apple'} size={18} />
            {t(p)}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`} className="app-download__panel">
        <div className="app-download__qr-card">
          {file ? (
            <>
              <img src={qrOf(file)} alt={t('qr_alt', { platform: t(tab) })} width={180} height={180} className="app-download__qr" />
              <a href={file.url} className="btn btn--primary btn--block" download>
                <Icon name="download" size={18} />
                {t(tab === 'android' ? 'download_apk' : 'install_profile')}
              </a>
              <p className="app-download__hint">{t('scan_hint')}</p>
            </>
          ) : (
            <p className="muted">{t('not_available')}</p>
          )}
        </div>
        <div>
          <Heading className="section-title">{t('steps_title', { platform: t(tab) })}</Heading>
          <ol className="steps">
            {[1, 2, 3, 4].map((n) => (
              <li key={n} className="steps__item">
                <span className="steps__num" aria-hidden="true">
                  {n}
                </span>
                <span>{t(`${tab}_step_${n}` as 'android_step_1', { brand: brandName })}</span>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <LiteAppInstall headingId={`${baseId}-lite`} compact={compact} />
    </div>
  );
}
