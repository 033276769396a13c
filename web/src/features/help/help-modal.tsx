/** The help modal of the customer-service menu: the help centre inside a modal. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { HelpArticles, type HelpSelection } from './help-articles';
import './help.css';

export default function HelpModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('help');
  const [selection, setSelection] = useState<HelpSelection>({});
  return (
    <Modal open onClose={onClose} title={t('modal_title')} size="xl">
      <HelpArticles selection={selection} onSelect={setSelection} />
    </Modal>
  );
}
