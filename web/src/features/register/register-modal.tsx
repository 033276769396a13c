/** The registration popup: the same content as the page, with a link switching to the login modal. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { RegisterIntro } from './register-intro';
import './register.css';

export default function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('register');
  return (
    <Modal open onClose={onClose} title={t('title')} size="sm">
      <RegisterIntro inModal />
    </Modal>
  );
}
