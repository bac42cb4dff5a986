import { CheckOutlined } from '@ant-design/icons';
import { MESSAGE_KINDS, type MessageItem, type MessageKind } from '@concord/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Empty, List, Modal, Select, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGE_SIZES, useListParams } from '../../components/list/useListParams.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { messageKeys, messagesApi, type ReadFilter } from './messages.api.ts';

const READ_FILTERS: ReadFilter[] = ['unread', 'read', 'all'];
const KIND_COLOURS: Record<MessageKind, string> = {
  system: 'default',
  contract: 'purple',
  order: 'blue',
  delivery: 'cyan',
  qualification: 'orange',
};

function MessageDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['messages', 'detail', id],
    enabled: id !== null,
    queryFn: async () => {
      // Opening a message marks it read on the server, so the badge and lists follow.
      const item = await messagesApi.read(id!);
      void queryClient.invalidateQueries({ queryKey: messageKeys.count });
      void queryClient.invalidateQueries({ queryKey: ['messages', 'list'] });
      return item;
    },
  });
  const item = detail.data;
  return (
    <Modal
      open={id !== null}
      title={item?.title ?? t('messages.detail')}
      onCancel={onClose}
      loading={detail.isPending}
      footer={
        <Space>
          {item?.link && (
            <Button
              type="primary"
              onClick={() => {
                onClose();
                navigate(item.link!);
              }}
            >
              {t('messages.open')}
            </Button>
          )}
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Space>
      }
    >
      {item && (
        <>
          <Space style={{ marginBottom: 8 }}>
            <Tag color={KIND_COLOURS[item.kind as MessageKind]}>{t(`messages.kinds.${item.kind as MessageKind}`)}</Tag>
            <Typography.Text type="secondary">{formatDateTime(item.createdAt)}</Typography.Text>
          </Space>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{item.content}</Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

/** The notification list shared by /news and the message centre; tabs, kind and page live in the URL. */
export function MessageList({ kind: fixedKind, title }: { kind?: MessageKind; title: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, size, get, update } = useListParams();
  const [openId, setOpenId] = useState<string | null>(null);
  const read = (READ_FILTERS as string[]).includes(get('tab') ?? '') ? (get('tab') as ReadFilter) : 'unread';
  const kind = fixedKind ?? (MESSAGE_KINDS as readonly string[]).find((k) => k === get('kind'));
  const query = { pageNum: page, pageSize: size, read, kind: kind as MessageKind | undefined };
  const list = useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () => messagesApi.list(query),
    placeholderData: keepPreviousData,
  });
  const readAll = useMutation({
    mutationFn: messagesApi.readAll,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });

  return (
    <Card
      title={title}
      extra={
        <Space>
          {!fixedKind && (
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('messages.allKinds')}
              value={kind}
              onChange={(v: string | undefined) => update({ kind: v })}
              options={MESSAGE_KINDS.map((k) => ({ value: k, label: t(`messages.kinds.${k}`) }))}
              aria-label={t('messages.kind')}
            />
          )}
          <Button icon={<CheckOutlined />} loading={readAll.isPending} onClick={() => readAll.mutate()}>
            {t('messages.markAllRead')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={read}
        onChange={(tab) => update({ tab })}
        items={READ_FILTERS.map((f) => ({ key: f, label: t(`messages.tabs.${f}`) }))}
      />
      <List<MessageItem>
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{ emptyText: <Empty description={t('messages.empty')} /> }}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.totalCount ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { total }),
          onChange: (p, s) => update({ page: p, size: s }, false),
        }}
        renderItem={(item) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => setOpenId(item.id)}
            extra={<Typography.Text type="secondary">{formatDateTime(item.createdAt)}</Typography.Text>}
          >
            <List.Item.Meta
              title={
                <Space>
                  <Badge status={item.isRead ? 'default' : 'processing'} />
                  <span className={item.isRead ? undefined : 'unread-title'}>{item.title}</span>
                  <Tag color={KIND_COLOURS[item.kind as MessageKind]}>
                    {t(`messages.kinds.${item.kind as MessageKind}`)}
                  </Tag>
                </Space>
              }
              description={<Typography.Text ellipsis>{item.content}</Typography.Text>}
            />
          </List.Item>
        )}
      />
      <MessageDetail id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
