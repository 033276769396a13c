/** System status 1: the System Maintenance page with Contact Us and Refresh. */
import { useTranslation } from 'react-i18next';
import type { SystemStatus } from '../../api/types';
import { translateContent } from '../../i18n';
import { formatDate } from '../../ui/format';
import { Icon } from '../../ui/icons';
import { StatusLayout } from './status-layout';

export default function MaintenancePage({ status }: { status: SystemStatus }) {
  const { t } = useTranslation('status');
  const window_ = status.maintenance;
  return (
    <StatusLayout
      kind="maintenance"
      title={t('maintenance_title')}
      actions={
        <button type="button" className="btn btn--outline btn--lg" onClick={() => window.location.reload()}>
          <Icon name="refresh" size={18} />
          {t('refresh')}
        </button>
      }
    >
      <p className="status-page__text">{window_?.message ? translateContent(window_.message) : t('maintenance_text')}</p>
      {window_ ? (
        <dl className="status-page__facts">
          <div>
            <dt>{t('starts')}</dt>
            <dd>{formatDate(window_.startTime)}</dd>
          </div>
          <div>
            <dt>{t('ends')}</dt>
            <dd>{formatDate(window_.endTime)}</dd>
          </div>
        </dl>
      ) : null}
    </StatusLayout>
  );
}
