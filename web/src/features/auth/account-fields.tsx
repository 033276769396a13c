/**
 * Fields that more than one auth form asks for in the same words: the username (login, forgot by
 * email) and the new password (forgot by mobile, change password). Their lengths are judged by the
 * forms' rules (a message), never cut by a maxLength attribute.
 */
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../ui/account-form/text-field';

/**
 * Bounds of the 'required only' fields as the contract takes them: a longer value
 * is refused with "Must be up to N characters" instead of being shortened.
 */
export const USERNAME_MAX_LENGTH = 64;
export const LOGIN_PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 128;

type FieldProps = Pick<TextFieldProps, 'value' | 'onValueChange' | 'error' | 'onBlur'> & {
  name?: string;
  /** The modal focuses this field when it opens. */
  'data-autofocus'?: true | undefined;
};

export function UsernameField(props: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('username')}
      placeholder={t('username_placeholder')}
      required
      icon="user"
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
      name="username"
    />
  );
}

export function NewPasswordField(props: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('new_password')}
      placeholder={t('new_password_placeholder')}
      required
      icon="shield"
      revealable
      autoComplete="new-password"
      {...props}
      name="newPassword"
    />
  );
}
