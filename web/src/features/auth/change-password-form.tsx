/**
 * Change password: old password (required unless already known, as right
 * after the login that forced the change), new password (required plus the password rule) and its
 * confirmation (required and equal; 'Confirmation password incorrect' otherwise). The server ends
 * every session of the account on success; the caller opens the login modal again.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateConfirm, validateField, type FieldError } from '../../../../openapi/field-rules';
import { registerSettingsQuery } from '../../api/queries/account';
import { fieldMessage, serverFieldErrors } from '../../ui/account-form/field-messages';
import { FormAlert } from '../../ui/account-form/form-alert';
import { useRuleForm } from '../../ui/account-form/rule-form';
import { focusFirstInvalid, required, requiredOnly, ruleOf } from '../../ui/account-form/rules';
import { TextField } from '../../ui/account-form/text-field';
import { describeError } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { LOGIN_PASSWORD_MAX_LENGTH, NewPasswordField } from './account-fields';
import { useChangePassword } from './api/password';

type Key = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
type Values = Record<Key, string>;

/** Server field names of the rule engine's checks, as this form names its fields. */
const SERVER_KEYS: Record<string, Key> = {
  oldPassword: 'oldPassword',
  newPassword: 'newPassword',
  confirmNewPassword: 'confirmNewPassword',
  password: 'newPassword',
  confirmPassword: 'confirmNewPassword',
};

export function ChangePasswordForm({
  knownOldPassword,
  forced = false,
  onDone,
}: {
  /** The password just used to log in (in memory only); the old-password field is then hidden. */
  knownOldPassword?: string;
  forced?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const settings = useQuery(registerSettingsQuery);
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const oldKnown = !!knownOldPassword;

  const message = (error: FieldError | null): string | undefined => {
    if (!error) return undefined;
    // A mismatch here reads 'Confirmation password incorrect'.
    if (error.messageKey === 'inconsistent_twice') return t('errors:confirm_password_incorrect');
    return fieldMessage(error);
  };

  const { form, bind, setErrors } = useRuleForm<Values>({
    formRef,
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    validate: (v) => ({
      oldPassword: oldKnown
        ? null
        : validateField(requiredOnly('oldPassword', LOGIN_PASSWORD_MAX_LENGTH), v.oldPassword, { label: t('auth:old_password') }),
      newPassword: validateField(required(ruleOf(settings.data?.rules, 'password'), 'newPassword'), v.newPassword, {
        label: t('auth:new_password'),
      }),
      confirmNewPassword: message(
        validateConfirm(v.newPassword, v.confirmNewPassword, { key: 'confirmNewPassword', label: t('auth:confirm_new_password') }),
      ),
    }),
    deps: { newPassword: ['confirmNewPassword'] },
  });

  const submit = form.handleSubmit(
    (v) => {
      if (change.isPending) return;
      setFormError(null);
      change.mutate(
        { oldPassword: knownOldPassword ?? v.oldPassword, newPassword: v.newPassword, confirmNewPassword: v.confirmNewPassword },
        {
          onSuccess: () => {
            form.reset();
            onDone();
          },
          onError: (error) => {
            const inPlace: Partial<Values> = {};
            for (const [key, text] of Object.entries(serverFieldErrors(error))) {
              const own = SERVER_KEYS[key];
              if (own === 'confirmNewPassword') inPlace[own] = t('errors:confirm_password_incorrect');
              else if (own && !(own === 'oldPassword' && oldKnown)) inPlace[own] = text;
            }
            setErrors(inPlace);
            setFormError(Object.keys(inPlace).length > 0 ? null : describeError(error));
            focusFirstInvalid(formRef.current);
          },
        },
      );
    },
    () => setFormError(null),
  );

  return (
    <form ref={formRef} className="form login-form" onSubmit={(e) => void submit(e)} noValidate>
      {forced ? (
        <p className="notice notice--warning change-password__notice" role="note">
          {t('auth:forced_change_lead')}
        </p>
      ) : (
        <p className="login-modal__lead">{t('auth:change_password_lead')}</p>
      )}
      <FormAlert message={formError} />
      {oldKnown ? null : (
        <TextField
          {...bind('oldPassword')}
          label={t('auth:old_password')}
          placeholder={t('auth:old_password_placeholder')}
          required
          icon="shield"
          revealable
          autoComplete="current-password"
          data-autofocus
        />
      )}
      <NewPasswordField {...bind('newPassword')} data-autofocus={oldKnown || undefined} />
      <TextField
        {...bind('confirmNewPassword')}
        label={t('auth:confirm_new_password')}
        placeholder={t('auth:confirm_new_password_placeholder')}
        required
        icon="shield"
        revealable
        autoComplete="new-password"
      />
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={change.isPending}>
        {change.isPending ? <Spinner size={18} /> : null}
        {t('auth:change_password_submit')}
      </button>
    </form>
  );
}
