/**
 * The portal shell: header, banner, footer and side menu per the matched route's layout (its handle
 * in route-table.ts), the login-before-home guard, scroll to top on navigation, and an error boundary
 * plus suspense around the section so a failure never leaves a blank screen.
 */
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { menuSettingsQuery, usePermission } from '../api/queries/system';
import { Footer } from '../features/footer/footer';
import { useAfterFirstPaint } from '../ui/after-first-paint';
import { Header } from '../features/header/header';
import { deferredPart } from '../lib/lazy';
import { DrawerBackdrop, drawer } from '../ui/drawer';
import { Icon } from '../ui/icons';
import { PageSpinner } from '../ui/spinner';
import { useAuth } from '../session/auth';
import { ErrorBoundary } from './error-boundary';
import { RouteBanner } from './route-banner';
import { LoginRedirect } from './login-redirect';
import { useRouteHandle } from '../session/route-handle';
import { NOT_FOUND_ROUTE } from './route-table';
import { ui, useUi } from '../session/ui-store';

/**
 * The side menu hydrates after the rest of the first screen (docs/decisions/039-deferred-hydration.md):
 * its links work as plain anchors meanwhile. Its fallback, shown only if the shell renders it anew
 * before its chunk is in, is its empty frame, which takes the same place.
 */
const SideMenu = deferredPart(
  () => import('../features/side-menu/side-menu').then((m) => m.SideMenu),
  <aside className="side-menu" aria-hidden="true" />,
);

export function Shell() {
  const { t } = useTranslation('common');
  const { pathname, search } = useLocation();
  const permission = usePermission();
  const auth = useAuth();
  // No handle of its own: a redirect, rendering only its way to the target.
  const matched = useRouteHandle();
  const handle = matched ?? NOT_FOUND_ROUTE.handle;
  const layout = handle.layout;
  const sideMini = useUi((s) => s.sideMini);
  const barsShown = useUi((s) => s.barsShown);
  const menu = useQuery({ ...menuSettingsQuery, enabled: layout.barsByFlag === true });
  // A modal or a centre opened from the phone drawer (VIP, referral, announcements, messages…)
  // closes the drawer, so closing the modal returns to the page, not to a drawer over it.
  const modalOpen = useUi((s) => s.centre !== null || Object.values(s.modals).some(Boolean));
  // The footer is below the first screen: rendered right after it (ADR 019, ui/after-first-paint).
  const footer = useAfterFirstPaint() && layout.footer;
  useEffect(() => {
    if (modalOpen) drawer.close();
  }, [modalOpen]);

  // Navigating to another page (a game category among them) starts at the top; query changes
  // such as the lobby tabs (?page=vendor) keep the scroll position.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  // Route guard: with the brand's login-before-home setting, a visitor goes to /login first. A
  // redirect is not guarded itself: the route it leads to is (/download to the login-free /down).
  if (permission.loginBeforeHome && !auth.token && matched && !handle.loginFree) {
    return <LoginRedirect from={pathname + search} />;
  }

  const showHeader = layout.header && (!layout.barsByFlag || menu.data?.topBar === true || barsShown);
  const showSide = layout.sideMenu && (!layout.barsByFlag || menu.data?.sideBar === true || barsShown);
  const barsHidden = layout.barsByFlag === true && (!showHeader || !showSide);

  return (
    <div className={`shell${showSide ? ' shell--with-side' : ''}${showSide && sideMini ? ' shell--mini' : ''}`} data-route={pathname}>
      <a href="#main" className="skip-link">
        {t('skip_to_content')}
      </a>
      {showHeader ? (
        // The header's log in, register or account actions, one Tab from the page's start.
        <a href="#account-actions" className="skip-link">
          {t('skip_to_account')}
        </a>
      ) : null}
      {showSide ? <SideMenu /> : null}
      {showSide ? <DrawerBackdrop /> : null}
      <div className="shell__main">
        {showHeader ? <Header showLogo={!showSide} /> : null}
        {barsHidden ? (
          <button type="button" className="bars-handle" onClick={ui.toggleBars} aria-label={t('show_bars')} title={t('show_bars')}>
            <Icon name="menu" size={18} />
          </button>
        ) : null}
        <main id="main" className={`shell__content${layout.footer ? '' : ' shell__content--bare'}`} tabIndex={-1}>
          {layout.banner ? (
            <div className="shell__banner">
              <RouteBanner group={layout.banner} />
            </div>
          ) : null}
          <ErrorBoundary key={pathname}>
            {/* The footer stays hidden while the section is pending (styles/global.css), so it does not
                show and then jump down when the section arrives (no layout shift). */}
            <Suspense
              fallback={
                <div className="shell__pending">
                  <PageSpinner />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        {footer ? <Footer /> : null}
      </div>
    </div>
  );
}
