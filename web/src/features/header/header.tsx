/**
 * The top header. Logged out: login, register (DIRECTREG3 only), free
 * demo (FREEPLAY3 only; from 768 px up, a phone's login sheet offers it instead). Logged in:
 * deposit, withdraw, balance, avatar menu. The logo shows here
 * when the route has no side menu (the side menu carries it otherwise).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useFlag, usePermission } from '../../api/queries/system';
import { paths } from '../../config/paths';
import { useAuth } from '../../session/auth';
import { ui } from '../../session/ui-store';
import { useTheme } from '../../session/theme';
import { BusyButton } from '../../ui/busy-button';
import { DRAWER_BUTTON_ID, DRAWER_ID, drawer, useDrawerOpen } from '../../ui/drawer';
import { Icon } from '../../ui/icons';
import { useFreeDemo } from '../../session/free-demo';
import { deferredPart } from '../../lib/lazy';
import { Balance } from './balance';
import { TopNav } from './top-nav';
import './header.css';

/**
 * The avatar menu shows for a signed-in player only (the plain start, which waits for it before its
 * first render): a deferred part (docs/decisions/039-deferred-hydration.md), out of a visitor's
 * initial JavaScript; after a login it is in, fetched when the page went idle.
 */
const AvatarMenu = deferredPart(() => import('./avatar-menu').then((m) => m.AvatarMenu));

export function Header({ showLogo }: { showLogo: boolean }) {
  const { t } = useTranslation('header');
  const permission = usePermission();
  const auth = useAuth();
  const directReg = useFlag('DIRECTREG3');
  const freePlay = useFlag('FREEPLAY3');
  const demo = useFreeDemo();
  const { theme, toggleTheme } = useTheme();
  const drawerOpen = useDrawerOpen();

  // As in the avatar menu: guests reach the centre and read its register message.
  const openCentre = (page: string) => {
    if (!auth.token) return auth.openLogin();
    ui.openCentre('member', page);
  };

  return (
    <header className={`topbar${showLogo ? '' : ' topbar--with-drawer'}`}>
      {showLogo ? null : (
        // Phones only (header.css): the side menu is then an off-canvas drawer this button opens.
        <button
          type="button"
          id={DRAWER_BUTTON_ID}
          className="icon-btn topbar__menu"
          aria-label={t('menu')}
          aria-expanded={drawerOpen}
          aria-controls={DRAWER_ID}
          onClick={drawer.toggle}
        >
          <Icon name="menu" size={22} />
        </button>
      )}
      {/* With a side menu the logo is the menu's, except on phones where the menu is a drawer. */}
      <Link to={paths.home()} className={`topbar__logo${showLogo ? '' : ' topbar__logo--phone'}`} aria-label={t('home_logo', { brand: permission.brandName })}>
        <img src="/assets/logo.svg" alt={permission.brandName} width={150} height={40} className="brand-logo" />
      </Link>
      <TopNav />
      <div className="topbar__actions" id="account-actions" tabIndex={-1}>
        {auth.token ? (
          <>
            <Balance />
            {auth.isGuest ? (
              // A trial account plays with demo money: it cannot deposit or withdraw,
              // so it is offered a real account instead.
              directReg ? (
                <button type="button" className="btn btn--primary btn--sm" onClick={() => ui.open('register')}>
                  {t('register')}
                </button>
              ) : null
            ) : (
              <>
                <button type="button" className="btn btn--primary btn--sm" onClick={() => openCentre('depositv2')}>
                  <Icon name="deposit" size={16} />
                  <span className="topbar__label">{t('deposit')}</span>
                </button>
                <button type="button" className="btn btn--outline btn--sm topbar__withdraw" onClick={() => openCentre('withdraw')}>
                  <Icon name="withdraw" size={16} />
                  {t('withdraw')}
                </button>
              </>
            )}
            <AvatarMenu />
          </>
        ) : (
          <>
            {freePlay ? (
              // Busy, not disabled, while the demo starts: a disabled button would drop the focus to the page.
              <BusyButton className="btn btn--ghost btn--sm topbar__demo" onClick={() => demo.start(t('demo_started'))} busy={demo.pending}>
                {t('free_demo')}
              </BusyButton>
            ) : null}
            <button type="button" className="btn btn--outline btn--sm" onClick={() => ui.open('login')}>
              {t('login')}
            </button>
            {directReg ? (
              <button type="button" className="btn btn--primary btn--sm" onClick={() => ui.open('register')}>
                {t('register')}
              </button>
            ) : null}
          </>
        )}
        <button
          type="button"
          className="icon-btn topbar__theme"
          aria-label={theme === 'dark' ? t('theme_light') : t('theme_dark')}
          title={theme === 'dark' ? t('theme_light') : t('theme_dark')}
          onClick={toggleTheme}
        >
          <Icon name={theme === 'dark' ? 'sun' : 'moon'} size={18} />
        </button>
      </div>
    </header>
  );
}
