/**
 * Platform information (messageV2): the member's messages, newest first, paged beside a reader;
 * opening an unread message marks it read (and the header and side-menu badges follow). Where the
 * reader is under the list (a phone), a message the player opens is brought into view.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateContent } from '../../../i18n';
import { Empty, PageHead } from '../../../ui/centre/parts';
import { ErrorState } from '../../../ui/error-state';
import { formatDate } from '../../../ui/format';
import { Pagination } from '../../../ui/pagination';
import { SafeHtml } from '../../../ui/safe-html';
import { Skeleton } from '../../../ui/spinner';
import { useMessages } from '../api/get-messages';
import { useReadMessage } from '../api/read-message';
import type { Message } from '../types';

export function PlatformMessagesPage() {
  const { t } = useTranslation('memberCentre');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const messages = useMessages(page);
  const read = useReadMessage();
  const rows = messages.data?.list ?? [];
  const selected = rows.find((m) => m.id === selectedId) ?? null;
  const reader = useRef<HTMLElement>(null);
  // Set by the player's own choice, not by the first message opening by itself.
  const reveal = useRef(false);

  const open = (m: Message) => {
    reveal.current = true;
    setSelectedId(m.id);
    if (!m.read) read.mutate(m.id);
  };

  // The opened message in view: nothing moves where the reader already shows beside the list; on a
  // phone, where it is under the list (often below the screen), the view scrolls to its start.
  useEffect(() => {
    if (!reveal.current || !selected) return;
    reveal.current = false;
    const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    reader.current?.scrollIntoView({ block: 'nearest', behavior: reduce ? 'auto' : 'smooth' });
  }, [selected]);

  // The first message of a page opens by itself (and is marked read) when nothing is selected.
  const first = rows[0];
  useEffect(() => {
    if (selectedId === null && first) {
      setSelectedId(first.id);
      if (!first.read) read.mutate(first.id);
    }
    // Only a new page or first load may auto-select; `read` is stable enough for this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [first?.id, selectedId]);

  if (messages.isError)
    return <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />;
  const unread = rows.filter((m) => !m.read).length;

  return (
    <>
      <PageHead
        title={t('menu.messageV2')}
        lead={unread > 0 ? t('messages.unread', { count: unread }) : t('messages.lead')}
      />
      {messages.data && rows.length === 0 ? (
        <Empty>{t('messages.empty')}</Empty>
      ) : (
        <div className="mc-inbox">
          <div className="mc-inbox__list">
            <ul aria-label={t('messages.list')}>
              {messages.isPending
                ? Array.from({ length: 6 }, (_, i) => (
                    <li key={i}>
                      <Skeleton height={58} radius={10} />
                    </li>
                  ))
                : rows.map((m) => (
                    <li key={m.id}>
                      <button
                        type="button"
                        className={`mc-inbox__item${m.read ? '' : ' mc-inbox__item--unread'}`}
                        aria-current={m.id === selected?.id ? 'true' : undefined}
                        onClick={() => open(m)}
                      >
                        <span className="mc-inbox__dot" aria-hidden="true" />
                        <bdi className="mc-inbox__title">{translateContent(m.title)}</bdi>
                        {!m.read ? (
                          <span className="visually-hidden">{t('messages.unread_label')}</span>
                        ) : null}
                        <time
                          className="mc-inbox__time"
                          dateTime={new Date(m.timestamp).toISOString()}
                        >
                          {formatDate(m.timestamp, false)}
                        </time>
                      </button>
                    </li>
                  ))}
            </ul>
            <Pagination
              page={page}
              totalPages={messages.data?.totalPages ?? 1}
              onChange={(p) => {
                setPage(p);
                setSelectedId(null);
              }}
              label={t('messages.pages')}
            />
          </div>
          <article ref={reader} className="mc-inbox__reader" aria-live="polite">
            {selected ? (
              <>
                <h4 className="mc-inbox__reader-title">
                  <bdi>{translateContent(selected.title)}</bdi>
                </h4>
                <time
                  className="mc-inbox__time"
                  dateTime={new Date(selected.timestamp).toISOString()}
                >
                  {formatDate(selected.timestamp)}
                </time>
                <SafeHtml html={selected.content} className="mc-inbox__content" />
              </>
            ) : (
              <>
                <Skeleton height={24} width="60%" />
                <Skeleton height={120} />
              </>
            )}
          </article>
        </div>
      )}
    </>
  );
}
