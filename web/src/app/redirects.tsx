import { Navigate, useLocation } from 'react-router';
import { redirectFor } from './routes';

/** /privacy → /terms and /account/{rest} → /settings/{rest} (SPEC.md §2). */
export function RedirectRoute() {
  const { pathname, search } = useLocation();
  return <Navigate to={`${redirectFor(pathname) ?? '/'}${search}`} replace />;
}
