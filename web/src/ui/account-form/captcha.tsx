/**
 * The captcha box of login (after a failure whose error value carries `captcha: true`) and of
 * registration (when the register settings say so): the image comes from GET /wps/captcha as a data
 * URL and clicking it loads a new one, at most once per second.
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCaptcha } from '../../api/queries/account';
import { CAPTCHA_REFRESH_MS } from '../../config/constants';
import { describeError } from '../error-state';
import { Spinner } from '../spinner';
import { TextField } from './text-field';

/** The contract's bound of a captcha answer (login and registration). */
export const CAPTCHA_MAX_LENGTH = 16;

export interface CaptchaState {
  shown: boolean;
  image: string | null;
  answer: string;
  loadError: string | null;
  setAnswer: (answer: string) => void;
  /** Show the box and load a first image. */
  show: () => void;
  /** The player's click on the image: a new image, unless one came less than a second ago. */
  refresh: () => void;
  /** A new image now (the server consumes an answer on every check, right or wrong). */
  reload: () => void;
  hide: () => void;
}

export function useCaptcha(initiallyShown = false): CaptchaState {
  const [shown, setShown] = useState(initiallyShown);
  const [image, setImage] = useState<string | null>(null);
  const [answer, setAnswer] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const lastLoad = useRef(0);
  const sequence = useRef(0);

  const load = useCallback(async (force: boolean) => {
    const now = Date.now();
    if (!force && now - lastLoad.current < CAPTCHA_REFRESH_MS) return;
    lastLoad.current = now;
    const ticket = ++sequence.current;
    setImage(null);
    setAnswer('');
    setLoadError(null);
    try {
      const next = await fetchCaptcha();
      if (ticket === sequence.current) setImage(next);
    } catch (error) {
      if (ticket === sequence.current) setLoadError(describeError(error));
    }
  }, []);

  return {
    shown,
    image,
    answer,
    loadError,
    setAnswer,
    show: useCallback(() => {
      setShown(true);
      void load(true);
    }, [load]),
    refresh: useCallback(() => void load(false), [load]),
    reload: useCallback(() => void load(true), [load]),
    hide: useCallback(() => {
      sequence.current++;
      setShown(false);
      setImage(null);
      setAnswer('');
    }, []),
  };
}

export function CaptchaField({
  captcha,
  error,
  required = true,
  onAnswer,
}: {
  captcha: CaptchaState;
  error?: string;
  required?: boolean;
  /** Told of every typed answer (a form that holds the answer among its values). */
  onAnswer?: (answer: string) => void;
}) {
  const { t } = useTranslation('auth');
  if (!captcha.shown) return null;
  return (
    <TextField
      name="captcha"
      label={t('captcha')}
      value={captcha.answer}
      onValueChange={(answer) => {
        captcha.setAnswer(answer);
        onAnswer?.(answer);
      }}
      placeholder={t('captcha_placeholder')}
      required={required}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      error={error ?? captcha.loadError ?? undefined}
      className="field--captcha"
      addon={
        <button
          type="button"
          className="captcha__image"
          onClick={captcha.refresh}
          aria-label={t('refresh_captcha')}
          title={t('refresh_captcha')}
        >
          {captcha.image ? <img src={captcha.image} alt={t('captcha_image')} width={110} height={40} /> : <Spinner size={18} />}
        </button>
      }
    />
  );
}
