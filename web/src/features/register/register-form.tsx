/**
 * The registration form, shared by the /register page and the registration popup.
 * Form type register (username and password) or registerMobile (mobile number, password
 * only with MOBILENUMPASSREG3); every optional field shown, hidden and required by the server's
 * rules; SMS code and captcha when the settings say so.
 *
 * The values live in react-hook-form, judged by the shared rule engine (validateForm over the rules
 * of the form as shown); the sequence after a valid submit is useRegisterFlow's, the payload
 * buildRegisterPayload's.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { validateForm } from '../../../../openapi/field-rules';
import { registerSettingsQuery } from '../../api/queries/account';
import { useFlag } from '../../api/queries/system';
import { CaptchaField, useCaptcha } from '../../ui/account-form/captcha';
import { FormAlert } from '../../ui/account-form/form-alert';
import { MobileField, bindMobile, mobileReadyForSms } from '../../ui/account-form/mobile-field';
import { ModePanel, ModeTabs } from '../../ui/account-form/mode-tabs';
import { PaymentPasswordField } from '../../ui/account-form/payment-password-field';
import { focusFirstInvalid, required, ruleOf } from '../../ui/account-form/rules';
import { useRuleForm, type Findings, type TextValues } from '../../ui/account-form/rule-form';
import { SmsCodeField, useSmsSender } from '../../ui/account-form/sms-code';
import { TextField } from '../../ui/account-form/text-field';
import { Spinner } from '../../ui/spinner';
import { sendRegisterSms } from './api/register';
import { INPUTS, OPTIONAL_KEYS, formRules, isRequired, isShown, type OptionalKey, type RegisterKind } from './register-fields';
import { useRegisterFlow } from './use-register-flow';

/** Every text the form holds: the rule keys, plus the picker's country and dialing code. */
type Values = TextValues & { mobileNum: string; countryCode: string; dialingCode: string };

/** The code of an affiliate link: ?affiliateCode= (or the short ?code=). */
function affiliateFromUrl(search: URLSearchParams): string {
  return (search.get('affiliateCode') ?? search.get('code') ?? '').trim();
}

export function RegisterForm({ inModal }: { inModal: boolean }) {
  const { t } = useTranslation(['register', 'auth', 'common', 'errors']);
  const [search] = useSearchParams();
  const usernameReg = useFlag('USERNAMEREG3');
  const mobileReg = useFlag('MOBILENUMREG3');
  const mobilePasswords = useFlag('MOBILENUMPASSREG3');
  const settings = useQuery(registerSettingsQuery);
  const captcha = useCaptcha();
  const sms = useSmsSender();
  const formRef = useRef<HTMLFormElement>(null);
  const tabsId = useId();

  // Username registration unless only mobile registration is on (a form always shows).
  const kinds: RegisterKind[] = [...(usernameReg || !mobileReg ? (['register'] as const) : []), ...(mobileReg ? (['registerMobile'] as const) : [])];
  const [kind, setKind] = useState<RegisterKind>(kinds[0] ?? 'register');

  const urlAffiliate = affiliateFromUrl(search);
  const urlReferral = (search.get('referralCode') ?? '').trim();
  const flow = useRegisterFlow(urlAffiliate);
  const [formError, setFormError] = useState<string | null>(null);

  const affiliateRule = ruleOf(settings.data?.rules, 'affiliateCode');
  const affiliateShown = urlAffiliate ? flow.affiliate === 'failed' : affiliateRule.enabled;
  const rules = formRules({
    kind,
    settings: settings.data,
    mobilePasswords,
    affiliateShown,
    referralFromUrl: !!urlReferral,
  });
  const shown = (key: string) => isShown(rules, key);
  const req = (key: string) => isRequired(rules, key);

  const label = (key: string): string => {
    switch (key) {
      case 'username':
        return t('auth:username');
      case 'password':
        return t('auth:password');
      case 'confirmPassword':
        return t('register:confirm_password');
      case 'mobileNum':
        return t('auth:mobile');
      case 'verificationCode':
        return t('auth:sms_code');
      case 'captcha':
        return t('auth:captcha');
      default:
        return t(`register:field_${key}` as 'register:field_email');
    }
  };

  const initialValues = useMemo<Values>(
    () => ({ referralCode: urlReferral, mobileNum: '', countryCode: '', dialingCode: '' }),
    [urlReferral],
  );
  // Every field with the one rule engine, over the rules of the form as shown.
  const rf = useRuleForm<Values>({
    formRef,
    defaultValues: initialValues,
    validate: (v) => {
      const labels = Object.fromEntries(rules.map((r) => [r.key, label(r.key)]));
      return validateForm(rules, v, { labels }) as Findings<Values>;
    },
    deps: { password: ['confirmPassword'] },
  });

  const { form, values, bind, change, error, setErrors } = rf;

  // The settings decide the captcha; it loads as soon as they do.
  const captchaOn = settings.data?.captchaEnabled ?? false;
  const { show: showCaptcha, hide: hideCaptcha } = captcha;
  useEffect(() => {
    if (captchaOn) showCaptcha();
    else hideCaptcha();
  }, [captchaOn, showCaptcha, hideCaptcha]);

  // In the popup the fields arrive with the settings, after the dialog placed its first focus.
  const loaded = !settings.isPending;
  useEffect(() => {
    if (!inModal || !loaded) return;
    if (document.activeElement instanceof HTMLInputElement) return;
    formRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [inModal, loaded]);

  const switchKind = (next: RegisterKind) => {
    setKind(next);
    form.clearErrors();
    setFormError(null);
  };

  const reset = () => {
    form.reset({ ...initialValues, countryCode: values.countryCode, dialingCode: values.dialingCode });
    setFormError(null);
    if (captcha.shown) captcha.reload();
    formRef.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  };

  const sendCode = () =>
    sms.trigger(
      () => sendRegisterSms(values.mobileNum ?? '', values.dialingCode, kind === 'registerMobile' ? 'MOBILENUMREG3' : 'USERNAMEREG3'),
      // The mobile number must be valid before an SMS is sent.
      () => mobileReadyForSms(rf, required(ruleOf(settings.data?.rules, 'mobileNum')), label('mobileNum'), formRef.current),
    );

  const submit = form.handleSubmit(
    async (valid) => {
      setFormError(null);
      const failed = await flow.submit({
        kind,
        rules,
        values: valid,
        dialingCode: valid.dialingCode,
        affiliateShown,
        page: { href: location.href, hostname: location.hostname },
      });
      if (!failed) return;
      setErrors(failed.fields);
      setFormError(failed.formError);
      // The server spends a captcha answer on every check.
      if (captcha.shown) {
        captcha.reload();
        form.setValue('captcha', '');
      }
      focusFirstInvalid(formRef.current);
    },
    () => setFormError(null),
  );

  const busy = flow.busy;
  const optionalField = (key: OptionalKey | 'affiliateCode' | 'referralCode') => {
    if (!shown(key)) return null;
    if (key === 'paymentPassword') {
      return (
        <PaymentPasswordField
          key={key}
          {...bind(key)}
          label={label(key)}
          placeholder={t('register:ph_paymentPassword')}
          required={req(key)}
        />
      );
    }
    const input = INPUTS[key];
    return (
      <TextField
        key={key}
        {...bind(key)}
        label={label(key)}
        placeholder={t(`register:ph_${key}` as 'register:ph_email')}
        required={req(key)}
        icon={input.icon}
        type={input.type}
        inputMode={input.inputMode}
        autoComplete={input.autoComplete ?? 'off'}
        dir={input.ltr ? 'ltr' : undefined}
      />
    );
  };

  const passwordFields = shown('password') ? (
    <>
      <TextField
        {...bind('password')}
        label={label('password')}
        placeholder={t('register:ph_password')}
        required
        icon="shield"
        revealable
        autoComplete="new-password"
      />
      <TextField
        {...bind('confirmPassword')}
        label={label('confirmPassword')}
        placeholder={t('register:ph_confirmPassword')}
        required
        icon="shield"
        revealable
        autoComplete="new-password"
      />
    </>
  ) : null;

  const mobileFields = shown('mobileNum') ? (
    <>
      <MobileField {...bindMobile(rf)} defaultDialingCode={settings.data?.defaultCountryDialingCode} required={req('mobileNum')} />
      {shown('verificationCode') ? <SmsCodeField sender={sms} {...bind('verificationCode')} onSend={sendCode} /> : null}
    </>
  ) : null;

  return (
    <form ref={formRef} className="form register-form" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      <ModeTabs
        idPrefix={tabsId}
        label={t('register:mode_label')}
        value={kind}
        onChange={switchKind}
        tabs={kinds.map((k) => ({ id: k, label: k === 'register' ? t('register:tab_username') : t('register:tab_mobile') }))}
      />
      <FormAlert message={formError} />
      {settings.isPending ? (
        <div className="register-form__loading">
          <Spinner size={28} label={t('common:loading')} />
        </div>
      ) : (
        <ModePanel idPrefix={tabsId} value={kind} tabbed={kinds.length > 1} className="form register-form__fields">
          {kind === 'register' ? (
            <>
              <TextField
                {...bind('username')}
                label={label('username')}
                placeholder={t('register:ph_username')}
                required
                icon="user"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                data-autofocus={inModal || undefined}
              />
              {passwordFields}
              {mobileFields}
            </>
          ) : (
            <>
              {mobileFields}
              <TextField
                name="account"
                label={t('register:account')}
                value={values.mobileNum ?? ''}
                onValueChange={() => undefined}
                placeholder={t('register:ph_account')}
                icon="user"
                // The account is the mobile number: offered to the password manager as the username.
                autoComplete="username"
                disabled
                dir="ltr"
                hint={t('register:account_hint')}
              />
              {passwordFields}
            </>
          )}
          {OPTIONAL_KEYS.map(optionalField)}
          {optionalField('affiliateCode')}
          {optionalField('referralCode')}
          <CaptchaField captcha={captcha} error={error('captcha')} onAnswer={(answer) => change('captcha', answer)} />
        </ModePanel>
      )}
      <div className={`register-form__actions${inModal ? '' : ' register-form__actions--page'}`}>
        {inModal ? null : (
          <button type="button" className="btn btn--ghost btn--lg" onClick={reset}>
            {t('register:reset')}
          </button>
        )}
        <button type="submit" className="btn btn--primary btn--lg register-form__submit" disabled={busy || settings.isPending}>
          {busy ? <Spinner size={18} /> : null}
          {t('register:submit')}
        </button>
      </div>
    </form>
  );
}
