/**
 * The registration form, shared by the /register page and the registration popup (spec sections 2,
 * 4 and 5). Form type register (username and password) or registerMobile (mobile number, password
 * only with MOBILENUMPASSREG3); every optional field shown, hidden and required by the server's
 * rules; SMS code and captcha when the settings say so.
 *
 * Submit sequence (section 4): validate every field with the shared rule engine; check an affiliate
 * code the player typed; for mobile registration show the generated account (= the mobile number)
 * first; submit with registerUrl, registerMethod WEB, login true, countryDialingCode and domain; then
 * load the user info, close the login popup, go home and show the success modal.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { validateForm, validateField } from '../../../../openapi/field-rules';
import { ApiError } from '../../api/client';
import { registerSettingsQuery } from '../../api/queries/account';
import { memberInfoQuery } from '../../api/queries/member';
import { useFlag } from '../../api/queries/system';
import { useAuth } from '../../app/auth';
import { ui } from '../../app/ui-store';
import { CaptchaField, useCaptcha } from '../../ui/account-form/captcha';
import { fieldMessage, fieldMessages, serverFieldErrors } from '../../ui/account-form/field-messages';
import { FormAlert } from '../../ui/account-form/form-alert';
import { EMPTY_MOBILE, MobileField, type MobileValue } from '../../ui/account-form/mobile-field';
import { ModePanel, ModeTabs } from '../../ui/account-form/mode-tabs';
import { focusFirstInvalid, required, ruleOf } from '../../ui/account-form/rules';
import { SmsCodeField, useSmsSender } from '../../ui/account-form/sms-code';
import { TextField } from '../../ui/account-form/text-field';
import { alertDialog, confirmDialog } from '../../ui/dialog';
import { describeError } from '../../ui/error-state';
import { i18n } from '../../i18n';
import { Spinner } from '../../ui/spinner';
import { checkAffiliate, sendRegisterSms, useRegister, useRegisterMobile, type RegisterRequest } from './api/register';
import { INPUTS, OPTIONAL_KEYS, formRules, isRequired, isShown, type OptionalKey, type RegisterKind } from './register-fields';

type Values = Record<string, string>;
type AffiliateState = 'none' | 'checking' | 'ok' | 'failed';

/** The code of an affiliate link: ?affiliateCode= (or the short ?code=). */
function affiliateFromUrl(search: URLSearchParams): string {
  return (search.get('affiliateCode') ?? search.get('code') ?? '').trim();
}

/** Spec section 8: 'invitation_code_error' is a warning dialog. */
function showInvitationError(): Promise<boolean> {
  return alertDialog({
    title: i18n.t('common:notice'),
    message: i18n.t('errors:invitation_code_error'),
    confirmText: i18n.t('common:confirm'),
    tone: 'warning',
  });
}

export function RegisterForm({ inModal }: { inModal: boolean }) {
  const { t } = useTranslation(['register', 'auth', 'common', 'errors']);
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const usernameReg = useFlag('USERNAMEREG3');
  const mobileReg = useFlag('MOBILENUMREG3');
  const mobilePasswords = useFlag('MOBILENUMPASSREG3');
  const settings = useQuery(registerSettingsQuery);
  const register = useRegister();
  const registerMobile = useRegisterMobile();
  const captcha = useCaptcha();
  const sms = useSmsSender();
  const formRef = useRef<HTMLFormElement>(null);
  const tabsId = useId();

  // Username registration unless only mobile registration is on (a form always shows).
  const kinds: RegisterKind[] = [...(usernameReg || !mobileReg ? (['register'] as const) : []), ...(mobileReg ? (['registerMobile'] as const) : [])];
  const [kind, setKind] = useState<RegisterKind>(kinds[0] ?? 'register');

  const urlAffiliate = affiliateFromUrl(search);
  const urlReferral = (search.get('referralCode') ?? '').trim();
  const initialValues = useMemo<Values>(() => ({ referralCode: urlReferral }), [urlReferral]);
  const [values, setValues] = useState<Values>(initialValues);
  const [mobile, setMobile] = useState<MobileValue>(EMPTY_MOBILE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [affiliate, setAffiliate] = useState<AffiliateState>(urlAffiliate ? 'checking' : 'none');
  const [step, setStep] = useState<'idle' | 'checking' | 'submitting' | 'finishing'>('idle');

  // An affiliate link's code is checked once; a failure shows the field and the warning dialog.
  useEffect(() => {
    if (!urlAffiliate) return;
    let live = true;
    setAffiliate('checking');
    checkAffiliate(urlAffiliate).then(
      () => live && setAffiliate('ok'),
      () => {
        if (!live) return;
        setAffiliate('failed');
        void showInvitationError();
      },
    );
    return () => {
      live = false;
    };
  }, [urlAffiliate]);

  const affiliateRule = ruleOf(settings.data?.rules, 'affiliateCode');
  const affiliateShown = urlAffiliate ? affiliate === 'failed' : affiliateRule.enabled;
  const rules = formRules({
    kind,
    settings: settings.data,
    mobilePasswords,
    affiliateShown,
    referralFromUrl: !!urlReferral,
  });
  const shown = (key: string) => isShown(rules, key);
  const req = (key: string) => isRequired(rules, key);

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

  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const switchKind = (next: RegisterKind) => {
    setKind(next);
    setErrors({});
    setFormError(null);
  };

  const reset = () => {
    setValues(initialValues);
    setMobile((m) => ({ ...EMPTY_MOBILE, countryCode: m.countryCode, dialingCode: m.dialingCode }));
    setErrors({});
    setFormError(null);
    if (captcha.shown) captcha.reload();
    formRef.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus();
  };

  const sendCode = () =>
    sms.trigger(
      () => sendRegisterSms(mobile.number, mobile.dialingCode, kind === 'registerMobile' ? 'MOBILENUMREG3' : 'USERNAMEREG3'),
      () => {
        // Spec section 5: the mobile number must be valid before an SMS is sent.
        const error = validateField(required(ruleOf(settings.data?.rules, 'mobileNum')), mobile.number, { label: label('mobileNum') });
        setErrors((e) => ({ ...e, mobileNum: error ? fieldMessage(error) : '' }));
        if (error) focusFirstInvalid(formRef.current);
        return !error;
      },
    );

  const formValues = (): Values => ({ ...values, mobileNum: mobile.number, captcha: captcha.answer });

  const fail = (error: unknown) => {
    const inPlace = serverFieldErrors(error);
    if (inPlace.mobileNo && !inPlace.mobileNum) inPlace.mobileNum = inPlace.mobileNo;
    setErrors(inPlace);
    const code = error instanceof ApiError ? error.errorCode : '';
    if (code === 'invitation_code_error') void showInvitationError();
    setFormError(Object.keys(inPlace).length > 0 ? null : describeError(error));
    // The server spends a captcha answer on every check.
    if (captcha.shown) captcha.reload();
    focusFirstInvalid(formRef.current);
  };

  /** Spec section 4: after registering. */
  const finish = async (result: { account: string; token?: string; generatedPassword?: string }) => {
    setStep('finishing');
    if (result.token) {
      auth.startSession(result.token, 0);
      await queryClient.fetchQuery(memberInfoQuery).catch(() => undefined);
    }
    ui.close('login');
    ui.close('register');
    setStep('idle');
    void navigate('/');
    void alertDialog({
      title: t('errors:in_registered_successfully'),
      message: (
        <div className="register-success">
          <p>{t('register:success_text', { account: result.account })}</p>
          {result.generatedPassword ? (
            <p>
              {t('register:generated_password')} <strong dir="ltr">{result.generatedPassword}</strong>
            </p>
          ) : null}
        </div>
      ),
      confirmText: t('common:confirm'),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step !== 'idle' || affiliate === 'checking') return;
    setFormError(null);

    // 1. Every field, with the one rule engine.
    const labels = Object.fromEntries(rules.map((r) => [r.key, label(r.key)]));
    const found = fieldMessages(validateForm(rules, formValues(), { labels }));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }

    // 2. An affiliate code the player typed is checked with the server first.
    const typedAffiliate = (values.affiliateCode ?? '').trim();
    if (affiliateShown && typedAffiliate) {
      setStep('checking');
      try {
        await checkAffiliate(typedAffiliate);
      } catch {
        setStep('idle');
        setErrors({ affiliateCode: t('errors:invitation_code_error') });
        focusFirstInvalid(formRef.current);
        void showInvitationError();
        return;
      }
      setStep('idle');
    }

    // 3. Mobile registration: the generated account (the mobile number) is shown first.
    if (kind === 'registerMobile') {
      const ok = await confirmDialog({
        title: t('register:mobile_notice_title'),
        message: (
          <p className="register-notice">
            {t('register:mobile_notice_text')} <strong dir="ltr">{mobile.number}</strong>
          </p>
        ),
        confirmText: t('register:continue'),
        cancelText: t('common:cancel'),
      });
      if (!ok) return;
    }

    // 4. Submit (captcha answer and SMS code travel with it; the server checks both).
    const payload: Values = {};
    for (const rule of rules) {
      if (!rule.enabled || (rule.key === 'username' && kind === 'registerMobile')) continue;
      const value = (formValues()[rule.key] ?? '').trim();
      if (value) payload[rule.key] = rule.key.toLowerCase().includes('password') ? (formValues()[rule.key] ?? '') : value;
    }
    const affiliateCode = affiliate === 'ok' ? urlAffiliate : affiliateShown ? typedAffiliate : '';
    const common = {
      ...payload,
      ...(affiliateCode ? { affiliateCode } : {}),
      ...(mobile.number && shown('mobileNum') ? { countryDialingCode: mobile.dialingCode } : {}),
      registerUrl: location.href.slice(0, 1024),
      registerMethod: 'WEB' as const,
      login: true,
      domain: location.hostname.slice(0, 255),
    };
    setStep('submitting');
    const done = {
      onSuccess: (result: { account: string; token?: string; generatedPassword?: string }) => void finish(result),
      onError: (error: unknown) => fail(error),
      onSettled: () => setStep((s) => (s === 'submitting' ? 'idle' : s)),
    };
    if (kind === 'registerMobile') registerMobile.mutate({ ...common, mobileNum: mobile.number }, done);
    else register.mutate({ ...(common as Omit<RegisterRequest, 'username'>), username: (values.username ?? '').trim() }, done);
  };

  const busy = step !== 'idle';
  const optionalField = (key: OptionalKey | 'affiliateCode' | 'referralCode') => {
    if (!shown(key)) return null;
    const input = INPUTS[key];
    return (
      <TextField
        key={key}
        name={key}
        label={label(key)}
        value={values[key] ?? ''}
        onValueChange={set(key)}
        placeholder={t(`register:ph_${key}` as 'register:ph_email')}
        required={req(key)}
        icon={input.icon}
        type={input.type}
        inputMode={input.inputMode}
        autoComplete={input.autoComplete ?? 'off'}
        dir={input.ltr ? 'ltr' : undefined}
        maxLength={ruleOf(rules, key).maxLength || 128}
        error={errors[key]}
      />
    );
  };

  const passwordFields = shown('password') ? (
    <>
      <TextField
        name="password"
        label={label('password')}
        value={values.password ?? ''}
        onValueChange={set('password')}
        placeholder={t('register:ph_password')}
        required
        icon="shield"
        revealable
        autoComplete="new-password"
        maxLength={ruleOf(rules, 'password').maxLength || 128}
        error={errors.password}
      />
      <TextField
        name="confirmPassword"
        label={label('confirmPassword')}
        value={values.confirmPassword ?? ''}
        onValueChange={set('confirmPassword')}
        placeholder={t('register:ph_confirmPassword')}
        required
        icon="shield"
        revealable
        autoComplete="new-password"
        maxLength={ruleOf(rules, 'confirmPassword').maxLength || 128}
        error={errors.confirmPassword}
      />
    </>
  ) : null;

  const mobileFields = shown('mobileNum') ? (
    <>
      <MobileField
        value={mobile}
        onChange={setMobile}
        defaultDialingCode={settings.data?.defaultCountryDialingCode}
        required={req('mobileNum')}
        error={errors.mobileNum || undefined}
      />
      {shown('verificationCode') ? (
        <SmsCodeField
          sender={sms}
          value={values.verificationCode ?? ''}
          onValueChange={set('verificationCode')}
          onSend={sendCode}
          error={errors.verificationCode}
        />
      ) : null}
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
                name="username"
                label={label('username')}
                value={values.username ?? ''}
                onValueChange={set('username')}
                placeholder={t('register:ph_username')}
                required
                icon="user"
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                maxLength={ruleOf(rules, 'username').maxLength || 64}
                data-autofocus={inModal || undefined}
                error={errors.username}
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
                value={mobile.number}
                onValueChange={() => undefined}
                placeholder={t('register:ph_account')}
                icon="user"
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
          <CaptchaField captcha={captcha} error={errors.captcha} />
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
