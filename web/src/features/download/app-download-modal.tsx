/** The app download modal. */
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { AppDownloadContent } from './app-download-content';

export default function AppDownloadModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('download');
  return (
    <Modal open onClose={onClose} title={t('modal_title')} size="lg">
      <AppDownloadContent compact />
    </Modal>
  );
}
