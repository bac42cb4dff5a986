import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { safeRedirect } from '../lib/redirect.ts';
import { useSession } from '../stores/session.ts';

// The guards a visitor meets before signing in: kept free of antd so the login route stays light (P-07).

export function useValidToken(): string | null {
  return useSession((s) => (s.token && (s.expiresAt === null || s.expiresAt > Date.now()) ? s.token : null));
}

/**
 * What the login page says on arrival (an account just registered, a session that ended): passed as
 * navigation state, because antd's message host does not outlive the page that left for /login.
 */
export interface LoginNotice {
  kind: 'success' | 'warning';
  text: string;
}

export const withLoginNotice = (notice: LoginNotice) => ({ state: { loginNotice: notice } });

export function loginNoticeOf(state: unknown): LoginNotice | null {
  const notice = (state as { loginNotice?: LoginNotice } | null)?.loginNotice;
  return notice && typeof notice.text === 'string' ? notice : null;
}

export function loginPathFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** /qr-login needs a signed-in device but not the shell. */
export function RequireToken() {
  const token = useValidToken();
  const location = useLocation();
  if (!token) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/** A signed-in user visiting /login goes to / (spec §2). */
export function GuestOnly() {
  const token = useValidToken();
  const [params] = useSearchParams();
  // Signing in on this page sets the token; the redirect it carried is followed here.
  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return <Outlet />;
}
