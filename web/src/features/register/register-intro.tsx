/**
 * Registration placeholder shared by the page and the modal: the title 'create account' and the
 * ways forward. The account-flow work replaces this with the real form (spec "Registration page").
 */
import { useTranslation } from 'react-i18next';
import { ui } from '../../app/ui-store';
import { Icon } from '../../ui/icons';

export function RegisterIntro({ inModal }: { inModal: boolean }) {
  const { t } = useTranslation('register');
  return (
    <div className="register-intro">
      <p className="register-intro__bonus">
        <Icon name="gift" size={20} />
        {t('bonus_line')}
      </p>
      <ul className="register-intro__perks">
        <li>{t('perk_fast')}</li>
        <li>{t('perk_secure')}</li>
        <li>{t('perk_support')}</li>
      </ul>
      <p className="register-intro__soon" role="note">
        {t('coming_soon')}
      </p>
      <p className="register-intro__login">
        {t('have_account')}{' '}
        <button type="button" className="link-btn" onClick={() => (inModal ? ui.swap('register', 'login') : ui.open('login'))}>
          {t('login_link')}
        </button>
      </p>
    </div>
  );
}
