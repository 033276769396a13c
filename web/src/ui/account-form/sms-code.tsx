/**
 * The SMS code field with its send button: the button asks the server
 * at most once per 1000 ms, then counts down (the caller says how long: 60 s per minute of the
 * returned expiredMinutes, or until the returned expirationTime) with the label 'code sent' plus
 * the seconds, disabled until zero. A failed send shows a warning dialog with the server's message
 * and a confirm button. Pressing the button moves the focus to the code input once the code is on
 * its way (the button is disabled then, and a disabled button would drop the focus to the page).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SMS_THROTTLE_MS } from '../../config/constants';
import { i18n } from '../../i18n';
import { alertDialog } from '../dialog';
import { describeError } from '../error-state';
import { TextField } from './text-field';

export interface SmsSender {
  /** Seconds left before another code may be asked for; 0 when the button is free. */
  remaining: number;
  pending: boolean;
  /** Bumped on every successful send (announced to screen readers). */
  sentCount: number;
  /**
   * Ask for a code. `send` resolves to the countdown length in seconds; `precheck` runs first and
   * may refuse (an invalid mobile number) without spending the throttle.
   */
  trigger: (send: () => Promise<number>, precheck?: () => boolean) => void;
  reset: () => void;
}

export function useSmsSender(): SmsSender {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [pending, setPending] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  const lastRequest = useRef(0);
  const busy = useRef(false);
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const trigger = useCallback((send: () => Promise<number>, precheck?: () => boolean) => {
    const start = Date.now();
    if (busy.current || endsAt > start) return;
    if (precheck && !precheck()) return;
    // The request is throttled to once per 1000 ms.
    if (start - lastRequest.current < SMS_THROTTLE_MS) return;
    lastRequest.current = start;
    busy.current = true;
    setPending(true);
    send()
      .then((seconds) => {
        const at = Date.now();
        setNow(at);
        setEndsAt(at + Math.max(0, seconds) * 1000);
        setSentCount((n) => n + 1);
      })
      .catch((error: unknown) => {
        void alertDialog({
          title: i18n.t('auth:sms_failed_title'),
          message: describeError(error),
          confirmText: i18n.t('common:confirm'),
          tone: 'warning',
        });
      })
      .finally(() => {
        busy.current = false;
        setPending(false);
      });
  }, [endsAt]);

  const reset = useCallback(() => setEndsAt(0), []);
  return { remaining, pending, sentCount, trigger, reset };
}

export interface SmsCodeFieldProps {
  sender: SmsSender;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  /** Ignored (always verificationCode); accepted so a bound form field can be spread in. */
  name?: string;
  onSend: () => void;
  error?: string;
  label?: string;
}

export function SmsCodeField({ sender, value, onValueChange, onBlur, onSend, error, label }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  const counting = sender.remaining > 0;
  const inputRef = useRef<HTMLInputElement>(null);
  const pressed = useRef(false);
  // A send the button started: the code is typed next, so the focus goes to the input in the render
  // that disables the button (a number refused before sending keeps the focus on its field).
  useLayoutEffect(() => {
    if (!sender.pending || !pressed.current) return;
    pressed.current = false;
    inputRef.current?.focus();
  }, [sender.pending]);
  return (
    <>
      <TextField
        inputRef={inputRef}
        name="verificationCode"
        label={label ?? t('sms_code')}
        value={value}
        onValueChange={onValueChange}
        onBlur={onBlur}
        placeholder={t('sms_code_placeholder')}
        required
        icon="shield"
        autoComplete="one-time-code"
        inputMode="numeric"
        error={error}
        className="field--sms"
        addon={
          <button
            type="button"
            className="btn btn--outline btn--sm sms-send"
            onClick={() => {
              pressed.current = true;
              onSend();
            }}
            disabled={counting || sender.pending}
            aria-disabled={counting || sender.pending}
          >
            {counting ? t('code_sent_seconds', { seconds: sender.remaining }) : t('send_code')}
          </button>
        }
      />
      <span className="visually-hidden" role="status" aria-live="polite">
        {sender.sentCount > 0 ? <span key={sender.sentCount}>{t('code_sent_status')}</span> : null}
      </span>
    </>
  );
}
