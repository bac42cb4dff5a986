import { ToolOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { titleKeyFor } from '../app/routes.ts';

/** An honest placeholder for routes of the table whose capability is not built yet. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const key = titleKeyFor(pathname);
  return (
    <Result
      icon={<ToolOutlined />}
      title={key ? t(`routes.${key}`) : t('notAvailable.title')}
      subTitle={t('notAvailable.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/enterpriseinformation')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
