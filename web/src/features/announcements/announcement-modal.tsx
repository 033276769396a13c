/**
 * Announcements: the list on the left, the selected one on the right,
 * 9 per page with pagination; the content is server HTML, sanitised before it renders.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementsQuery } from '../../api/queries/system';
import { ErrorState } from '../../ui/error-state';
import { formatDate } from '../../ui/format';
import { Modal } from '../../ui/modal';
import { Pagination } from '../../ui/pagination';
import { SafeHtml } from '../../ui/safe-html';
import { Skeleton } from '../../ui/spinner';
import './announcement-modal.css';

export default function AnnouncementModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('announcements');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const list = useQuery({ ...announcementsQuery(page), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const selected = rows.find((a) => a.id === selectedId) ?? rows[0];

  useEffect(() => {
    setSelectedId(null);
  }, [page]);

  return (
    <Modal open onClose={onClose} title={t('title')} size="xl" bodyClassName="announcements">
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="announcements__layout">
          <div className="announcements__side">
            {/* Busy while a page loads, the previous page still shown (keepPreviousData). */}
            <ul className="announcements__list" aria-label={t('list')} aria-busy={list.isPending || list.isPlaceholderData}>
              {list.isPending
                ? Array.from({ length: 6 }, (_, i) => (
                    <li key={i}>
                      <Skeleton height={52} radius={10} />
                    </li>
                  ))
                : rows.map((a) => (
                    <li key={a.id}>
                      <button
                        type="button"
                        className="announcements__item"
                        aria-current={a.id === selected?.id ? 'true' : undefined}
                        onClick={() => setSelectedId(a.id)}
                      >
                        <span className={`announcements__type announcements__type--${a.type}`}>{t(`type_${a.type}` as 'type_B', { defaultValue: a.type })}</span>
                        <span className="announcements__item-title">{a.title}</span>
                        <time className="announcements__time" dateTime={new Date(a.timestamp).toISOString()}>
                          {formatDate(a.timestamp, false)}
                        </time>
                      </button>
                    </li>
                  ))}
              {!list.isPending && rows.length === 0 ? <li className="announcements__empty">{t('empty')}</li> : null}
            </ul>
            <Pagination page={page} totalPages={list.data?.totalPages ?? 1} onChange={setPage} label={t('pages')} />
          </div>
          <article className="announcements__detail" aria-live="polite">
            {selected ? (
              <>
                <h3 className="announcements__detail-title">{selected.title}</h3>
                <time className="announcements__time" dateTime={new Date(selected.timestamp).toISOString()}>
                  {formatDate(selected.timestamp)}
                </time>
                <SafeHtml html={selected.content} className="announcements__content" />
              </>
            ) : list.isPending ? (
              <>
                <Skeleton height={24} width="60%" />
                <Skeleton height={120} />
              </>
            ) : null}
          </article>
        </div>
      )}
    </Modal>
  );
}
