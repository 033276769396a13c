/**
 * On a normal start a `token` in the URL query logs the player in: it is checked
 * with getMemberInfo, stored through session.start, and removed from the address bar either way.
 */
import type { QueryClient } from '@tanstack/react-query';
import { client, unwrap } from '../api/client';
import { memberInfoQuery } from '../api/queries/member';
import { session } from '../api/session';

export async function consumeUrlToken(queryClient: QueryClient): Promise<boolean> {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return false;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  // A token in the URL replaces whatever session this tab had.
  if (session.token()) session.clear();
  try {
    const member = await unwrap(client.GET('/wps/member/info', { headers: { Authorization: token } }));
    session.start(token, member.isAgent);
    queryClient.setQueryData(memberInfoQuery.queryKey, member);
    return true;
  } catch {
    return false;
  }
}
