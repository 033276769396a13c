/**
 * The login modal and the screens reached from it: login, forgot
 * password, and the forced change of an expired or default password. They share one dialog so focus
 * and the /login route are handled once:
 *
 * - login → forgot password (link) → back, or a phone reset that logs in and goes to /;
 * - login with passwordExpired (not by SMS) → forced change; the server then ends the session and
 *   the login screen shows again. Closing the forced change logs out: the old password must not
 *   stay in use.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterLogin } from '../../session/after-login';
import { useAuth } from '../../session/auth';
import { Modal } from '../../ui/modal';
import { toast } from '../../ui/toast';
import { ChangePasswordForm } from './change-password-form';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import './login-modal.css';

type View = 'login' | 'forgot' | 'forced';

/**
 * Focus after a login: the header's Log in button that opened the dialog is gone (the header now
 * shows the balance, deposit and account menu), so focus goes to the header's account actions, where
 * that button was: a keyboard or screen-reader user lands on what the login changed, and the next
 * Tab reaches the balance and the account menu. A page without the header: its main content.
 */
function focusAfterLogin(): HTMLElement | null {
  return document.getElementById('account-actions') ?? document.getElementById('main');
}

export default function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [view, setView] = useState<View>('login');
  // The password of the login that forced the change: kept in memory for the change call only.
  const [usedPassword, setUsedPassword] = useState<string | undefined>(undefined);
  const bodyRef = useRef<HTMLDivElement>(null);

  // Leaving /login after a successful login or by closing: back to where the guard came from.
  const leaveLoginRoute = () => {
    if (location.pathname !== '/login') return;
    const from = (location.state as { from?: string } | null)?.from;
    void navigate(from && from !== '/login' ? from : '/', { replace: true });
  };

  useEffect(() => {
    if (auth.token && view === 'login' && location.pathname === '/login') leaveLoginRoute();
    // Only once, when the modal opens already logged in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new screen in the same dialog: focus its first field (the dialog focused the first screen).
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const root = bodyRef.current;
    root?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    if (root && !root.contains(document.activeElement)) root.querySelector<HTMLElement>('input, button')?.focus();
  }, [view]);

  const close = () => {
    if (view === 'forced') {
      setUsedPassword(undefined);
      void auth.logout();
    }
    onClose();
    if (view !== 'forced') leaveLoginRoute();
  };

  const title = view === 'login' ? t('login_title') : view === 'forgot' ? t('forgot_title') : t('change_password_title');

  return (
    <Modal open onClose={close} title={title} size="sm" className="login-modal" returnFocus={focusAfterLogin}>
      <div ref={bodyRef}>
        {view === 'login' ? (
          <LoginForm
            onForgot={() => setView('forgot')}
            onForced={(password) => {
              setUsedPassword(password);
              setView('forced');
            }}
            onDone={() => {
              // What asked for this login (a game's Play) runs now; the dialog closing any other way
              // drops it (after-login.ts).
              afterLogin.done();
              onClose();
              leaveLoginRoute();
            }}
            onDemoStarted={() => {
              onClose();
              leaveLoginRoute();
            }}
          />
        ) : view === 'forgot' ? (
          <ForgotPasswordForm
            onBack={() => setView('login')}
            onDone={() => {
              onClose();
            }}
          />
        ) : (
          <ChangePasswordForm
            forced
            knownOldPassword={usedPassword}
            onDone={() => {
              setUsedPassword(undefined);
              // The server revoked the session: it ends here too and the login screen shows again.
              auth.restartLogin();
              setView('login');
              toast.success(t('password_changed_login_again'));
            }}
          />
        )}
      </div>
    </Modal>
  );
}
