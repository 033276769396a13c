/** Shared frame of the maintenance and IP restriction pages: logo, illustration, text, actions. */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { permissionQuery, systemStatusQuery } from '../../api/queries/system';
import { openCustomerService } from '../../session/customer-service';
import { Icon } from '../../ui/icons';
import './status.css';

export function StatusLayout({ kind, title, children, actions }: { kind: 'maintenance' | 'restricted'; title: string; children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('status');
  // Every call but status is refused in these states: the status reply carries the support link.
  const status = useQuery(systemStatusQuery);
  const permission = useQuery({ ...permissionQuery, retry: false });
  return (
    <main className={`status-page status-page--${kind}`}>
      <div className="status-page__card">
        <img src="/assets/logo.svg" alt={permission.data?.brandName ?? ''} className="status-page__logo brand-logo" width={180} height={48} />
        <div className="status-page__art" aria-hidden="true">
          <Icon name={kind === 'maintenance' ? 'refresh' : 'shield'} size={56} />
        </div>
        <h1 className="status-page__title">{title}</h1>
        {children}
        <div className="status-page__actions">
          <button type="button" className="btn btn--primary btn--lg" onClick={() => void openCustomerService({ path: status.data?.customerService?.path ?? permission.data?.customerService.path })}>
            <Icon name="support" size={18} />
            {t('contact_us')}
          </button>
          {actions}
        </div>
      </div>
    </main>
  );
}
