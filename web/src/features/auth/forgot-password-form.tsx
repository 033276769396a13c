/**
 * Forgot password (spec sections 4 and 5): by email (username and email, sent form-encoded) or, with
 * CHNGPASSVERIF3, by mobile (mobile number, SMS code with a countdown until the returned expiration
 * time, and a new password). A phone reset answers a session token: the player is logged in and
 * sent to /.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { registerSettingsQuery } from '../../api/queries/account';
import { memberInfoQuery } from '../../api/queries/member';
import { useFlag } from '../../api/queries/system';
import { useAuth } from '../../app/auth';
import { checkField, serverFieldErrors } from '../../ui/account-form/field-messages';
import { FormAlert } from '../../ui/account-form/form-alert';
import { MobileField, type MobileValue } from '../../ui/account-form/mobile-field';
import { ModePanel, ModeTabs } from '../../ui/account-form/mode-tabs';
import { focusFirstInvalid, required, requiredOnly, ruleOf, smsCodeRule } from '../../ui/account-form/rules';
import { SmsCodeField, useSmsSender } from '../../ui/account-form/sms-code';
import { TextField } from '../../ui/account-form/text-field';
import { alertDialog } from '../../ui/dialog';
import { describeError } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { NewPasswordField, UsernameField } from './account-fields';
import { sendForgotSms, useForgotByEmail, useSetPasswordByPhone } from './api/password';

type ForgotMode = 'email' | 'mobile';
type Errors = Partial<Record<'username' | 'email' | 'mobileNum' | 'verificationCode' | 'newPassword', string>>;

export function ForgotPasswordForm({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const byPhone = useFlag('CHNGPASSVERIF3');
  const settings = useQuery(registerSettingsQuery);
  const rules = settings.data?.rules;
  const [mode, setMode] = useState<ForgotMode>('email');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState<MobileValue>({ countryCode: '', dialingCode: '', number: '' });
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const sms = useSmsSender();
  const byEmail = useForgotByEmail();
  const reset = useSetPasswordByPhone();
  const formRef = useRef<HTMLFormElement>(null);
  const panelId = useId();

  const mobileError = () => checkField(required(ruleOf(rules, 'mobileNum')), mobile.number, t('auth:mobile'));

  const fail = (error: unknown, rename: Record<string, keyof Errors> = {}) => {
    const inPlace: Errors = {};
    for (const [key, message] of Object.entries(serverFieldErrors(error))) inPlace[rename[key] ?? (key as keyof Errors)] = message;
    setErrors(inPlace);
    setFormError(Object.keys(inPlace).length > 0 ? null : describeError(error));
    focusFirstInvalid(formRef.current);
  };

  const sendCode = () =>
    sms.trigger(
      () => sendForgotSms(mobile.number, mobile.dialingCode),
      () => {
        const error = mobileError();
        setErrors((e) => ({ ...e, mobileNum: error }));
        if (error) focusFirstInvalid(formRef.current);
        return !error;
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (byEmail.isPending || reset.isPending) return;
    const next: Errors = {};
    if (mode === 'email') {
      // Spec section 5: username and email required.
      next.username = checkField(requiredOnly('username'), username, t('auth:username'));
      next.email = checkField(requiredOnly('email'), email, t('auth:email'));
    } else {
      next.mobileNum = mobileError();
      next.verificationCode = checkField(smsCodeRule(rules), code, t('auth:sms_code'));
      next.newPassword = checkField(required(ruleOf(rules, 'password'), 'newPassword'), newPassword, t('auth:new_password'));
    }
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }

    if (mode === 'email') {
      byEmail.mutate(
        { username: username.trim(), email: email.trim() },
        {
          onSuccess: async () => {
            await alertDialog({ title: t('auth:forgot_email_sent_title'), message: t('auth:forgot_email_sent', { email: email.trim() }), confirmText: t('common:confirm') });
            onBack();
          },
          onError: (error) => fail(error),
        },
      );
      return;
    }
    reset.mutate(
      { mobileNum: mobile.number, countryDialingCode: mobile.dialingCode, verificationCode: code.trim(), newPassword },
      {
        onSuccess: async (result) => {
          // Spec section 4: after a phone reset the player is logged in automatically and sent to /.
          auth.startSession(result.token, 0);
          setNewPassword('');
          await queryClient.fetchQuery(memberInfoQuery).catch(() => undefined);
          toast.success(t('auth:password_reset_done', { name: result.account }));
          onDone();
          void navigate('/');
        },
        onError: (error) => {
          setNewPassword('');
          fail(error, { password: 'newPassword' });
        },
      },
    );
  };

  const busy = byEmail.isPending || reset.isPending;
  return (
    <form ref={formRef} className="form login-form" onSubmit={submit} noValidate>
      <button type="button" className="back-link link-like" onClick={onBack}>
        <Icon name="arrow" size={16} className="flip-rtl" />
        {t('auth:back_to_login')}
      </button>
      <p className="login-modal__lead">{mode === 'email' ? t('auth:forgot_lead_email') : t('auth:forgot_lead_mobile')}</p>
      {byPhone ? (
        <ModeTabs
          idPrefix={panelId}
          label={t('auth:forgot_mode')}
          value={mode}
          onChange={(next) => {
            setMode(next);
            setErrors({});
            setFormError(null);
          }}
          tabs={[
            { id: 'email', label: t('auth:mode_email') },
            { id: 'mobile', label: t('auth:mode_mobile') },
          ]}
        />
      ) : null}
      <FormAlert message={formError} />
      <ModePanel idPrefix={panelId} value={mode} tabbed={byPhone}>
        {mode === 'email' ? (
          <>
            <UsernameField value={username} onValueChange={setUsername} data-autofocus error={errors.username} />
            <TextField
              name="email"
              type="email"
              label={t('auth:email')}
              value={email}
              onValueChange={setEmail}
              placeholder={t('auth:email_placeholder')}
              required
              icon="mail"
              autoComplete="email"
              maxLength={128}
              dir="ltr"
              error={errors.email}
            />
          </>
        ) : (
          <>
            <MobileField value={mobile} onChange={setMobile} defaultDialingCode={settings.data?.defaultCountryDialingCode} required error={errors.mobileNum} />
            <SmsCodeField sender={sms} value={code} onValueChange={setCode} onSend={sendCode} error={errors.verificationCode} />
            <NewPasswordField value={newPassword} onValueChange={setNewPassword} error={errors.newPassword} />
          </>
        )}
      </ModePanel>
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={busy}>
        {busy ? <Spinner size={18} /> : null}
        {mode === 'email' ? t('auth:send_reset_link') : t('auth:reset_and_login')}
      </button>
    </form>
  );
}
