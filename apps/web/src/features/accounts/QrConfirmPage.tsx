import { QrcodeOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Result, Space, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../stores/session.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { accountsApi } from './accounts.api.ts';
import { reloadUserInfo } from './session.ts';

/**
 * Opened from the QR code on a signed-in device: confirm that the other browser signs in as this user.
 * The browser, system and address that asked for the code are shown first, so a code someone relayed
 * from their own browser (QR-jacking) is noticed before it signs them in.
 */
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
  const requester = useQuery({
    queryKey: ['qrRequester', id, secret],
    queryFn: () => accountsApi.qrRequester(id, secret),
    enabled: !!id && !!secret,
    retry: false,
    // The page itself says why there is nothing to confirm.
    meta: { silent: true },
  });
  const confirm = useMutation({ mutationFn: () => accountsApi.confirmQr(id, secret) });

  const page = (body: ReactNode) => (
    <AuthLayout title={t('qr.title')} outbox={false}>
      {body}
    </AuthLayout>
  );
  if (!id || !secret) return page(<Result status="warning" title={t('qr.invalid')} />);
  if (confirm.isSuccess) return page(<Result status="success" title={t('qr.confirmed')} />);
  if (requester.isError) return page(<Result status="warning" title={requester.error.message} />);
  if (!requester.data) {
    return page(
      <Flex justify="center">
        <Spin />
      </Flex>,
    );
  }
  const { agent, ip, sameAddress } = requester.data;
  return page(
    <Result
      status="info"
      icon={<QrcodeOutlined />}
      title={t('qr.question')}
      subTitle={username ? t('qr.asUser', { username }) : undefined}
      extra={
        <Flex vertical gap="middle" align="stretch" style={{ textAlign: 'start' }}>
          <Descriptions
            column={1}
            size="small"
            layout="vertical"
            bordered
            items={[
              { key: 'agent', label: t('qr.requesterAgent'), children: agent ?? t('qr.unknownAgent') },
              {
                key: 'ip',
                label: t('qr.requesterAddress'),
                children: (
                  <Space wrap>
                    <span>{ip ?? t('qr.unknownAddress')}</span>
                    <Tag color={sameAddress ? 'green' : 'orange'}>
                      {sameAddress ? t('qr.sameAddress') : t('qr.otherAddress')}
                    </Tag>
                  </Space>
                ),
              },
            ]}
          />
          <Alert type="warning" showIcon title={t('qr.warning')} />
          <Flex justify="center" gap="small">
            <Button onClick={() => navigate('/', { replace: true })}>{t('common.cancel')}</Button>
            <Button type="primary" loading={confirm.isPending} onClick={() => confirm.mutate()}>
              {t('qr.confirm')}
            </Button>
          </Flex>
        </Flex>
      }
    />,
  );
}
