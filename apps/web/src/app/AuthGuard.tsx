import { Button, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api/http.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { clearLocalSession, reloadUserInfo } from '../features/accounts/session.ts';
import { useSession } from '../stores/session.ts';
import { loginPathFor, useValidToken, withLoginNotice } from './guards.tsx';

export const PROFILE_PATH = '/profile/index';

/**
 * Spec §4 login guard: no token → login with redirect; a token without user info → load it (failure:
 * "login expired", log out, back to login); a user who has not joined an enterprise → profile.
 */
export function AuthGuard() {
  const token = useValidToken();
  const userInfo = useSession((s) => s.userInfo);
  const tenantId = useSession((s) => s.tenantId);
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const loading = useRef<string | null>(null);
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const here = `${location.pathname}${location.search}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's trigger.
  useEffect(() => {
    if (!token || userInfo) return;
    const key = `${token}:${tenantId}`;
    if (loading.current === key) return;
    loading.current = key;
    setUnreachable(null);
    reloadUserInfo().catch((error: unknown) => {
      loading.current = null;
      if (error instanceof ApiError && error.handled) return;
      // An aborted request or a server that is down says nothing about the session: keep it and offer a retry.
      if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
        setUnreachable(error.message);
        return;
      }
      clearLocalSession();
      navigate(loginPathFor(here), {
        replace: true,
        ...withLoginNotice({ kind: 'warning', text: t('auth.loginExpired') }),
      });
    });
  }, [token, userInfo, tenantId, here, navigate, t, attempt]);

  if (!token) return <Navigate to={loginPathFor(here)} replace />;
  if (!userInfo && unreachable) {
    return (
      <Result
        status="warning"
        subTitle={unreachable}
        extra={
          <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!userInfo) return <PageLoading />;
  if (!userInfo.isJoin && location.pathname !== PROFILE_PATH) return <Navigate to={PROFILE_PATH} replace />;
  return <Outlet />;
}
