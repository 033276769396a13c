/**
 * Change password (spec sections 4 and 5): old password (required unless already known, as right
 * after the login that forced the change), new password (required plus the password rule) and its
 * confirmation (required and equal; 'Confirmation password incorrect' otherwise). The server ends
 * every session of the account on success; the caller opens the login modal again.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateConfirm, validateField, type FieldError, type FieldRule } from '../../../../openapi/field-rules';
import { registerSettingsQuery } from '../../api/queries/account';
import { fieldMessage, serverFieldErrors } from '../../ui/account-form/field-messages';
import { FormAlert } from '../../ui/account-form/form-alert';
import { focusFirstInvalid, required, requiredOnly, ruleOf } from '../../ui/account-form/rules';
import { TextField } from '../../ui/account-form/text-field';
import { describeError } from '../../ui/error-state';
import { Spinner } from '../../ui/spinner';
import { NewPasswordField } from './account-fields';
import { useChangePassword } from './api/password';

type Key = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
type Errors = Partial<Record<Key, string>>;

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
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const oldKnown = !!knownOldPassword;

  const message = (error: FieldError | null): string | undefined => {
    if (!error) return undefined;
    // Spec section 8: a mismatch here reads 'Confirmation password incorrect'.
    if (error.messageKey === 'inconsistent_twice') return t('errors:confirm_password_incorrect');
    return fieldMessage(error);
  };
  const check = (rule: FieldRule, value: string, label: string) => message(validateField(rule, value, { label }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const next: Errors = {
      oldPassword: oldKnown ? undefined : check(requiredOnly('oldPassword'), oldPassword, t('auth:old_password')),
      newPassword: check(required(ruleOf(settings.data?.rules, 'password'), 'newPassword'), newPassword, t('auth:new_password')),
      confirmNewPassword: message(validateConfirm(newPassword, confirm, { key: 'confirmNewPassword', label: t('auth:confirm_new_password') })),
    };
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    change.mutate(
      { oldPassword: knownOldPassword ?? oldPassword, newPassword, confirmNewPassword: confirm },
      {
        onSuccess: () => {
          setOldPassword('');
          setNewPassword('');
          setConfirm('');
          onDone();
        },
        onError: (error) => {
          const inPlace: Errors = {};
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
  };

  return (
    <form ref={formRef} className="form login-form" onSubmit={submit} noValidate>
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
          name="oldPassword"
          label={t('auth:old_password')}
          value={oldPassword}
          onValueChange={setOldPassword}
          placeholder={t('auth:old_password_placeholder')}
          required
          icon="shield"
          revealable
          autoComplete="current-password"
          maxLength={128}
          data-autofocus
          error={errors.oldPassword}
        />
      )}
      <NewPasswordField value={newPassword} onValueChange={setNewPassword} data-autofocus={oldKnown || undefined} error={errors.newPassword} />
      <TextField
        name="confirmNewPassword"
        label={t('auth:confirm_new_password')}
        value={confirm}
        onValueChange={setConfirm}
        placeholder={t('auth:confirm_new_password_placeholder')}
        required
        icon="shield"
        revealable
        autoComplete="new-password"
        maxLength={128}
        error={errors.confirmNewPassword}
      />
      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={change.isPending}>
        {change.isPending ? <Spinner size={18} /> : null}
        {t('auth:change_password_submit')}
      </button>
    </form>
  );
}
