import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';
import { safeRedirect } from '../../lib/redirect.ts';
import { useSession } from '../../stores/session.ts';

/** Third-party login lands here with #access_token=…&expires_in=…&redirect=… in the hash. */
export function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const token = hash.get('access_token');
  const expiresIn = Number(hash.get('expires_in') ?? 0);
  const redirect = safeRedirect(hash.get('redirect'));

  useEffect(() => {
    if (!token) return;
    useSession.getState().signIn(token, Math.max(expiresIn, 0));
    // The token must not linger in the address bar or history.
    navigate(redirect, { replace: true });
  }, [token, expiresIn, redirect, navigate]);

  if (!token) {
    return (
      <Result status="warning" title={t('auth.thirdPartyFailed')} extra={<a href="/login">{t('auth.login')}</a>} />
    );
  }
  return <PageLoading />;
}
