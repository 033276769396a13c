/**
 * The session as the app sees it: token, member, account type, and the actions every feature needs.
 * `useAuth()` is the one hook lobbies, header and menus use.
 *
 * - requireLogin(then?): visitors get the login modal, guests (isAgent 4) the 'in_need_true_account'
 *   dialog; both return false so the caller stops. A visitor's `then` runs once that login
 *   succeeds, and is dropped when the modal closes without one (after-login.ts).
 * - logout(): calls logout, clears the session (merchant kept), resets login/agent/VIP UI state and
 *   goes to /. confirmLogout() asks first.
 * - restartLogin(): after a password change the server has revoked every session of the account;
 *   the session ends here too and the login modal opens again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { client, onSessionLost } from '../api/client';
import { ME_KEY, memberInfoQuery } from '../api/queries/member';
import { session } from '../api/session';
import type { Member } from '../api/types';
import { AGENT_TYPES, GUEST_TYPE } from '../config/constants';
import { paths } from '../config/paths';
import { i18n, loadNamespaces } from '../i18n';
import { alertDialog, confirmDialog, dismissAllDialogs } from '../ui/dialog';
import { toast } from '../ui/toast';
import { afterLogin } from './after-login';
import { ui } from './ui-store';

export interface AuthValue {
  /** Raw session token, or null for visitors. */
  token: string | null;
  /** getMemberInfo, once loaded. */
  member: Member | undefined;
  /**
   * Why the member info could not be read (null when it was, or is loading). A failing call never
   * changes who the player is: the session stays, the header shows this with a retry.
   */
  memberError: unknown;
  /** Read the member info again (the retry of memberError). */
  reloadMember(): void;
  /** Account type: 0 player, 1/2/41/42 agent, 4 guest/trial; null for visitors. */
  isAgent: number | null;
  /** Guest/trial account (isAgent 4): no member centre, no launches. */
  isGuest: boolean;
  /** isAgent 1, 2, 41 or 42: the agent centre is shown. */
  isAgentAccount: boolean;
  /**
   * True when a real member is logged in; otherwise opens the right prompt and returns false. A
   * visitor's `then` runs after a successful login in the modal this opens (not after closing it).
   */
  requireLogin(then?: () => void): boolean;
  openLogin(): void;
  /**
   * Store a new session (login, registration, free play, URL token, phone reset). Registration and
   * the phone reset answer no account type: pass 0; it is corrected once the member info arrives.
   */
  startSession(token: string, isAgent: number): void;
  /** The session ended on the server (password changed): clear it and open the login modal. */
  restartLogin(): void;
  /** Log out now (no question asked). */
  logout(): Promise<void>;
  /** Ask for confirmation, then log out. */
  confirmLogout(): Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

/** The guest warning ('in_need_true_account' with a confirm button). */
export async function showGuestWarning(): Promise<boolean> {
  // The title is the auth namespace's, which is not the shell's (loaded with the login modal).
  await loadNamespaces(['auth']);
  return alertDialog({
    title: i18n.t('auth:notice'),
    message: i18n.t('errors:in_need_true_account'),
    confirmText: i18n.t('common:confirm'),
    tone: 'warning',
  });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useSyncExternalStore(session.subscribe, session.token, session.token);
  const storedType = useSyncExternalStore(session.subscribe, session.isAgent, session.isAgent);
  const memberQuery = useQuery({ ...memberInfoQuery, enabled: !!token });
  const member = token ? memberQuery.data : undefined;
  const memberError = token && !member && memberQuery.isError ? memberQuery.error : null;
  const refetchMember = memberQuery.refetch;
  const reloadMember = useCallback(() => void refetchMember(), [refetchMember]);
  const isAgent = token ? (member?.isAgent ?? storedType) : null;

  // Keep the stored account type true to the member info (isAgent lives in
  // sessionStorage), also for sessions that began without one (registration, phone reset).
  useEffect(() => {
    if (token && member && member.isAgent !== storedType) session.start(token, member.isAgent);
  }, [token, member, storedType]);

  const dropMemberState = useCallback(() => {
    queryClient.removeQueries({ queryKey: ME_KEY });
    ui.reset();
    dismissAllDialogs();
  }, [queryClient]);

  // A 401 login.not.session anywhere: the client already cleared the session.
  useEffect(
    () =>
      onSessionLost(() => {
        dropMemberState();
        toast.error(i18n.t('errors:login.not.session'));
      }),
    [dropMemberState],
  );

  const startSession = useCallback(
    (nextToken: string, nextIsAgent: number) => {
      queryClient.removeQueries({ queryKey: ME_KEY });
      session.start(nextToken, nextIsAgent);
      void queryClient.invalidateQueries();
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    if (session.token()) {
      // Not through unwrap: an already expired session must not raise the 'session lost' notice
      // while the player is leaving anyway. The session ends locally whatever the server says.
      await client.DELETE('/wps/session/logout').catch(() => undefined);
    }
    session.clear();
    dropMemberState();
    void navigate(paths.home());
  }, [dropMemberState, navigate]);

  const restartLogin = useCallback(() => {
    session.clear();
    dropMemberState();
    ui.open('login');
  }, [dropMemberState]);

  const confirmLogout = useCallback(async () => {
    await loadNamespaces(['auth']);
    const ok = await confirmDialog({
      title: i18n.t('auth:sign_out'),
      message: i18n.t('auth:sign_out_confirm'),
      confirmText: i18n.t('auth:sign_out'),
      cancelText: i18n.t('common:cancel'),
      tone: 'danger',
    });
    if (ok) await logout();
  }, [logout]);

  const openLogin = useCallback(() => ui.open('login'), []);

  const value = useMemo<AuthValue>(() => {
    const isGuest = isAgent === GUEST_TYPE;
    return {
      token,
      member,
      memberError,
      reloadMember,
      isAgent,
      isGuest,
      isAgentAccount: isAgent !== null && AGENT_TYPES.includes(isAgent),
      requireLogin(then) {
        if (!token) {
          afterLogin.openLogin(then ?? null);
          return false;
        }
        if (isGuest) {
          void showGuestWarning();
          return false;
        }
        return true;
      },
      openLogin,
      startSession,
      restartLogin,
      logout,
      confirmLogout,
    };
  }, [token, member, memberError, reloadMember, isAgent, openLogin, startSession, restartLogin, logout, confirmLogout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session and its actions; must be used below <AuthProvider> (inside the router). */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
