/**
 * Replay mode in the sandbox bar (`npm start -- --replay DIR`, ADR 013): which calls answer from
 * the recording of a real gateway, and which recorded replies were set aside because they no longer
 * meet the contract (the simulator answers those).
 */
import { useTranslation } from 'react-i18next';
import type { ReplayInfo } from './control-api';

export function ReplayNote({ replay }: { replay: ReplayInfo | null | undefined }) {
  const { t } = useTranslation('sandbox');
  if (!replay) return null;
  return (
    <details className="sandbox__replay">
      <summary>{t('replay_summary', { count: replay.operations.length })}</summary>
      <p className="sandbox__note">
        {t('replay_source')} <bdi>{replay.gateway}</bdi>
      </p>
      <ul aria-label={t('replay_operations')}>
        {replay.operations.map((op) => (
          <li key={op}>
            <code>{op}</code>
          </li>
        ))}
      </ul>
      {replay.rejected.length ? (
        <>
          <p className="sandbox__note">{t('replay_rejected')}</p>
          <ul aria-label={t('replay_rejectedList')}>
            {replay.rejected.map((r) => (
              <li key={r.operationId} title={r.reason}>
                <code>{r.operationId}</code> ({r.count})
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </details>
  );
}
