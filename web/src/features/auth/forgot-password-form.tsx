/**
 * Forgot password: by email (username and email, sent form-encoded) or, with
 * CHNGPASSVERIF3, by mobile (mobile number, SMS code with a countdown until the returned expiration
 * time, and a new password). A phone reset answers a session token: the player is logged in and
 * sent to /.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { registerSettingsQuery } from '../../api/queries/account';
import { memberInfoQuery } from '../../api/queries/member';
import { useFlag } from '../../api/queries/system';
import { paths } from '../../config/paths';
import { useAuth } from '../../session/auth';
import { validateField } from '../../../../openapi/field-rules';
import { serverFieldErrors } from '../../ui/account-form/field-messages';
import { FormAlert } from '../../ui/account-form/form-alert';
import { MobileField, bindMobile, mobileReadyForSms } from '../../ui/account-form/mobile-field';
import { ModePanel, ModeTabs } from '../../ui/account-form/mode-tabs';
import { useRuleForm } from '../../ui/account-form/rule-form';
import { focusFirstInvalid, required, requiredOnly, ruleOf, smsCodeRule } from '../../ui/account-form/rules';
import { SmsCodeField, useSmsSender } from '../../ui/account-form/sms-code';
import { TextField } from '../../ui/account-form/text-field';
import { alertDialog } from '../../ui/dialog';
import { describeError } from '../../ui/error-state';
import { Icon } from '../../ui/icons';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { EMAIL_MAX_LENGTH, NewPasswordField, USERNAME_MAX_LENGTH, UsernameField } from './account-fields';
import { sendForgotSms, useForgotByEmail, useSetPasswordByPhone } from './api/password';

type ForgotMode = 'email' | 'mobile';
type Values = {
  username: string;
  email: string;
  countryCode: string;
  dialingCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
};

export function ForgotPasswordForm({ onBack, onDone }: { onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const byPhone = useFlag('CHNGPASSVERIF3');
  const settings = useQuery(registerSettingsQuery);
  const rules = settings.data?.rules;
  const [mode, setMode] = useState<ForgotMode>('email');
  const [formError, setFormError] = useState<string | null>(null);
  const sms = useSmsSender();
  const byEmail = useForgotByEmail();
  const reset = useSetPasswordByPhone();
  const formRef = useRef<HTMLFormElement>(null);
  const panelId = useId();

  const mobileRule = () => required(ruleOf(rules, 'mobileNum'));
  const rf = useRuleForm<Values>({
    formRef,
    defaultValues: { username: '', email: '', countryCode: '', dialingCode: '', mobileNum: '', verificationCode: '', newPassword: '' },
    // By email, username and email required; by phone, mobile number, SMS code and
    // new password (with the password rule).
    validate: (v) =>
      mode === 'email'
        ? {
            username: validateField(requiredOnly('username', USERNAME_MAX_LENGTH), v.username, { label: t('auth:username') }),
            email: validateField(requiredOnly('email', EMAIL_MAX_LENGTH), v.email, { label: t('auth:email') }),
          }
        : {
            mobileNum: validateField(mobileRule(), v.mobileNum, { label: t('auth:mobile') }),
            verificationCode: validateField(smsCodeRule(rules), v.verificationCode, { label: t('auth:sms_code') }),
            newPassword: validateField(required(ruleOf(rules, 'password'), 'newPassword'), v.newPassword, { label: t('auth:new_password') }),
          },
  });
  const { form, values, bind, setErrors } = rf;

  const fail = (error: unknown, rename: Record<string, keyof Values> = {}) => {
    const inPlace: Partial<Values> = {};
    for (const [key, message] of Object.entries(serverFieldErrors(error))) inPlace[rename[key] ?? (key as keyof Values)] = message;
    form.clearErrors();
    setErrors(inPlace);
    setFormError(Object.keys(inPlace).length > 0 ? null : describeError(error));
    focusFirstInvalid(formRef.current);
  };

  const sendCode = () =>
    sms.trigger(
      () => sendForgotSms(values.mobileNum, values.dialingCode),
      // The mobile number must be valid before an SMS is sent.
      () => mobileReadyForSms(rf, mobileRule(), t('auth:mobile'), formRef.current),
    );

  const submit = form.handleSubmit(
    (v) => {
      if (byEmail.isPending || reset.isPending) return;
      setFormError(null);
      if (mode === 'email') {
        byEmail.mutate(
          { username: v.username.trim(), email: v.email.trim() },
          {
            onSuccess: async () => {
              await alertDialog({ title: t('auth:forgot_email_sent_title'), message: t('auth:forgot_email_sent', { email: v.email.trim() }), confirmText: t('common:confirm') });
              onBack();
            },
            onError: (error) => fail(error),
          },
        );
        return;
      }
      reset.mutate(
        { mobileNum: v.mobileNum, countryDialingCode: v.dialingCode, verificationCode: v.verificationCode.trim(), newPassword: v.newPassword },
        {
          onSuccess: async (result) => {
            // After a phone reset the player is logged in automatically and sent to /.
            auth.startSession(result.token, 0);
            form.setValue('newPassword', '');
            await queryClient.fetchQuery(memberInfoQuery).catch(() => undefined);
            toast.success(t('auth:password_reset_done', { name: result.account }));
            onDone();
            void navigate(paths.home());
          },
          onError: (error) => {
            form.setValue('newPassword', '');
            fail(error, { password: 'newPassword' });
          },
        },
      );
    },
    () => setFormError(null),
  );

  const busy = byEmail.isPending || reset.isPending;
  return (
    <form ref={formRef} className="form login-form" onSubmit={(e) => void submit(e)} noValidate>
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
            form.clearErrors();
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
            <UsernameField {...bind('username')} data-autofocus />
            <TextField
              {...bind('email')}
              type="email"
              label={t('auth:email')}
              placeholder={t('auth:email_placeholder')}
              required
              icon="mail"
              autoComplete="email"
              dir="ltr"
            />
          </>
        ) : (
          <>
            <MobileField {...bindMobile(rf)} defaultDialingCode={settings.data?.defaultCountryDialingCode} required />
            <SmsCodeField sender={sms} {...bind('verificationCode')} onSend={sendCode} />
            <NewPasswordField {...bind('newPassword')} />
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
