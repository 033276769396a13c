/**
 * Fields that more than one auth form asks for in the same words: the username (login, forgot by
 * email) and the new password (forgot by mobile, change password).
 */
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../ui/account-form/text-field';

type FieldProps = Pick<TextFieldProps, 'value' | 'onValueChange' | 'error'> & {
  /** The modal focuses this field when it opens. */
  'data-autofocus'?: true | undefined;
};

export function UsernameField(props: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      name="username"
      label={t('username')}
      placeholder={t('username_placeholder')}
      required
      icon="user"
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={64}
      {...props}
    />
  );
}

export function NewPasswordField(props: FieldProps) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      name="newPassword"
      label={t('new_password')}
      placeholder={t('new_password_placeholder')}
      required
      icon="shield"
      revealable
      autoComplete="new-password"
      maxLength={128}
      {...props}
    />
  );
}
