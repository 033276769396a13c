/**
 * The login-before-home guard's redirect: to /login, replacing the
 * asked-for address, which travels as `state.from` so a login returns there.
 *
 * <Navigate> navigates again whenever its props change, and under the data router the current page
 * renders again on every step of a pending navigation (while /login's section chunk loads): a new
 * state object on each render started a new navigation each time, hundreds per redirect, which kept
 * a loaded machine busy and held back the login modal. One state object per address.
 */
import { useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '../config/paths';

export function LoginRedirect({ from }: { from: string }) {
  const state = useMemo(() => ({ from }), [from]);
  return <Navigate to={paths.login()} replace state={state} />;
}
