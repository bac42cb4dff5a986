import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  NOTICE_EDITABLE_STATUSES,
  type NoticeBuyerDetail,
  type NoticeSaveResult,
  type OssFileRef,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Result, Select, Skeleton, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { noticeKeys, noticesApi, sentNoticePath } from './notices.api.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

interface Values {
  title: string;
  needReply: boolean;
  supplierIds: string[];
  supplierClassIds: string[];
  content: string;
  attachments: OssFileRef[];
}

const LIST_PATH = '/supplier/supnotificate';

const valuesOf = (n: NoticeBuyerDetail): Values => ({
  title: n.title,
  needReply: n.needReply,
  supplierIds: n.recipients.map((r) => r.supplierId),
  supplierClassIds: n.supplierClasses.map((c) => c.id),
  content: n.content,
  attachments: n.attachments,
});

/** /supplier/newannounce (PO_SUP_CAT_ADD): write a notice, choose suppliers or classes, save or publish. */
export function NoticeFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { t } = useTranslation();
  const existing = useQuery({
    queryKey: noticeKeys.detail(id ?? ''),
    queryFn: () => noticesApi.get(id!),
    enabled: !!id,
    meta: { silent: true },
  });
  if (!id) return <NoticeForm />;
  if (existing.isError) {
    const missing = existing.error instanceof ApiError && existing.error.status === 404;
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('notices.detail.notFound') : existing.error.message}
        />
      </Card>
    );
  }
  if (!existing.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  if (existing.data.side !== 'buyer' || !NOTICE_EDITABLE_STATUSES.includes(existing.data.status)) {
    return (
      <Card className="page-card">
        <Result status="warning" title={t('notices.form.notEditable')} />
      </Card>
    );
  }
  return <NoticeForm notice={existing.data} />;
}

function NoticeForm({ notice }: { notice?: NoticeBuyerDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canPublish = usePermission('PO_SUP_CAT_ADD');
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const options = useQuery({ queryKey: noticeKeys.options, queryFn: noticesApi.recipientOptions });

  const save = useMutation({
    mutationFn: async ({ values, publish }: { values: Values; publish: boolean }) => {
      const saved: NoticeSaveResult = notice
        ? await noticesApi.update(notice.id, { ...values, version: notice.version })
        : await noticesApi.create(values);
      const published = publish ? await noticesApi.act(saved.notice.id, 'publish') : null;
      return { saved, published };
    },
    meta: { form },
    onSuccess: async ({ saved, published }) => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      message.success(published ? t('notices.form.published') : t('notices.form.saved'));
      if (published?.emailed) message.info(t('notices.emailed', { count: published.emailed }));
      if (saved.skipped.length) {
        modal.warning({
          title: t('notices.form.skippedTitle'),
          content: (
            <ul style={{ paddingLeft: 18 }}>
              {saved.skipped.map((s) => (
                <li key={s.supplierId}>
                  {s.supName}: {t(`notices.form.skipped.${s.reason}`)}
                </li>
              ))}
            </ul>
          ),
        });
      }
      navigate(sentNoticePath(saved.notice.id));
    },
  });

  const leave = () => {
    const back = () => navigate(notice ? sentNoticePath(notice.id) : LIST_PATH);
    if (!dirty) back();
    else
      modal.confirm({
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        title: t('notices.form.unsaved'),
        onOk: back,
      });
  };
  const submit = (publish: boolean) =>
    void form
      .validateFields()
      .then((values) => save.mutate({ values, publish }))
      .catch(() => undefined);

  const supplierOptions = (options.data?.suppliers ?? []).map((s) => ({
    value: s.id,
    label: (
      <Space size={4}>
        <span>
          {s.supCode} {s.supName}
        </span>
        {!s.onNetwork && (
          <Tag color={s.hasEmail ? 'blue' : 'red'}>
            {s.hasEmail ? t('notices.form.emailOnly') : t('notices.form.noEmail')}
          </Tag>
        )}
      </Space>
    ),
    search: `${s.supCode} ${s.supName}`,
  }));
  const classOptions = (options.data?.classes ?? []).map((c) => ({
    value: c.id,
    label: t('notices.form.classOption', { code: c.code, name: c.name, count: c.supplierCount }),
  }));

  return (
    <Card
      className="page-card"
      title={notice ? t('notices.form.editTitle', { no: notice.noticeNo }) : t('notices.form.addTitle')}
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={leave}>
            {t('common.cancel')}
          </Button>
          <Button icon={<SaveOutlined />} loading={save.isPending} onClick={() => submit(false)}>
            {t('notices.form.saveDraft')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            disabled={!canPublish}
            loading={save.isPending}
            onClick={() => submit(true)}
          >
            {t('notices.form.saveAndPublish')}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          notice
            ? valuesOf(notice)
            : { title: '', needReply: true, supplierIds: [], supplierClassIds: [], content: '', attachments: [] }
        }
        onValuesChange={() => setDirty(true)}
        style={{ maxWidth: 960 }}
      >
        <Form.Item name="title" label={t('notices.fields.title')} rules={[requiredRule(locale), { max: 200 }]}>
          <Input maxLength={200} showCount placeholder={t('notices.form.titlePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="supplierIds"
          label={t('notices.fields.suppliers')}
          extra={t('notices.form.recipientsHint')}
          dependencies={['supplierClassIds']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: string[] = []) => {
                if (v.length === 0 && (getFieldValue('supplierClassIds') ?? []).length === 0) {
                  throw new Error(t('notices.form.recipientsRequired'));
                }
              },
            }),
          ]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={options.isLoading}
            options={supplierOptions}
            showSearch={{ optionFilterProp: 'search' }}
            placeholder={t('notices.form.suppliersPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="supplierClassIds" label={t('notices.fields.classes')}>
          <Select
            mode="multiple"
            allowClear
            loading={options.isLoading}
            options={classOptions}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('notices.form.classesPlaceholder')}
          />
        </Form.Item>
        <Form.Item name="needReply" label={t('notices.fields.needReply')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="content" label={t('notices.fields.content')}>
          <RichTextEditor label={t('notices.fields.content')} placeholder={t('notices.form.contentPlaceholder')} />
        </Form.Item>
        <Form.Item name="attachments" label={t('notices.fields.attachments')}>
          <AttachmentsField />
        </Form.Item>
      </Form>
    </Card>
  );
}
