/**
 * The registration popup: the same form as the page, with a login link that
 * switches to the login modal instead of the page's reset button.
 */
import { useTranslation } from 'react-i18next';
import { ui } from '../../session/ui-store';
import { Icon } from '../../ui/icons';
import { Modal } from '../../ui/modal';
import { RegisterForm } from './register-form';
import './register.css';

export default function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('register');
  return (
    <Modal open onClose={onClose} title={t('title')} size="md" className="register-modal">
      <p className="register-modal__bonus">
        <Icon name="gift" size={18} />
        {t('bonus_line')}
      </p>
      <RegisterForm inModal />
      <p className="register-modal__login">
        {t('have_account')}{' '}
        <button type="button" className="link-btn" onClick={() => ui.swap('register', 'login')}>
          {t('login_link')}
        </button>
      </p>
    </Modal>
  );
}
