import { ArrowLeftOutlined, MessageOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  NOTICE_STATUS,
  type NoticeSupplierDetail,
  noticeMachine,
  noticeRecipientMachine,
  offeredOnNotice,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Typography } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { buyerZoneFormat } from '../../lib/dates.ts';
import { AttachmentLinks, NoticeContentView } from './NoticeContentView.tsx';
import { noticeKeys, noticesApi, replyNoticePath } from './notices.api.ts';

const LIST_PATH = '/sale/custnotificate';

/** Loads my copy of a customer's notice; opening it marks it read, so the lists are refreshed. */
export function useReceivedNotice(id: string) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: noticeKeys.detail(id),
    queryFn: () => noticesApi.get(id),
    enabled: !!id,
    meta: { silent: true },
  });
  const loaded = !!detail.data;
  useEffect(() => {
    if (loaded) void queryClient.invalidateQueries({ queryKey: ['notices', 'received'] });
  }, [loaded, queryClient]);
  return detail;
}

export function ReceivedNoticeGate({
  id,
  detail,
  back,
  children,
}: {
  id: string;
  detail: ReturnType<typeof useReceivedNotice>;
  back: ReactNode;
  children: (notice: NoticeSupplierDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!id || detail.isError || detail.data?.side === 'buyer') {
    const missing =
      !id || detail.data?.side === 'buyer' || (detail.error instanceof ApiError && detail.error.status === 404);
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
  if (detail.data?.side !== 'supplier') {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return children(detail.data);
}

/** /sale/custnotificate/detail?id= (SL_CUS): a customer's notice, my reply and what I may do with it. */
export function CustomerNoticeDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const detail = useReceivedNotice(id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
      {t('notices.detail.back')}
    </Button>
  );
  return (
    <ReceivedNoticeGate id={id} detail={detail} back={back}>
      {(notice) => <ReceivedNoticeView notice={notice} back={back} />}
    </ReceivedNoticeGate>
  );
}

function ReceivedNoticeView({ notice, back }: { notice: NoticeSupplierDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasAny = useAnyPermission();
  const copy = notice.recipient;
  const actions = noticeRecipientMachine.available(
    'supplier',
    copy.status,
    (c) => hasAny([c]),
    offeredOnNotice(notice.status),
  );
  const retract = useMutation({
    mutationFn: () => noticesApi.actOnRecipient(notice.id, copy.id, 'retract'),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      message.success(t('notices.done.retract'));
    },
  });

  return (
    <>
      <Card
        className="page-card"
        title={
          <Space>
            <span>{notice.noticeNo}</span>
            <StatusTag machine={noticeRecipientMachine} status={copy.status} />
            {notice.status !== NOTICE_STATUS.PUBLISHED && <StatusTag machine={noticeMachine} status={notice.status} />}
          </Space>
        }
        extra={
          <Space wrap>
            {back}
            {actions.includes('reply') && (
              <OperationButton
                type="primary"
                permission="SL_CUS"
                icon={<MessageOutlined />}
                onClick={() => navigate(replyNoticePath(notice.id))}
              >
                {copy.reply ? t('notices.reply.again') : t('notices.actions.reply')}
              </OperationButton>
            )}
            {actions.includes('retract') && (
              <OperationButton
                permission="SL_CUS"
                icon={<RollbackOutlined />}
                loading={retract.isPending}
                onClick={() =>
                  modal.confirm({
                    okText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    title: t('notices.confirm.retract'),
                    onOk: () => retract.mutate(),
                  })
                }
              >
                {t('notices.actions.retract')}
              </OperationButton>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('notices.fields.title')} span={3}>
            {notice.title}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.customer')}>{notice.customerName}</Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.publishedAt')}>
            {buyerZoneFormat(notice.buyerTimeZone).dateTime(notice.publishedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('notices.fields.needReply')}>
            {notice.needReply ? t('common.yes') : t('common.no')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="page-card" title={t('notices.fields.content')}>
        <NoticeContentView content={notice.content} attachments={notice.attachments} />
      </Card>
      <Card className="page-card" title={t('notices.reply.mine')}>
        {copy.reply ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('notices.fields.reply')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{copy.reply}</Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('notices.fields.replyAttachments')}>
              <AttachmentLinks files={copy.replyAttachments} />
            </Descriptions.Item>
            <Descriptions.Item label={t('notices.fields.repliedAt')}>
              {buyerZoneFormat(notice.buyerTimeZone).dateTime(copy.repliedAt)}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text type="secondary">
            {notice.needReply ? t('notices.reply.expected') : t('notices.detail.noReply')}
          </Typography.Text>
        )}
      </Card>
    </>
  );
}
