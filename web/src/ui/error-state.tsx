/**
 * A failed section: the catalogue's messages instead of a blank screen. Network
 * failures read 'Network link abnormal, please try again'; chunk failures 'Page took too long to
 * load, check network connectivity'; gateway errors their translated code or server message.
 */
import type { FetchStatus } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR } from '../api/client';
import { isChunkError } from '../lib/lazy';
import { i18n } from '../i18n';
import './error-state.css';

/** Screens whose errors catalogue has its own wording for some codes (`errors:<context>.<code>`). */
export type ErrorContext = 'agentCentre' | 'memberCentre';

/**
 * The text to show for any error: its code's translation (the errors catalogue: every code of the
 * error registry, openapi/errors.ts, and the client's own network and chunk codes), the context's own wording of the code first when
 * one is given, else the server's message. A fetch that never got an answer, with or without the
 * client's envelope, reads 'Network link abnormal, please try again'. `fallback`, what failed in the
 * caller's words ('The games could not be loaded…'), replaces what would say nothing more: the
 * catalogue's 'Unknown error' and a server message the catalogue does not translate.
 */
export function describeError(error: unknown, context?: ErrorContext, fallback?: string): string {
  if (isChunkError(error)) return i18n.t('errors:chunk_timeout');
  if (error instanceof ApiError) {
    if (error.errorCode === NETWORK_ERROR) return i18n.t('errors:network_error');
    // The code as the server sent it: a real gateway's own code may still have a catalogue text.
    const code = error.sentCode ?? error.errorCode;
    const own = context && `${context}.${code}`;
    if (own && i18n.exists(own, { ns: 'errors' })) return i18n.t(own as 'unknown', { ns: 'errors' });
    if (code !== 'unknown' && i18n.exists(code, { ns: 'errors' })) return i18n.t(code as 'unknown', { ns: 'errors' });
    if (fallback) return fallback;
    if (i18n.exists(code, { ns: 'errors' })) return i18n.t(code as 'unknown', { ns: 'errors' });
    return error.message || i18n.t('errors:unknown');
  }
  // fetch() rejects with a TypeError when the network is down or the request was blocked
  // (Chromium 'Failed to fetch', Firefox 'NetworkError …', Safari 'Load failed').
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return i18n.t('errors:network_error');
  return fallback ?? i18n.t('errors:unknown');
}

/** A server message that is itself a catalogue code (e.g. 'invitation_code_error') is translated. */
export function translateServerMessage(message: string): string {
  if (message && i18n.exists(message, { ns: 'errors' })) return i18n.t(message as 'unknown', { ns: 'errors' });
  return message;
}

/** The network error of a call that could not be made (offline). */
const OFFLINE = new ApiError(NETWORK_ERROR, 'Network link abnormal, please try again', 0);

/**
 * Why a section has nothing to show: its call's error, or the network error while the call waits
 * paused for a connection with nothing loaded yet (offline, React Query holds calls until the browser
 * is back online and resumes them then). A list shows it with a retry instead of its empty state or
 * endless placeholders; a call that has data keeps showing it while paused.
 */
export function loadError(query: { error: unknown; isPending: boolean; fetchStatus: FetchStatus }): unknown {
  if (query.error) return query.error;
  return query.isPending && query.fetchStatus === 'paused' ? OFFLINE : null;
}

export function ErrorState({
  error,
  onRetry,
  compact = false,
  fallback,
}: {
  error: unknown;
  onRetry?: () => void;
  compact?: boolean;
  /** What failed, in the section's words, when the error itself says nothing more (describeError). */
  fallback?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={`error-state${compact ? ' error-state--compact' : ''}`} role="alert">
      <svg className="error-state__icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
        <circle cx="24" cy="34" r="2.4" fill="currentColor" />
      </svg>
      <p className="error-state__text">{describeError(error, undefined, fallback)}</p>
      {onRetry ? (
        <button type="button" className="btn btn--primary" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
