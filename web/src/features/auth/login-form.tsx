/**
 * The login form: username mode, and SMS-code mode when MOBILEVERCODELOGIN3
 * is on (mobile number with its country code, SMS code with the send button and countdown). A
 * failure whose error value carries `captcha: true` shows the captcha box. Remember me keeps the
 * mode, username and mobile details for one day, never the password (see remember-me.ts). With
 * FREEPLAY3 on, a phone's sheet also offers the free demo, which the header has no room for there.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateField } from '../../../../openapi/field-rules';
import { ApiError } from '../../api/client';
import { registerSettingsQuery } from '../../api/queries/account';
import { memberInfoQuery } from '../../api/queries/member';
import { useFlag } from '../../api/queries/system';
import type { LoginResult } from '../../api/types';
import { useAuth } from '../../session/auth';
import { useFreeDemo } from '../../session/free-demo';
import { BusyButton } from '../../ui/busy-button';
import { ui } from '../../session/ui-store';
import { CAPTCHA_MAX_LENGTH, CaptchaField, useCaptcha } from '../../ui/account-form/captcha';
import { serverFieldErrors } from '../../ui/account-form/field-messages';
import { FormAlert } from '../../ui/account-form/form-alert';
import { MobileField, bindMobile, mobileReadyForSms } from '../../ui/account-form/mobile-field';
import { ModePanel, ModeTabs } from '../../ui/account-form/mode-tabs';
import { useRuleForm } from '../../ui/account-form/rule-form';
import { focusField, focusFirstInvalid, required, requiredOnly, ruleOf, smsCodeRule } from '../../ui/account-form/rules';
import { SmsCodeField, useSmsSender } from '../../ui/account-form/sms-code';
import { TextField } from '../../ui/account-form/text-field';
import { describeError } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { LOGIN_PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH, UsernameField } from './account-fields';
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
  /** A free demo (trial account) started from the form instead of a login; the modal may close. */
  onDemoStarted: () => void;
}

type Values = {
  username: string;
  password: string;
  countryCode: string;
  dialingCode: string;
  mobileNum: string;
  verificationCode: string;
  captcha: string;
};

export function LoginForm({ onForgot, onForced, onDone, onDemoStarted }: LoginFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const smsLogin = useFlag('MOBILEVERCODELOGIN3');
  const directReg = useFlag('DIRECTREG3');
  const freePlay = useFlag('FREEPLAY3');
  const demo = useFreeDemo();
  const settings = useQuery(registerSettingsQuery);
  const [remembered] = useState(readRememberedLogin);
  const [mode, setMode] = useState<LoginMode>(remembered?.mode === 'sms' && smsLogin ? 'sms' : 'username');
  const [remember, setRemember] = useState(remembered !== null);
  const [formError, setFormError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const captcha = useCaptcha();
  const sms = useSmsSender();
  const login = useLogin();
  const formRef = useRef<HTMLFormElement>(null);
  const panelId = useId();
  const rules = settings.data?.rules;

  const mobileRule = () => required(ruleOf(rules, 'mobileNum'));
  const rf = useRuleForm<Values>({
    formRef,
    defaultValues: {
      username: remembered?.username || lastLogin.username,
      password: '',
      countryCode: remembered?.countryCode ?? '',
      dialingCode: remembered?.dialingCode ?? '',
      mobileNum: remembered?.mobileNum ?? '',
      verificationCode: '',
      captcha: '',
    },
    // Username login needs username and password, SMS login the mobile number and
    // code, and the captcha when shown. Lengths are the rule's, refused with a message.
    validate: (v) => ({
      ...(mode === 'username'
        ? {
            username: validateField(requiredOnly('username', USERNAME_MAX_LENGTH), v.username, { label: t('auth:username') }),
            password: validateField(requiredOnly('password', LOGIN_PASSWORD_MAX_LENGTH), v.password, { label: t('auth:password') }),
          }
        : {
            mobileNum: validateField(mobileRule(), v.mobileNum, { label: t('auth:mobile') }),
            verificationCode: validateField(smsCodeRule(rules), v.verificationCode, { label: t('auth:sms_code') }),
          }),
      captcha: captcha.shown ? validateField(requiredOnly('captcha', CAPTCHA_MAX_LENGTH), v.captcha, { label: t('auth:captcha') }) : null,
    }),
  });

  const { form, values, bind, change, error, setErrors } = rf;

  const switchMode = (next: LoginMode) => {
    setMode(next);
    form.clearErrors();
    setFormError(null);
  };

  const sendCode = () =>
    sms.trigger(
      () => sendLoginSms(values.mobileNum, values.dialingCode),
      // The mobile number must be valid before an SMS is sent.
      () => mobileReadyForSms(rf, mobileRule(), t('auth:mobile'), formRef.current),
    );

  /** After login: the session starts, then a forced password change or the first-login welcome. */
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

  const submit = form.handleSubmit(
    (v) => {
      if (login.isPending || finishing) return;
      setFormError(null);
      const body: LoginRequest =
        mode === 'username'
          ? { type: 'username', username: v.username.trim(), password: v.password }
          : { type: 'sms', mobileNum: v.mobileNum, countryDialingCode: v.dialingCode, verificationCode: v.verificationCode.trim() };
      if (captcha.shown) body.captcha = v.captcha.trim();
      const usedMode = mode;
      const usedPassword = v.password;

      login.mutate(body, {
        onSuccess: (result) => {
          form.setValue('password', '');
          form.setValue('verificationCode', '');
          if (remember) {
            rememberLogin({ mode: usedMode, username: v.username.trim(), countryCode: v.countryCode, dialingCode: v.dialingCode, mobileNum: v.mobileNum });
          } else {
            forgetLogin();
          }
          void finish(result, usedMode, usedPassword);
        },
        onError: (failure) => {
          form.setValue('password', '');
          form.setValue('captcha', '');
          const inPlace = serverFieldErrors(failure);
          form.clearErrors();
          setErrors(inPlace);
          setFormError(Object.keys(inPlace).length > 0 ? null : describeError(failure));
          // A failure whose value carries the captcha flag shows (or renews) the box;
          // the server spends an answer on every check, so a shown box always needs a new image.
          const needsCaptcha = failure instanceof ApiError && failure.value?.captcha === true;
          if (needsCaptcha && !captcha.shown) captcha.show();
          else if (captcha.shown) captcha.reload();
          if (Object.keys(inPlace).length > 0) focusFirstInvalid(formRef.current);
          else focusField(formRef.current, needsCaptcha || captcha.shown ? 'captcha' : usedMode === 'username' ? 'password' : 'verificationCode');
        },
      });
    },
    () => setFormError(null),
  );

  const busy = login.isPending || finishing;
  return (
    <form ref={formRef} className="form login-form" onSubmit={(e) => void submit(e)} noValidate>
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
            <UsernameField {...bind('username')} data-autofocus={!values.username || undefined} />
            <TextField
              {...bind('password')}
              label={t('auth:password')}
              placeholder={t('auth:password_placeholder')}
              required
              icon="shield"
              revealable
              autoComplete="current-password"
              // A remembered username: the password is what is left to type.
              data-autofocus={(!!remembered?.username && mode === 'username') || undefined}
            />
          </>
        ) : (
          <>
            <MobileField {...bindMobile(rf)} defaultDialingCode={settings.data?.defaultCountryDialingCode} required />
            <SmsCodeField sender={sms} {...bind('verificationCode')} onSend={sendCode} />
          </>
        )}
        <CaptchaField captcha={captcha} error={error('captcha')} onAnswer={(answer) => change('captcha', answer)} />
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
      {freePlay ? (
        // Phones only (login-modal.css): below 768 px the header has no room for its Free demo
        // button, so the sheet offers it beside log in and register.
        <p className="login-modal__switch login-modal__demo">
          {t('auth:demo_lead')}{' '}
          <BusyButton className="link-btn" busy={demo.pending} onClick={() => demo.start(t('auth:demo_started'), onDemoStarted)}>
            {t('auth:free_demo')}
          </BusyButton>
        </p>
      ) : null}
    </form>
  );
}
