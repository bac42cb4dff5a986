import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { configureHttp } from '../api/http.ts';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { feedback } from '../lib/feedback.ts';
import { titleKeyFor } from './routes.ts';

export const PRODUCT_TITLE = 'Concord SRM';

/**
 * Page title = translated route title + product title (spec §2); wires the HTTP client to the router. A
 * screen that fails while rendering (sign-in pages included) is caught here, and going elsewhere retries.
 */
export function RootRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    configureHttp({
      navigate: (to) => navigate(to, { replace: true }),
      warn: feedback.warning,
    });
  }, [navigate]);

  useEffect(() => {
    const key = titleKeyFor(pathname);
    document.title = key ? `${t(`routes.${key}`)} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
  }, [pathname, t]);

  return (
    <ErrorBoundary resetKey={pathname}>
      <Outlet />
    </ErrorBoundary>
  );
}
