/** System status 2: the IP Restriction page with the visitor IP and country. */
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '../../api/types';
import { currentLanguage } from '../../i18n';
import { StatusLayout } from './status-layout';

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLanguage().htmlLang], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export default function IpRestrictionPage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation('status');
  return (
    <StatusLayout kind="restricted" title={t('restricted_title')}>
      <p className="status-page__text">{t('restricted_text')}</p>
      <dl className="status-page__facts">
        <div>
          <dt>{t('your_ip')}</dt>
          <dd dir="ltr" data-testid="visitor-ip">
            {status.ip}
          </dd>
        </div>
        <div>
          <dt>{t('your_country')}</dt>
          <dd data-testid="visitor-country">
            {countryName(status.country)} ({status.country})
          </dd>
        </div>
      </dl>
    </StatusLayout>
  );
}
