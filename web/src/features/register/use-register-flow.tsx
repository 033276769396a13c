/**
 * The registration sequence, apart from the form that feeds it: the affiliate
 * link's check, the check of a typed affiliate code, the account notice of mobile registration,
 * the submit (captcha answer and SMS code travel with it), then the steps after registering (load
 * the user info, close the login popup, go home, show the success modal).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { memberInfoQuery } from '../../api/queries/member';
import { paths } from '../../config/paths';
import { useAuth } from '../../session/auth';
import { ui } from '../../session/ui-store';
import { i18n } from '../../i18n';
import { serverFieldErrors } from '../../ui/account-form/field-messages';
import { alertDialog, confirmDialog } from '../../ui/dialog';
import { describeError } from '../../ui/error-state';
import { checkAffiliate, useRegister, useRegisterMobile } from './api/register';
import { buildRegisterPayload, type AffiliateState, type RegisterPayloadInput } from './register-payload';

export type RegisterStep = 'idle' | 'checking' | 'submitting' | 'finishing';

/** 'invitation_code_error' is a warning dialog. */
export function showInvitationError(): Promise<boolean> {
  return alertDialog({
    title: i18n.t('common:notice'),
    message: i18n.t('errors:invitation_code_error'),
    confirmText: i18n.t('common:confirm'),
    tone: 'warning',
  });
}

/** What a failed registration tells the form: field messages in place, or one form-wide alert. */
export interface RegisterFailure {
  fields: Record<string, string>;
  formError: string | null;
}

interface RegisterResult {
  account: string;
  token?: string;
  generatedPassword?: string;
}

/**
 * The registration flow for one affiliate link code (`urlAffiliate`, '' without one). `submit`
 * runs the sequence for values the form has already validated; it resolves to a failure for the
 * form to show, or null when the player registered (or stepped back at the account notice).
 */
export function useRegisterFlow(urlAffiliate: string) {
  const { t } = useTranslation(['register', 'common', 'errors']);
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const register = useRegister();
  const registerMobile = useRegisterMobile();
  const [affiliate, setAffiliate] = useState<AffiliateState>(urlAffiliate ? 'checking' : 'none');
  const [step, setStep] = useState<RegisterStep>('idle');

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

  const finish = async (result: RegisterResult) => {
    setStep('finishing');
    if (result.token) {
      auth.startSession(result.token, 0);
      await queryClient.fetchQuery(memberInfoQuery).catch(() => undefined);
    }
    ui.close('login');
    ui.close('register');
    setStep('idle');
    void navigate(paths.home());
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

  const failure = (error: unknown): RegisterFailure => {
    const fields = serverFieldErrors(error);
    if (fields.mobileNo && !fields.mobileNum) fields.mobileNum = fields.mobileNo;
    if (error instanceof ApiError && error.errorCode === 'invitation_code_error') void showInvitationError();
    return { fields, formError: Object.keys(fields).length > 0 ? null : describeError(error) };
  };

  const submit = async (input: Omit<RegisterPayloadInput, 'affiliate' | 'urlAffiliate'>): Promise<RegisterFailure | null> => {
    if (step !== 'idle' || affiliate === 'checking') return null;

    // An affiliate code the player typed is checked with the server first.
    const typedAffiliate = (input.values.affiliateCode ?? '').trim();
    if (input.affiliateShown && typedAffiliate) {
      setStep('checking');
      try {
        await checkAffiliate(typedAffiliate);
      } catch {
        setStep('idle');
        void showInvitationError();
        return { fields: { affiliateCode: t('errors:invitation_code_error') }, formError: null };
      }
      setStep('idle');
    }

    const payload = buildRegisterPayload({ ...input, affiliate, urlAffiliate });

    // Mobile registration: the generated account (the mobile number) is shown first.
    if (payload.kind === 'registerMobile') {
      const ok = await confirmDialog({
        title: t('register:mobile_notice_title'),
        message: (
          <p className="register-notice">
            {t('register:mobile_notice_text')} <strong dir="ltr">{payload.body.mobileNum}</strong>
          </p>
        ),
        confirmText: t('register:continue'),
        cancelText: t('common:cancel'),
      });
      if (!ok) return null;
    }

    setStep('submitting');
    try {
      const result =
        payload.kind === 'registerMobile'
          ? await registerMobile.mutateAsync(payload.body)
          : await register.mutateAsync(payload.body);
      void finish(result);
      return null;
    } catch (error) {
      setStep('idle');
      return failure(error);
    }
  };

  return { affiliate, step, busy: step !== 'idle', submit };
}
