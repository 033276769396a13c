/**
 * The in-site chat window: needs a token, toggles open/closed and
 * large/small. The window is not modal: the page stays usable behind it.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { client, unwrap } from '../../api/client';
import { useUi, uiStore } from '../../session/ui-store';
import { currentLanguageCode } from '../../i18n';
import { ErrorState } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import './chat.css';

export default function ChatWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chat');
  const large = useUi((s) => s.chatLarge);
  const language = currentLanguageCode();
  const chat = useQuery({
    queryKey: ['me', 'chatUrl', language],
    queryFn: () =>
      unwrap(
        client.POST('/wps/relay/MCSFE_chatUrl', {
          body: { b2c: 1, title: t('title'), language, headerColor: '#15122b' },
        }),
      ),
    staleTime: 5 * 60_000,
  });

  return (
    <section className={`chat-window${large ? ' chat-window--large' : ''}`} aria-label={t('title')}>
      <header className="chat-window__head">
        <Icon name="chat" size={18} />
        <h2 className="chat-window__title">{t('title')}</h2>
        <button
          type="button"
          className="icon-btn icon-btn--sm"
          aria-pressed={large}
          aria-label={large ? t('smaller') : t('larger')}
          title={large ? t('smaller') : t('larger')}
          onClick={() => uiStore.set({ chatLarge: !large })}
        >
          <Icon name="grid" size={16} />
        </button>
        <button type="button" className="icon-btn icon-btn--sm" aria-label={t('close')} title={t('close')} onClick={onClose}>
          <Icon name="close" size={16} />
        </button>
      </header>
      <div className="chat-window__body">
        {chat.isError ? (
          <ErrorState error={chat.error} onRetry={() => void chat.refetch()} compact />
        ) : chat.isPending ? (
          <div className="chat-window__loading">
            <Spinner />
          </div>
        ) : (
          <iframe title={t('title')} src={chat.data.chatUrl} className="chat-window__frame" />
        )}
      </div>
    </section>
  );
}

