/**
 * The login modal: username and password (spec section 4 "Login modes"; SMS mode, remember-me and
 * the forced password change come with the account flows). A failure whose error value carries the
 * captcha flag shows a captcha box (spec section 4); clicking the image refreshes it, at most once
 * per second (section 5).
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useFlag } from '../../api/queries/system';
import { useAuth } from '../../app/auth';
import { ui } from '../../app/ui-store';
import { describeError } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { fetchCaptcha, useLogin } from './api/login';
import './login-modal.css';

const CAPTCHA_REFRESH_MS = 1_000;

export default function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const directReg = useFlag('DIRECTREG3');
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [captcha, setCaptcha] = useState<{ image: string | null; answer: string } | null>(null);
  const [errors, setErrors] = useState<{ username?: string; password?: string; captcha?: string; form?: string }>({});
  const lastCaptcha = useRef(0);
  const ids = { user: useId(), pass: useId(), captcha: useId(), error: useId() };

  const loadCaptcha = async () => {
    const now = Date.now();
    if (now - lastCaptcha.current < CAPTCHA_REFRESH_MS) return;
    lastCaptcha.current = now;
    setCaptcha((c) => ({ image: null, answer: c?.answer ?? '' }));
    try {
      const image = await fetchCaptcha();
      setCaptcha({ image, answer: '' });
    } catch (error) {
      setErrors((e) => ({ ...e, captcha: describeError(error) }));
    }
  };

  // Leaving /login after a successful login or by closing: back to where the guard came from.
  const leaveLoginRoute = () => {
    if (location.pathname !== '/login') return;
    const from = (location.state as { from?: string } | null)?.from;
    void navigate(from && from !== '/login' ? from : '/', { replace: true });
  };

  useEffect(() => {
    if (auth.token && location.pathname === '/login') leaveLoginRoute();
    // Only once, when the modal opens already logged in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!username.trim()) next.username = t('common:not_empty', { field: t('auth:username') });
    if (!password) next.password = t('common:not_empty', { field: t('auth:password') });
    if (captcha && !captcha.answer.trim()) next.captcha = t('auth:captcha_required');
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    login.mutate(
      { type: 'username', username: username.trim(), password, ...(captcha ? { captcha: captcha.answer.trim() } : {}) },
      {
        onSuccess: (result) => {
          auth.startSession(result.token, result.isAgent);
          toast.success(t('auth:welcome_back', { name: result.username }));
          onClose();
          leaveLoginRoute();
        },
        onError: (error) => {
          setPassword('');
          setErrors({ form: describeError(error) });
          if (error instanceof ApiError && error.value?.captcha) void loadCaptcha();
        },
      },
    );
  };

  return (
    <Modal open onClose={onClose} title={t('auth:login_title')} size="sm" className="login-modal">
      <form className="form" onSubmit={submit} noValidate aria-describedby={errors.form ? ids.error : undefined}>
        <p className="login-modal__lead">{t('auth:login_lead')}</p>
        {errors.form ? (
          <p id={ids.error} className="form__alert" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={ids.user} className="field__label">
            {t('auth:username')}
          </label>
          <div className="field__control">
            <Icon name="user" size={18} className="field__icon" />
            <input
              id={ids.user}
              name="username"
              autoComplete="username"
              data-autofocus
              value={username}
              placeholder={`* ${t('auth:username_placeholder')}`}
              aria-invalid={!!errors.username}
              aria-describedby={errors.username ? `${ids.user}-err` : undefined}
              onChange={(e) => setUsername(e.target.value)}
              maxLength={64}
            />
          </div>
          {errors.username ? (
            <p id={`${ids.user}-err`} className="field__error">
              {errors.username}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={ids.pass} className="field__label">
            {t('auth:password')}
          </label>
          <div className="field__control">
            <Icon name="shield" size={18} className="field__icon" />
            <input
              id={ids.pass}
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              placeholder={`* ${t('auth:password_placeholder')}`}
              aria-invalid={!!errors.password}
              aria-describedby={errors.password ? `${ids.pass}-err` : undefined}
              onChange={(e) => setPassword(e.target.value)}
              maxLength={128}
            />
            <button
              type="button"
              className="icon-btn icon-btn--sm field__addon"
              aria-label={showPassword ? t('auth:hide_password') : t('auth:show_password')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((s) => !s)}
            >
              <Icon name={showPassword ? 'eye-off' : 'eye'} size={16} />
            </button>
          </div>
          {errors.password ? (
            <p id={`${ids.pass}-err`} className="field__error">
              {errors.password}
            </p>
          ) : null}
        </div>
        {captcha ? (
          <div className="field">
            <label htmlFor={ids.captcha} className="field__label">
              {t('auth:captcha')}
            </label>
            <div className="captcha">
              <div className="field__control">
                <input
                  id={ids.captcha}
                  name="captcha"
                  autoComplete="off"
                  inputMode="text"
                  value={captcha.answer}
                  placeholder={`* ${t('auth:captcha_placeholder')}`}
                  aria-invalid={!!errors.captcha}
                  onChange={(e) => setCaptcha({ ...captcha, answer: e.target.value })}
                  maxLength={16}
                />
              </div>
              <button type="button" className="captcha__image" onClick={() => void loadCaptcha()} aria-label={t('auth:refresh_captcha')} title={t('auth:refresh_captcha')}>
                {captcha.image ? <img src={captcha.image} alt={t('auth:captcha_image')} width={110} height={40} /> : <Spinner size={20} />}
              </button>
            </div>
            {errors.captcha ? <p className="field__error">{errors.captcha}</p> : null}
          </div>
        ) : null}
        <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={login.isPending}>
          {login.isPending ? <Spinner size={18} label={t('auth:logging_in')} /> : null}
          {t('auth:login')}
        </button>
        {directReg ? (
          <p className="login-modal__switch">
            {t('auth:no_account')}{' '}
            <button type="button" className="link-btn" onClick={() => ui.swap('login', 'register')}>
              {t('auth:register_now')}
            </button>
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
