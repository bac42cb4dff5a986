import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { type QualificationDetail, qualificationMachine, validationMessage } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Result,
  Row,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { DocumentHistory } from '../../components/DocumentHistory.tsx';
import { usePermission } from '../../components/PermissionGate.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { AttachmentLinks } from '../notices/NoticeContentView.tsx';
import { DueDate, ResultTag, ValidityText } from './QualificationParts.tsx';
import { qualificationKeys, qualificationsApi } from './qualifications.api.ts';
import {
  DETAIL_ROUTES,
  type DocumentAction,
  type ReplyProblem,
  type ReplyValues,
  replyActionOf,
  replyDueDate,
  replyProblems,
} from './qualifications.rules.ts';
import { useQualificationActions } from './useQualificationActions.tsx';

/**
 * One document on every detail route of spec §2 (see DETAIL_ROUTES): the buyer's view with its steps,
 * or the supplier's with the reply form. A document of the other side answers "not found" like a
 * missing one.
 */
export function QualificationDetailPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id') ?? '';
  const route = DETAIL_ROUTES[pathname] ?? DETAIL_ROUTES['/supplier/qualification/detail']!;
  const detail = useQuery({
    queryKey: qualificationKeys.detail(id),
    queryFn: () => qualificationsApi.get(id),
    enabled: !!id,
    meta: { silent: true },
  });
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(route.back(params))}>
      {t('qualifications.detail.back')}
    </Button>
  );
  const wrongSide = !!detail.data && detail.data.side !== route.side;
  if (!id || detail.isError || wrongSide) {
    const missing = !id || wrongSide || (detail.error instanceof ApiError && detail.error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('qualifications.detail.notFound') : detail.error?.message}
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
  if (!detail.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return <DocumentView doc={detail.data} back={back} />;
}

const PRIMARY: readonly DocumentAction[] = ['send', 'pass'];
const DANGER: readonly DocumentAction[] = ['fail', 'invalidate'];

function DocumentView({ doc, back }: { doc: QualificationDetail; back: ReactNode }) {
  const { t } = useTranslation();
  const actions = useQualificationActions(doc.side);
  const available = actions.actionsFor(doc);
  const replyAction = doc.side === 'supplier' ? replyActionOf(available) : null;
  // Reply and renew are the form below; every other step is a button of the header.
  const buttons = available.filter((a) => a !== 'reply' && a !== 'renew');
  const pending = actions.pendingFor(doc);
  const answered = !!doc.submitTime || doc.attachments.length > 0;

  return (
    <>
      <Card
        className="page-card"
        title={
          <Space wrap>
            <span>{doc.fileCode}</span>
            <span>{doc.fileName}</span>
            <StatusTag machine={qualificationMachine} status={doc.status} />
          </Space>
        }
        extra={
          <Space wrap>
            {back}
            {buttons.map((action) => (
              <Button
                key={action}
                type={PRIMARY.includes(action) ? 'primary' : 'default'}
                danger={DANGER.includes(action)}
                loading={pending === action}
                onClick={() => actions.run(doc, action)}
              >
                {t(`qualifications.actions.${action}`)}
              </Button>
            ))}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          {doc.side === 'buyer' ? (
            <Descriptions.Item label={t('qualifications.fields.supplier')}>
              {doc.supCode} {doc.supName}
            </Descriptions.Item>
          ) : (
            <Descriptions.Item label={t('qualifications.fields.customer')}>{doc.customerName}</Descriptions.Item>
          )}
          <Descriptions.Item label={t('qualifications.fields.status')}>
            <StatusTag machine={qualificationMachine} status={doc.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.fileDqDate')}>
            <DueDate doc={doc} />
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.documentCode')}>
            {doc.documentCode || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.submitTime')}>
            {formatDateTime(doc.submitTime) || '—'}
          </Descriptions.Item>
          {doc.side === 'buyer' ? (
            <Descriptions.Item label={t('qualifications.fields.owner')}>{doc.ownerName ?? '—'}</Descriptions.Item>
          ) : (
            <Descriptions.Item label={t('qualifications.fields.createdAt')}>
              {formatDateTime(doc.createdAt)}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      {doc.result === 'fail' && doc.resultComment && (
        <Alert
          className="page-card"
          type="error"
          showIcon
          title={`${t('qualifications.fields.resultComment')}: ${doc.resultComment}`}
        />
      )}
      <Card className="page-card" title={t('qualifications.detail.request')}>
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
          <Descriptions.Item label={t('qualifications.fields.fileName')} span={2}>
            {doc.fileName}
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.fileType')}>{doc.fileType || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.validityType')}>
            <ValidityText validityType={doc.validityType} />
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.validQuantity')}>{doc.validQuantity}</Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.isNecessary')}>
            {doc.isNecessary ? t('common.yes') : t('common.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.description')} span={3}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {doc.description || '—'}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label={t('qualifications.fields.templateFile')} span={3}>
            {doc.templateFile ? <AttachmentLinks files={[doc.templateFile]} /> : t('qualifications.detail.none')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {/* Nothing answered yet: the supplier sees the form below instead of an empty answer. */}
      {(answered || !replyAction) && (
        <Card className="page-card" title={t('qualifications.detail.answer')}>
          {answered ? (
            <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered>
              <Descriptions.Item label={t('qualifications.fields.documentCode')}>{doc.documentCode}</Descriptions.Item>
              <Descriptions.Item label={t('qualifications.fields.buildDate')}>{doc.buildDate ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('qualifications.fields.fileDqDate')}>
                <DueDate doc={doc} />
              </Descriptions.Item>
              <Descriptions.Item label={t('qualifications.fields.attachments')} span={2}>
                <AttachmentLinks files={doc.attachments} />
              </Descriptions.Item>
              <Descriptions.Item label={t('qualifications.fields.submitTime')}>
                {formatDateTime(doc.submitTime)}
              </Descriptions.Item>
              {doc.result && (
                <Descriptions.Item label={t('qualifications.fields.result')} span={3}>
                  <Space>
                    <ResultTag result={doc.result} />
                    {doc.resultComment}
                  </Space>
                </Descriptions.Item>
              )}
            </Descriptions>
          ) : (
            <Typography.Text type="secondary">{t('qualifications.detail.none')}</Typography.Text>
          )}
        </Card>
      )}
      {replyAction && <ReplyForm key={`${doc.id}:${doc.version}`} doc={doc} action={replyAction} />}
      <Card className="page-card" title={t('qualifications.detail.history')}>
        <DocumentHistory entries={doc.history} />
      </Card>
      {actions.dialogs}
    </>
  );
}

interface ReplyFormValues {
  attachments: ReplyValues['attachments'];
  documentCode: string;
  buildDate: Dayjs | null;
  fileDqDate: Dayjs | null;
}

const toReply = (v: Partial<ReplyFormValues>): ReplyValues => ({
  attachments: v.attachments ?? [],
  documentCode: v.documentCode ?? '',
  buildDate: v.buildDate ? v.buildDate.format(DATE_FORMAT) : null,
  fileDqDate: v.fileDqDate ? v.fileDqDate.format(DATE_FORMAT) : null,
});

/**
 * The supplier's answer: files, document code, build date (and the printed expiry for a 'date'
 * validity); the expiry it gives is shown as the server will compute it. A renewal starts empty, a
 * second reply from the answer the buyer returned.
 */
export function ReplyForm({ doc, action }: { doc: QualificationDetail; action: 'reply' | 'renew' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = usePermission('SL_CUS');
  const [form] = Form.useForm<ReplyFormValues>();
  const watched = Form.useWatch([], form) as Partial<ReplyFormValues> | undefined;
  const current = toReply(watched ?? {});
  const due = replyDueDate(doc, action, current);

  const send = useMutation({
    mutationFn: (v: ReplyValues) =>
      qualificationsApi.act(doc.id, action, {
        attachments: v.attachments,
        documentCode: v.documentCode.trim(),
        buildDate: v.buildDate!,
        ...(doc.validityType === 'date' ? { fileDqDate: v.fileDqDate } : {}),
      }),
    meta: { form },
    onSuccess: async (saved) => {
      queryClient.setQueryData(qualificationKeys.detail(doc.id), saved);
      await queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
      message.success(t(`qualifications.done.${action}`));
    },
  });

  const text = (p: ReplyProblem) =>
    p.key === 'needFiles'
      ? t('qualifications.reply.needFiles', { count: p.count })
      : p.key === 'required'
        ? validationMessage('required', locale)
        : t(`qualifications.reply.${p.key}`);
  /** Each field shows the problems the shared check finds in it, judged on the whole form. */
  const check = (field: ReplyProblem['field']) => ({
    validator: async () => {
      const problem = replyProblems(doc, action, toReply(form.getFieldsValue())).find((p) => p.field === field);
      if (problem) throw new Error(text(problem));
    },
  });
  const initial: ReplyFormValues =
    action === 'renew'
      ? { attachments: [], documentCode: doc.documentCode, buildDate: null, fileDqDate: null }
      : {
          attachments: doc.attachments,
          documentCode: doc.documentCode,
          buildDate: doc.buildDate ? dayjs(doc.buildDate) : null,
          fileDqDate: doc.validityType === 'date' && doc.fileDqDate ? dayjs(doc.fileDqDate) : null,
        };

  return (
    <Card
      className="page-card"
      title={action === 'renew' ? t('qualifications.reply.renewTitle') : t('qualifications.reply.title')}
    >
      <Form<ReplyFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={!allowed}
        style={{ maxWidth: 860 }}
      >
        <Form.Item
          name="attachments"
          label={t('qualifications.fields.attachments')}
          required
          extra={t('qualifications.reply.hint')}
          rules={[check('attachments')]}
        >
          <AttachmentsField />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="documentCode"
              label={t('qualifications.fields.documentCode')}
              rules={[requiredRule(locale), { max: 64 }]}
            >
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="buildDate"
              label={t('qualifications.fields.buildDate')}
              dependencies={['fileDqDate']}
              rules={[{ required: true, message: validationMessage('required', locale) }, check('buildDate')]}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {doc.validityType === 'date' && (
            <Col xs={24} md={8}>
              <Form.Item
                name="fileDqDate"
                label={t('qualifications.fields.validDate')}
                required
                dependencies={['buildDate']}
                rules={[check('fileDqDate')]}
              >
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Space wrap style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary">
            {t('qualifications.fields.validityType')} <ValidityText validityType={doc.validityType} />
          </Typography.Text>
          {current.buildDate && (
            <Typography.Text strong>
              {due ? t('qualifications.reply.computedDue', { date: due }) : t('qualifications.reply.longTerm')}
            </Typography.Text>
          )}
        </Space>
        <div>
          {/* No submit on Enter: taking a typed date with Enter must not send the reply. */}
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={send.isPending}
            onClick={() =>
              void form
                .validateFields()
                .then((v) => send.mutate(toReply(v)))
                .catch(() => undefined)
            }
          >
            {action === 'renew' ? t('qualifications.actions.renew') : t('qualifications.reply.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
