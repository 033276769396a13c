/**
 * The lite app's notices (ADR 014): an offline notice while the browser has no connection or the
 * backend cannot be reached (the service worker still opens the portal's shell), and the prompt to
 * reload on a new build.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icons';
import { useBackendUnreachable } from '../../api/reachability';
import { useSwState } from './sw-state';
import './lite-app.css';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (navigator.onLine with its events). */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

export function LiteAppNotices() {
  const { t } = useTranslation('common');
  // The browser's word alone is not enough: it says "online" on a link that carries nothing.
  const linked = useOnline();
  const unreachable = useBackendUnreachable();
  const online = linked && !unreachable;
  const needRefresh = useSwState((s) => s.needRefresh);
  const update = useSwState((s) => s.update);
  // The offline notice sits over the page's lower part, where a section may say the same (its
  // failed load): the player can hide it to read what is under it; the next time the connection
  // goes it shows again.
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (online) setHidden(false);
  }, [online]);

  return (
    <div className="lite-notices">
      {online || hidden ? null : (
        <div className="lite-notice lite-notice--offline" data-testid="offline-notice">
          <Icon name="info" size={18} />
          <p className="lite-notice__text" role="status">
            {t('offline')}
          </p>
          <button type="button" className="icon-btn icon-btn--sm lite-notice__hide" aria-label={t('offline_hide')} onClick={() => setHidden(true)}>
            <Icon name="close" size={16} />
          </button>
        </div>
      )}
      {needRefresh && update ? (
        <div className="lite-notice" role="status">
          <span>{t('update_ready')}</span>
          <button type="button" className="btn btn--primary btn--sm" onClick={update}>
            {t('update_reload')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
