/**
 * The login form (spec sections 4 and 5): username mode, and SMS-code mode when MOBILEVERCODELOGIN3
 * is on (mobile number with its country code, SMS code with the send button and countdown). A
 * failure whose error value carries `captcha: true` shows the captcha box. Remember me keeps the
 * mode, username and mobile details for one day, never the password (see remember-me.ts).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { registerSettingsQuery } from '../../api/queries/account';
import { memberInfoQuery } from '../../api/queries/member';
import { useFlag } from '../../api/queries/system';
import type { LoginResult } from '../../api/types';
import { useAuth } from '../../app/auth';
import { ui } from '../../app/ui-store';
import { CaptchaField, useCaptcha } from '../../ui/account-form/captcha';
import { checkField, serverFieldErrors } from '../../ui/account-form/field-messages';
import { FormAlert } from '../../ui/account-form/form-alert';
import { MobileField, type MobileValue } from '../../ui/account-form/mobile-field';
import { ModePanel, ModeTabs } from '../../ui/account-form/mode-tabs';
import { focusField, focusFirstInvalid, required, requiredOnly, ruleOf, smsCodeRule } from '../../ui/account-form/rules';
import { SmsCodeField, useSmsSender } from '../../ui/account-form/sms-code';
import { TextField } from '../../ui/account-form/text-field';
import { describeError } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { UsernameField } from './account-fields';
import { sendLoginSms, useLogin, type LoginRequest } from './api/login';
import { lastLogin } from './last-login';
import { forgetLogin, readRememberedLogin, rememberLogin } from './remember-me';

export type LoginMode = 'username' | 'sms';

export interface LoginFormProps {
  /** The player asked for the forgot-password form. */
  onForgot: () => void;
  /** Logged in with an expired or default password: the forced change must follow. */
  onForced: (oldPassword: string) => void;
  /** Logged in; the modal may close. */
  onDone: () => void;
}

type Errors = Partial<Record<'username' | 'password' | 'mobileNum' | 'verificationCode' | 'captcha', string>>;

export function LoginForm({ onForgot, onForced, onDone }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const smsLogin = useFlag('MOBILEVERCODELOGIN3');
  const directReg = useFlag('DIRECTREG3');
  const settings = useQuery(registerSettingsQuery);
  const [remembered] = useState(readRememberedLogin);
  const [mode, setMode] = useState<LoginMode>(remembered?.mode === 'sms' && smsLogin ? 'sms' : 'username');
  const [username, setUsername] = useState(remembered?.username || lastLogin.username);
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState<MobileValue>({
    countryCode: remembered?.countryCode ?? '',
    dialingCode: remembered?.dialingCode ?? '',
    number: remembered?.mobileNum ?? '',
  });
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const captcha = useCaptcha();
  const sms = useSmsSender();
  const login = useLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const panelId = useId();
  const rules = settings.data?.rules;

  const mobileError = () => checkField(required(ruleOf(rules, 'mobileNum')), mobile.number, t('auth:mobile'));

  const switchMode = (next: LoginMode) => {
    setMode(next);
    setErrors({});
    setFormError(null);
  };

  const sendCode = () =>
    sms.trigger(
      () => sendLoginSms(mobile.number, mobile.dialingCode),
      () => {
        // Spec section 5: the mobile number must be valid before an SMS is sent.
        const error = mobileError();
        setErrors((e) => ({ ...e, mobileNum: error }));
        if (error) focusFirstInvalid(formRef.current);
        return !error;
      },
    );

  /** Spec section 4, "After login". */
  const finish = async (result: LoginResult, usedMode: LoginMode, usedPassword: string) => {
    auth.startSession(result.token, result.isAgent);
    lastLogin.username = result.username;
    // An expired or default password must be changed first, unless the login was by SMS.
    const forced = result.passwordExpired && usedMode !== 'sms';
    if (result.firstTimeLogin) {
      // First-login action: a welcome, and the announcements once the way is clear.
      toast.success(t('auth:first_login_welcome', { name: result.username }));
      if (!forced) ui.open('announcement');
    }
    if (forced) {
      onForced(usedPassword);
      return;
    }
    setFinishing(true);
    const member = await queryClient.fetchQuery(memberInfoQuery).catch(() => undefined);
    setFinishing(false);
    if (!result.firstTimeLogin) toast.success(t('auth:welcome_back', { name: member?.nickname || result.username }));
    onDone();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (login.isPending || finishing) return;
    const next: Errors = {};
    if (mode === 'username') {
      next.username = checkField(requiredOnly('username'), username, t('auth:username'));
      next.password = checkField(requiredOnly('password'), password, t('auth:password'));
    } else {
      next.mobileNum = mobileError();
      next.verificationCode = checkField(smsCodeRule(rules), code, t('auth:sms_code'));
    }
    if (captcha.shown) next.captcha = checkField(requiredOnly('captcha'), captcha.answer, t('auth:captcha'));
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }

    const body: LoginRequest =
      mode === 'username'
        ? { type: 'username', username: username.trim(), password }
        : { type: 'sms', mobileNum: mobile.number, countryDialingCode: mobile.dialingCode, verificationCode: code.trim() };
    if (captcha.shown) body.captcha = captcha.answer.trim();
    const usedMode = mode;
    const usedPassword = password;

    login.mutate(body, {
      onSuccess: (result) => {
        setPassword('');
        setCode('');
        if (remember) {
          rememberLogin({ mode: usedMode, username: username.trim(), countryCode: mobile.countryCode, dialingCode: mobile.dialingCode, mobileNum: mobile.number });
        } else {
          forgetLogin();
        }
        void finish(result, usedMode, usedPassword);
      },
      onError: (error) => {
        setPassword('');
        const inPlace = serverFieldErrors(error);
        setErrors(inPlace);
        setFormError(Object.keys(inPlace).length > 0 ? null : describeError(error));
        // Spec section 4: a failure whose value carries the captcha flag shows (or renews) the box;
        // the server spends an answer on every check, so a shown box always needs a new image.
        const needsCaptcha = error instanceof ApiError && error.value?.captcha === true;
        if (needsCaptcha && !captcha.shown) captcha.show();
        else if (captcha.shown) captcha.reload();
        if (Object.keys(inPlace).length > 0) focusFirstInvalid(formRef.current);
        else focusField(formRef.current, needsCaptcha || captcha.shown ? 'captcha' : usedMode === 'username' ? 'password' : 'verificationCode');
      },
    });
  };

  const busy = login.isPending || finishing;
  return (
    <form ref={formRef} className="form login-form" onSubmit={submit} noValidate>
      <p className="login-modal__lead">{t('auth:login_lead')}</p>
      {smsLogin ? (
        <ModeTabs
          idPrefix={panelId}
          label={t('auth:login_mode')}
          value={mode}
          onChange={switchMode}
          tabs={[
            { id: 'username', label: t('auth:mode_username') },
            { id: 'sms', label: t('auth:mode_sms') },
          ]}
        />
      ) : null}
      <FormAlert message={formError} />
      <ModePanel idPrefix={panelId} value={mode} tabbed={smsLogin}>
        {mode === 'username' ? (
          <>
            <UsernameField value={username} onValueChange={setUsername} data-autofocus={!username || undefined} error={errors.username} />
            <TextField
              name="password"
              label={t('auth:password')}
              value={password}
              onValueChange={setPassword}
              placeholder={t('auth:password_placeholder')}
              required
              icon="shield"
              revealable
              autoComplete="current-password"
              maxLength={128}
              // A remembered username: the password is what is left to type.
              data-autofocus={(!!remembered?.username && mode === 'username') || undefined}
              error={errors.password}
            />
          </>
        ) : (
          <>
            <MobileField
              value={mobile}
              onChange={setMobile}
              defaultDialingCode={settings.data?.defaultCountryDialingCode}
              required
              error={errors.mobileNum}
            />
            <SmsCodeField sender={sms} value={code} onValueChange={setCode} onSend={sendCode} error={errors.verificationCode} />
          </>
        )}
        <CaptchaField captcha={captcha} error={errors.captcha} />
      </ModePanel>
      <div className="check-row">
        <label className="checkbox">
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('auth:remember_me')}
        </label>
        <button type="button" className="link-btn" onClick={onForgot}>
          {t('auth:forgot_password')}
        </button>
      </div>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy}>
        {busy ? <Spinner size={18} label={t('auth:logging_in')} /> : null}
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
  );
}
