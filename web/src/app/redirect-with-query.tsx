/** A route that leads elsewhere at once (REDIRECT_TARGETS of route-table.ts), keeping the query string. */
import { Navigate, useLocation } from 'react-router-dom';

export function RedirectWithQuery({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}
