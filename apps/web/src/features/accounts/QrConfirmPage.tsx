import { QrcodeOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../stores/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { accountsApi } from './accounts.api.ts';
import { reloadUserInfo } from './session.ts';

/** Opened from the QR code on a signed-in device: confirm that the other browser signs in as this user. */
export function QrConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const secret = params.get('s') ?? '';
  const username = useSession((s) => s.userInfo?.sysUser.username);
  // This page sits outside the login guard, which loads the user after a reload; the confirmer must see
  // which account the other browser will get.
  useQuery({ queryKey: ['qrConfirmUser'], queryFn: reloadUserInfo, enabled: !username });
  const confirm = useMutation({ mutationFn: () => accountsApi.confirmQr(id, secret) });

  if (!id || !secret) {
    return (
      <AuthLayout title={t('qr.title')} outbox={false}>
        <Result status="warning" title={t('qr.invalid')} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('qr.title')} outbox={false}>
      {confirm.isSuccess ? (
        <Result status="success" title={t('qr.confirmed')} />
      ) : (
        <Result
          status="info"
          icon={<QrcodeOutlined />}
          title={t('qr.question')}
          subTitle={username ? t('qr.asUser', { username }) : undefined}
          extra={
            <Space>
              <Button onClick={() => navigate('/', { replace: true })}>{t('common.cancel')}</Button>
              <Button type="primary" loading={confirm.isPending} onClick={() => confirm.mutate()}>
                {t('qr.confirm')}
              </Button>
            </Space>
          }
        />
      )}
    </AuthLayout>
  );
}
