import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { type NoticeSupplierDetail, noticeRecipientMachine, type OssFileRef, offeredOnNotice } from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Result, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../components/PermissionGate.tsx';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { ReceivedNoticeGate, useReceivedNotice } from './CustomerNoticeDetailPage.tsx';
import { NoticeContentView } from './NoticeContentView.tsx';
import { noticeKeys, noticesApi, receivedNoticePath } from './notices.api.ts';

interface Values {
  reply: string;
  attachments: OssFileRef[];
}

/** /sale/custnotificate/newannounce?id= (SL_CUS): answer a customer's notice with words and files. */
export function NoticeReplyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const detail = useReceivedNotice(id);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(id ? receivedNoticePath(id) : '/sale/custnotificate')}>
      {t('common.cancel')}
    </Button>
  );
  return (
    <ReceivedNoticeGate id={id} detail={detail} back={back}>
      {(notice) => <ReplyForm notice={notice} back={back} />}
    </ReceivedNoticeGate>
  );
}

function ReplyForm({ notice, back }: { notice: NoticeSupplierDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allowed = usePermission('SL_CUS');
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const copy = notice.recipient;
  const open = noticeRecipientMachine
    .available('supplier', copy.status, () => true, offeredOnNotice(notice.status))
    .includes('reply');

  const send = useMutation({
    mutationFn: (v: Values) => noticesApi.actOnRecipient(notice.id, copy.id, 'reply', v),
    meta: { form },
    onSuccess: async () => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      message.success(t('notices.done.reply'));
      navigate(receivedNoticePath(notice.id));
    },
  });

  if (!open) {
    return (
      <Card className="page-card">
        <Result status="warning" title={t('notices.reply.closed')} extra={back} />
      </Card>
    );
  }
  const leave = () => {
    if (!dirty) navigate(receivedNoticePath(notice.id));
    else
      modal.confirm({
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        title: t('notices.form.unsaved'),
        onOk: () => navigate(receivedNoticePath(notice.id)),
      });
  };

  return (
    <>
      <Card
        className="page-card"
        title={t('notices.reply.title', { no: notice.noticeNo, title: notice.title })}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={leave}>
              {t('common.cancel')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!allowed}
              loading={send.isPending}
              onClick={() =>
                void form
                  .validateFields()
                  .then((v) => send.mutate(v))
                  .catch(() => undefined)
              }
            >
              {t('notices.reply.submit')}
            </Button>
          </Space>
        }
      >
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ reply: copy.reply, attachments: copy.replyAttachments }}
          onValuesChange={() => setDirty(true)}
          style={{ maxWidth: 860 }}
        >
          <Form.Item name="reply" label={t('notices.fields.reply')} rules={[requiredRule(locale), { max: 2000 }]}>
            <Input.TextArea rows={6} maxLength={2000} showCount placeholder={t('notices.reply.placeholder')} />
          </Form.Item>
          <Form.Item name="attachments" label={t('notices.fields.replyAttachments')}>
            <AttachmentsField />
          </Form.Item>
        </Form>
      </Card>
      <Card className="page-card" title={notice.title}>
        <NoticeContentView content={notice.content} attachments={notice.attachments} />
      </Card>
    </>
  );
}
