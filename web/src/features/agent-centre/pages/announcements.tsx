/** Announcement (agentAnnouncement): notices for agents, newest first; their HTML is sanitised. */
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Empty, PageHead } from '../../../ui/centre/parts';
import { ErrorState } from '../../../ui/error-state';
import { formatDate } from '../../../ui/format';
import { SafeHtml } from '../../../ui/safe-html';
import { Skeleton } from '../../../ui/spinner';
import { useAgentAnnouncements } from '../api/get-agent-announcements';

export function AnnouncementsPage() {
  const { t } = useTranslation('agentCentre');
  const list = useAgentAnnouncements();
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <PageHead title={t('menu.agentAnnouncement')} lead={t('announcements.lead')} />
      {!list.data ? (
        <div className="stack">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={96} radius={14} />
          ))}
        </div>
      ) : list.data.length === 0 ? (
        <Empty>{t('announcements.empty')}</Empty>
      ) : (
        <ol className="ac-notices">
          {list.data.map((a, i) => (
            <li key={a.id} className={`ac-notice${i === 0 ? ' ac-notice--new' : ''}`}>
              <div className="ac-notice__head">
                <h4 className="ac-notice__title">
                  <bdi>{translateContent(a.title)}</bdi>
                </h4>
                {i === 0 ? (
                  <span className="ac-notice__tag">{t('announcements.latest')}</span>
                ) : null}
                <time className="ac-notice__time" dateTime={new Date(a.timestamp).toISOString()}>
                  {formatDate(a.timestamp, false)}
                </time>
              </div>
              <SafeHtml html={a.content} className="ac-notice__body" />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
