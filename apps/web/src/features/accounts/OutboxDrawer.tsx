import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Drawer, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import type { OutboxItem } from './accounts.api.ts';

export function OutboxDrawer({
  open,
  onClose,
  outbox,
}: {
  open: boolean;
  onClose: () => void;
  outbox: UseQueryResult<OutboxItem[]>;
}) {
  const { t } = useTranslation();
  return (
    <Drawer title={t('outbox.title')} open={open} onClose={onClose} size={420}>
      <Typography.Paragraph type="secondary">{t('outbox.hint')}</Typography.Paragraph>
      <Button
        size="small"
        onClick={() => void outbox.refetch()}
        loading={outbox.isFetching}
        style={{ marginBottom: 8 }}
      >
        {t('common.refresh')}
      </Button>
      {outbox.data && outbox.data.length > 0 ? (
        <List
          dataSource={outbox.data}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={`${item.recipient} · ${item.subject}`}
                description={
                  <>
                    <Typography.Text>{item.body}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{formatDateTime(item.createdAt)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t('outbox.empty')} />
      )}
    </Drawer>
  );
}
