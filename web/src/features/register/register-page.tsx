/**
 * /register and /register.html: title 'create account' with the 1000 VND bonus, a
 * back link to home, the new-player promotions in a carousel (autoplay 5 s with more than one), the
 * username / mobile registration form with a reset button, and Google and Facebook buttons when the
 * brand's resources carry them. Its layout has no side menu: the language switch is the page's own.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { usePermission } from '../../api/queries/system';
import { ui } from '../../session/ui-store';
import { Carousel } from '../../ui/banner-carousel';
import { Icon } from '../../ui/icons';
import { Skeleton } from '../../ui/spinner';
import { newPlayerPromotionsQuery } from './api/register';
import { deferredPart } from '../../lib/lazy';
import { LanguageMenu } from './language-menu';
import './register.css';
import { paths } from '../../config/paths';

/**
 * The form (react-hook-form, the field rules, the SMS code) hydrates after the rest of the page
 * (docs/decisions/039-deferred-hydration.md): its inputs take typing meanwhile; its chunk is fetched
 * when the page is idle or at the visitor's first pointer, focus or key.
 */
const RegisterForm = deferredPart(() => import('./register-form').then((m) => m.RegisterForm));

/**
 * Third-party sign-in links as brand resources. The contract has no such resource types yet, so
 * these names are ours; without them the buttons stay hidden.
 */
const SOCIAL_SIGN_IN = [
  { types: ['GOOGLELOGIN', 'GOOGLE_LOGIN'], key: 'google' },
  { types: ['FACEBOOKLOGIN', 'FACEBOOK_LOGIN'], key: 'facebook' },
] as const;

export function RegisterPage() {
  const { t } = useTranslation('register');
  const permission = usePermission();
  const navigate = useNavigate();
  const promos = useQuery(newPlayerPromotionsQuery);
  const social = SOCIAL_SIGN_IN.flatMap(({ types, key }) => {
    const resource = permission.resources.find((r) => (types as readonly string[]).includes(r.resourceType.toUpperCase()));
    return resource ? [{ key, url: resource.url }] : [];
  });

  return (
    <div className="page register-page">
      <div className="register-page__top">
        <Link to={paths.home()} className="back-link">
          <Icon name="arrow" size={16} className="flip-rtl" />
          {t('back_home')}
        </Link>
        <LanguageMenu />
      </div>
      <div className="register-layout">
        <section className="register-hero" aria-labelledby="register-title">
          <h1 id="register-title" className="page-title register-hero__title">
            {t('title')}
          </h1>
          <p className="register-hero__bonus">
            <Icon name="gift" size={20} />
            {t('bonus_line')}
          </p>
          {promos.isPending ? (
            // Holds the carousel's place while the promotions load, so the perks below do not jump
            // down when it arrives (no layout shift).
            <Skeleton className="register-hero__promos register-hero__promos--pending" height="auto" />
          ) : promos.data && promos.data.length > 0 ? (
            <Carousel
              className="register-hero__promos"
              label={t('new_player_promotions')}
              slides={promos.data.map((p) => ({
                id: p.id,
                image: p.image,
                title: p.title,
                onSelect: () => void navigate(paths.promoDetail(p.id)),
              }))}
            />
          ) : null}
          <ul className="register-hero__perks">
            <li>{t('perk_fast')}</li>
            <li>{t('perk_secure')}</li>
            <li>{t('perk_support')}</li>
          </ul>
        </section>
        <section className="card register-card" aria-label={t('form_label')}>
          <RegisterForm inModal={false} />
          {social.length > 0 ? (
            <div className="register-social">
              <p className="register-social__or">
                <span>{t('or_continue_with')}</span>
              </p>
              <div className="register-social__buttons">
                {social.map((s) => (
                  <a key={s.key} className={`btn btn--ghost register-social__btn register-social__btn--${s.key}`} href={s.url} rel="noopener noreferrer">
                    {s.key === 'facebook' ? <Icon name="facebook" size={18} /> : <span className="register-social__g" aria-hidden="true">G</span>}
                    {s.key === 'facebook' ? t('with_facebook') : t('with_google')}
                  </a>
                ))}
              </div>
            </div>
          ) : null}
          <p className="register-card__login">
            {t('have_account')}{' '}
            <button type="button" className="link-btn" onClick={() => ui.open('login')}>
              {t('login_link')}
            </button>
          </p>
        </section>
      </div>
    </div>
  );
}
