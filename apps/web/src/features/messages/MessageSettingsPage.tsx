import { MESSAGE_KINDS, type MessageSettings } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageKeys, messagesApi } from './messages.api.ts';

export function MessageSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: messageKeys.settings, queryFn: messagesApi.settings });
  const save = useMutation({
    mutationFn: messagesApi.saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(messageKeys.settings, saved);
      message.success(t('common.saved'));
    },
  });

  if (!settings.data) return <Skeleton active />;
  return (
    <Card title={t('routes.messageSettings')} style={{ maxWidth: 720 }}>
      <Form<MessageSettings> layout="vertical" initialValues={settings.data} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="emailEnabled"
          label={t('messages.emailEnabled')}
          valuePropName="checked"
          extra={t('messages.emailHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="mutedKinds" label={t('messages.mutedKinds')} extra={t('messages.mutedHint')}>
          <Checkbox.Group options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`messages.kinds.${k}`) }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('messages.settingsNote')}</Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
