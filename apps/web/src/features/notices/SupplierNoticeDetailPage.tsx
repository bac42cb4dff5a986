import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import {
  NOTICE_EDITABLE_STATUSES,
  NOTICE_RECIPIENT_STATUS,
  type NoticeAction,
  type NoticeBuyerDetail,
  type NoticeRecipientRow,
  noticeMachine,
  noticeRecipientMachine,
  offeredOnNotice,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { AttachmentLinks, NoticeContentView } from './NoticeContentView.tsx';
import { editNoticePath, noticeKeys, noticesApi } from './notices.api.ts';

const LIST_PATH = '/supplier/supnotificate';

/** /supplier/supnotificate/detail?id= (PO_SUP_CAT_EDIT): the notice, its actions, who read and who replied. */
export function SupplierNoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: noticeKeys.detail(id),
    queryFn: () => noticesApi.get(id),
    enabled: !!id,
    meta: { silent: true },
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      {t('notices.detail.back')}
    </Button>
  );
  if (!id || detail.isError || detail.data?.side === 'supplier') {
    const missing =
      !id || detail.data?.side === 'supplier' || (detail.error instanceof ApiError && detail.error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('notices.detail.notFound') : detail.error?.message}
          extra={
            <Space>
              {back}
              {!missing && <Button onClick={() => void detail.refetch()}>{t('common.retry')}</Button>}
            </Space>
          }
        />
      </Card>
    );
  }
  if (detail.data?.side !== 'buyer') {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return <NoticeView notice={detail.data} back={back} />;
}

const CONFIRM_ACTIONS: readonly string[] = ['withdraw', 'abolish', 'return'];

function NoticeView({ notice, back }: { notice: NoticeBuyerDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasAny = useAnyPermission();
  const can = (code: string) => hasAny([code]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  const act = useMutation({
    mutationFn: (action: NoticeAction) => noticesApi.act(notice.id, action),
    onSuccess: async (result, action) => {
      queryClient.setQueryData(noticeKeys.detail(notice.id), result.notice);
      await refresh();
      message.success(t(`notices.done.${action}`));
      if (result.emailed) message.info(t('notices.emailed', { count: result.emailed }));
    },
  });
  const returnReply = useMutation({
    mutationFn: (recipientId: string) => noticesApi.actOnRecipient(notice.id, recipientId, 'return'),
    onSuccess: async () => {
      await refresh();
      message.success(t('notices.done.return'));
    },
  });

  const confirmThen = (action: string, run: () => void) => {
    if (!CONFIRM_ACTIONS.includes(action)) return run();
    modal.confirm({
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      title: t(`notices.confirm.${action as 'withdraw' | 'abolish' | 'return'}`),
      onOk: run,
    });
  };

  const actions = noticeMachine.available('buyer', notice.status, can);
  const editable = NOTICE_EDITABLE_STATUSES.includes(notice.status);
  const read = notice.recipients.filter((r) => r.status !== NOTICE_RECIPIENT_STATUS.UNREAD).length;
  const replied = notice.recipients.filter((r) => r.status === NOTICE_RECIPIENT_STATUS.REPLIED).length;

  const columns: TableColumnsType<NoticeRecipientRow> = [
    { key: 'supCode', title: t('notices.fields.supCode'), dataIndex: 'supCode', width: 110 },
    { key: 'supName', title: t('notices.fields.supName'), dataIndex: 'supName', width: 220 },
    {
      key: 'delivery',
      title: t('notices.fields.delivery'),
      dataIndex: 'delivery',
      width: 110,
      render: (d: 'platform' | 'email') => (
        <Tag color={d === 'platform' ? 'blue' : 'default'}>{t(`notices.delivery.${d}`)}</Tag>
      ),
    },
    {
      key: 'status',
      title: t('notices.fields.recipientStatus'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <StatusTag machine={noticeRecipientMachine} status={s} />,
    },
    { key: 'readAt', title: t('notices.fields.readAt'), dataIndex: 'readAt', width: 170, render: formatDateTime },
    {
      key: 'reply',
      title: t('notices.fields.reply'),
      render: (_v, r) =>
        r.reply ? (
          <Space orientation="vertical" size={2}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{r.reply}</Typography.Paragraph>
            {r.replyAttachments.length > 0 && <AttachmentLinks files={r.replyAttachments} />}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('notices.detail.noReply')}</Typography.Text>
        ),
    },
    {
      key: 'repliedAt',
      title: t('notices.fields.repliedAt'),
      dataIndex: 'repliedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <OperationButton
          type="link"
          size="small"
          permission="PO_SUP_CAT_EDIT"
          row={row}
          visible={(r) =>
            noticeRecipientMachine
              .available('buyer', r.status, () => true, offeredOnNotice(notice.status))
              .includes('return')
          }
          loading={returnReply.isPending && returnReply.variables === row.id}
          onClick={() => confirmThen('return', () => returnReply.mutate(row.id))}
        >
          {t('notices.actions.return')}
        </OperationButton>
      ),
    },
  ];

  return (
    <>
      <Card
        className="page-card"
        title={
          <Space>
            <span>{notice.noticeNo}</span>
            <StatusTag machine={noticeMachine} status={notice.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {back}
            {editable && (
              <OperationButton
                permission="PO_SUP_CAT_ADD"
                icon={<EditOutlined />}
                onClick={() => navigate(editNoticePath(notice.id))}
              >
                {t('common.edit')}
              </OperationButton>
            )}
            {actions.map((action) => (
              <Button
                key={action}
                type={action === 'publish' ? 'primary' : 'default'}
                danger={action === 'abolish'}
                loading={act.isPending && act.variables === action}
                onClick={() => confirmThen(action, () => act.mutate(action))}
              >
                {t(`notices.actions.${action}`)}
              </Button>
            ))}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('notices.fields.title')} span={3}>
            {notice.title}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.owner')}>{notice.ownerName}</Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.publishedAt')}>
            {formatDateTime(notice.publishedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.needReply')}>
            {notice.needReply ? t('common.yes') : t('common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.classes')}>
            {notice.supplierClasses.map((c) => `${c.code} ${c.name}`).join(', ') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.readProgress')}>
            {t('notices.detail.progress', { count: read, total: notice.recipients.length })}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.replyProgress')}>
            {t('notices.detail.progress', { count: replied, total: notice.recipients.length })}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="page-card" title={t('notices.fields.content')}>
        <NoticeContentView content={notice.content} attachments={notice.attachments} />
      </Card>
      <Card className="page-card" title={t('notices.detail.recipientsTitle')}>
        <Table<NoticeRecipientRow>
          rowKey="id"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={notice.recipients}
          scroll={{ x: 1200 }}
        />
      </Card>
    </>
  );
}
