/**
 * Footer: info groups, 18+ notice, payment logos, vendor logos (colour on
 * hover), copyright, operator licence and company details, and a start button that opens
 * registration when logged out.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { vendorsQuery } from '../../api/queries/games';
import { usePermission } from '../../api/queries/system';
import { useAuth } from '../../session/auth';
import { ui } from '../../session/ui-store';
import { translateContent } from '../../i18n';
import { LazyImage } from '../../ui/lazy-image';
import './footer.css';

function FooterLink({ href, children }: { href: string; children: string }) {
  if (/^https?:/i.test(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <Link to={href}>{children}</Link>;
}

export function Footer() {
  const { t } = useTranslation('footer');
  const permission = usePermission();
  const auth = useAuth();
  const lanes = useQuery(vendorsQuery);
  const { footer } = permission;
  const vendors = (lanes.data ?? []).flatMap((l) => l.cards).filter((c, i, all) => all.findIndex((o) => o.vendor === c.vendor) === i);

  return (
    <footer className="site-footer">
      {!auth.token ? (
        <section className="site-footer__cta" aria-labelledby="footer-cta-title">
          <div>
            <h2 id="footer-cta-title">{t('cta_title', { brand: permission.brandName })}</h2>
            <p>{t('cta_text')}</p>
          </div>
          <button type="button" className="btn btn--primary btn--lg" onClick={() => ui.open('register')}>
            {t('start_now')}
          </button>
        </section>
      ) : null}

      <div className="site-footer__inner">
        <nav className="site-footer__groups" aria-label={t('info')}>
          {footer.infoGroups.map((group) => (
            <section key={group.title} className="site-footer__group">
              <h2 className="site-footer__heading">{translateContent(group.title)}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.href + link.label}>
                    <FooterLink href={link.href}>{translateContent(link.label)}</FooterLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <section className="site-footer__group site-footer__group--age">
            <h2 className="site-footer__heading">{t('responsible')}</h2>
            <p className="site-footer__age">
              <span className="age-badge" aria-hidden="true">
                18+
              </span>
              <span>{t('age_notice')}</span>
            </p>
          </section>
        </nav>

        {footer.paymentLogos.length > 0 ? (
          <section className="site-footer__row" aria-labelledby="footer-payments">
            <h2 id="footer-payments" className="site-footer__label">
              {t('payment_methods')}
            </h2>
            <ul className="logo-strip logo-strip--payments">
              {footer.paymentLogos.map((name) => (
                <li key={name}>
                  <LazyImage src={`/assets/payment/${name}.svg`} alt={name} width={72} height={32} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        {vendors.length > 0 ? (
          <section className="site-footer__row" aria-labelledby="footer-vendors">
            <h2 id="footer-vendors" className="site-footer__label">
              {t('game_providers')}
            </h2>
            <ul className="logo-strip logo-strip--vendors">
              {vendors.map((v) => (
                <li key={v.vendor}>
                  <LazyImage src={v.logo} alt={v.vendorName} width={88} height={40} title={v.vendorName} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="site-footer__legal">
          <p className="site-footer__licence">{translateContent(footer.licence)}</p>
          <p className="site-footer__company">{translateContent(footer.company)}</p>
          <p className="site-footer__copyright">{translateContent(footer.copyright)}</p>
        </div>
      </div>
    </footer>
  );
}
