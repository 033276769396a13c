/** Speed test (customer-service menu): the brand's alternative domains with their measured speed. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { domainRoutesQuery } from '../../api/queries/system';
import { ErrorState } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { Skeleton } from '../../ui/spinner';
import './speed-test.css';

function grade(ms: number): 'fast' | 'ok' | 'slow' {
  if (ms < 150) return 'fast';
  if (ms < 400) return 'ok';
  return 'slow';
}

export default function SpeedTestModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('speedTest');
  const routes = useQuery(domainRoutesQuery);
  const rows = [...(routes.data ?? [])].sort((a, b) => a.speed - b.speed);
  const max = Math.max(1, ...rows.map((r) => r.speed));
  return (
    <Modal
      open
      onClose={onClose}
      title={t('title')}
      size="md"
      footer={
        <button type="button" className="btn btn--primary" onClick={() => void routes.refetch()} disabled={routes.isFetching}>
          <Icon name="refresh" size={16} className={routes.isFetching ? 'spin' : undefined} />
          {t('test_again')}
        </button>
      }
    >
      <p className="muted">{t('lead')}</p>
      {routes.isError ? (
        <ErrorState error={routes.error} onRetry={() => void routes.refetch()} compact />
      ) : routes.isPending ? (
        <div className="stack">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={44} radius={10} />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ol className="speed-list">
          {rows.map((r, i) => (
            <li key={r.domain} className={`speed-list__row speed-list__row--${grade(r.speed)}`}>
              <span className="speed-list__rank">{i + 1}</span>
              <span className="speed-list__domain" dir="ltr">
                {r.domain}
              </span>
              <span className="speed-list__bar" aria-hidden="true">
                <span style={{ inlineSize: `${Math.max(6, (r.speed / max) * 100)}%` }} />
              </span>
              <span className="speed-list__ms">{t('ms', { ms: r.speed })}</span>
              <span className="speed-list__grade">{t(`grade_${grade(r.speed)}`)}</span>
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
