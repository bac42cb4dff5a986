import { Navigate, useLocation } from 'react-router';

/** /redirect/<path> goes straight back to <path>: remounting the page is how a tag is refreshed. */
export function RedirectPage() {
  const { pathname, search } = useLocation();
  const target = pathname.replace(/^\/redirect/, '') || '/';
  return <Navigate to={`${target}${search}`} replace />;
}
