import { App, Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const HOME = '/enterpriseinformation';
const NOT_FOUND_REDIRECT_MS = 2000;

/** Spec §2: a /404 path warns "no permission, contact the administrator" and returns to the home screen. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    message.warning(t('result.noPermissionContactAdmin'));
    const timer = setTimeout(() => navigate(HOME, { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [message, navigate, t]);
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('result.notFound')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME, { replace: true })}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('result.unauthorized')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME, { replace: true })}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}

/** Shown inside the shell when the signed-in user lacks the route's permission. */
export function NoPermissionResult() {
  const { t } = useTranslation();
  return <Result status="403" title={t('result.noPermission')} subTitle={t('result.noPermissionContactAdmin')} />;
}
