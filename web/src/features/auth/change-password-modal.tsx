/**
 * Change password as its own modal (`ui.open('changePassword')`, e.g. from the security centre).
 * Visitors get the login modal instead. On success the server ends every session of the account,
 * so the session ends here and the login modal opens again.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../session/auth';
import { ui } from '../../session/ui-store';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import { ChangePasswordForm } from './change-password-form';
import './login-modal.css';

export default function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();

  useEffect(() => {
    if (!auth.token) ui.swap('changePassword', 'login');
  }, [auth.token]);
  if (!auth.token) return null;

  return (
    <Modal open onClose={onClose} title={t('change_password_title')} size="sm" className="login-modal">
      <ChangePasswordForm
        onDone={() => {
          onClose();
          auth.restartLogin();
          toast.success(t('password_changed_login_again'));
        }}
      />
    </Modal>
  );
}
