import type { OrgSettingsView } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Row, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { positionKeys, positionsApi } from './positions.api.ts';

type SettingKey = Exclude<keyof OrgSettingsView, 'version'>;
const SETTINGS: SettingKey[] = ['privateBusinessData', 'tradingPartnerRestriction', 'superiorSeesSubordinates'];

/** Spec §6 global settings: three enterprise-wide switches, each saved as soon as it is flipped. */
export function OrgSettingsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canEdit = usePermission('CF_OAU');
  const settings = useQuery({ queryKey: positionKeys.settings, queryFn: positionsApi.settings });

  const save = useMutation({
    mutationFn: positionsApi.saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(positionKeys.settings, saved);
      message.success(t('common.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: positionKeys.settings });
      }
    },
  });

  return (
    <Card className="page-card" title={t('jurisdiction.settings.title')}>
      {settings.data ? (
        <Row gutter={[24, 12]}>
          {SETTINGS.map((key) => (
            <Col xs={24} md={8} key={key}>
              <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                <Switch
                  aria-label={t(`jurisdiction.settings.${key}`)}
                  checked={settings.data[key]}
                  disabled={!canEdit}
                  loading={save.isPending && save.variables?.[key] !== settings.data[key]}
                  onChange={(checked) => save.mutate({ ...settings.data, [key]: checked })}
                />
                <Typography.Text strong>{t(`jurisdiction.settings.${key}`)}</Typography.Text>
              </div>
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                {t(`jurisdiction.settings.${key}Hint`)}
              </Typography.Paragraph>
            </Col>
          ))}
        </Row>
      ) : settings.isError ? (
        <Alert
          type="error"
          showIcon
          title={settings.error.message}
          action={<Button onClick={() => void settings.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 2 }} />
      )}
    </Card>
  );
}
