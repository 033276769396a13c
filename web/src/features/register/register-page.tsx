/** /register and /register.html: page title 'create account' and a back link to home. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icons';
import { RegisterIntro } from './register-intro';
import './register.css';

export function RegisterPage() {
  const { t } = useTranslation('register');
  return (
    <div className="page page--narrow register-page">
      <Link to="/" className="back-link">
        <Icon name="arrow" size={16} className="flip-rtl" />
        {t('back_home')}
      </Link>
      <section className="card register-card" aria-labelledby="register-title">
        <h1 id="register-title" className="page-title">
          {t('title')}
        </h1>
        <RegisterIntro inModal={false} />
      </section>
    </div>
  );
}
