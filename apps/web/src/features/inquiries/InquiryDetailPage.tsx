import { ArrowLeftOutlined, BarChartOutlined, DeleteOutlined, EditOutlined, FilePdfOutlined } from '@ant-design/icons';
import {
  INQUIRY_MIN_DEADLINE_HOURS,
  INQUIRY_REVEALED_STATUSES,
  type InquiryAction,
  type InquiryActionInput,
  type InquiryDetail,
  type InquiryLine,
  type InquiryQuotation,
  inquiryMachine,
  INQUIRY_STATUS as S,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, openFile } from '../../api/http.ts';
import { DetailGate } from '../../components/DetailGate.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { useAnyPermission } from '../../components/PermissionGate.tsx';
import { DATE_TIME_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { errorText } from '../../lib/fieldErrors.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { AttachmentLinks } from '../notices/NoticeContentView.tsx';
import { HistoryTable } from '../purchase-orders/OrderParts.tsx';
import { orderPath } from '../purchase-orders/purchase-orders.api.ts';
import { InquiryEditor } from './InquiryEditor.tsx';
import { InquiryStatusTag, QuotationStatusTag } from './InquiryParts.tsx';
import { comparisonPath, INQUIRY_PATHS, inquiriesApi, inquiryKeys } from './inquiries.api.ts';
import { QuotationView } from './QuotationPage.tsx';

/** /prdiversion/inquirynote/detail?id=…: one inquiry; a draft opens in the form with `mode=edit`. */
export function InquiryDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery({
    queryKey: inquiryKeys.detail(id),
    queryFn: () => inquiriesApi.get(id),
    enabled: !!id,
    meta: { silent: true },
  });
  return (
    <Card className="page-card">
      <DetailGate query={detail} back={INQUIRY_PATHS.list}>
        {(inquiry) =>
          inquiry.status === S.DRAFT && params.get('mode') === 'edit' ? (
            <InquiryEditor inquiry={inquiry} />
          ) : (
            <InquiryView inquiry={inquiry} />
          )
        }
      </DetailGate>
    </Card>
  );
}

/** The earliest deadline the server takes: an hour from now, to the minute above. */
export const earliestDeadline = () =>
  dayjs().add(INQUIRY_MIN_DEADLINE_HOURS, 'hour').add(1, 'minute').startOf('minute');
export const tooSoon = (d: Dayjs | null | undefined) => !d || d.isBefore(earliestDeadline());

const CONFIRMED: Partial<Record<InquiryAction, string>> = {
  publish: 'inquiries.confirm.publish',
  close: 'inquiries.confirm.close',
  open: 'inquiries.confirm.open',
};
/** Actions that ask for more than a yes: a deadline, suppliers or a reason. */
type DialogAction = 'extend' | 'new-round' | 'cancel';
const DIALOG_ACTIONS: readonly InquiryAction[] = ['extend', 'new-round', 'cancel'];

export function InquiryView({ inquiry }: { inquiry: InquiryDetail }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useAnyPermission();
  const [dialog, setDialog] = useState<DialogAction | null>(null);
  const [recording, setRecording] = useState<InquiryQuotation | null>(null);
  const [printing, setPrinting] = useState(false);
  const { fmt } = numberFormat(inquiry.decimalPlaces);
  const print = async () => {
    setPrinting(true);
    try {
      openFile(await inquiriesApi.pdf(inquiry.id, inquiry.inquiryNo));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setPrinting(false);
    }
  };
  const act = useMutation({
    mutationFn: ({ action, body }: { action: InquiryAction; body?: InquiryActionInput }) =>
      inquiriesApi.act(inquiry.id, action, { version: inquiry.version, ...body }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(inquiryKeys.detail(inquiry.id), updated);
      await queryClient.invalidateQueries({ queryKey: ['inquiries', 'list'] });
      setDialog(null);
      message.success(t('inquiries.done.action'));
    },
    meta: { silent: true },
    onError: (err) => {
      if (!(err instanceof ApiError && err.handled)) message.error(errorText(err));
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: inquiryKeys.detail(inquiry.id) });
      }
    },
  });
  const remove = useMutation({
    mutationFn: () => inquiriesApi.remove(inquiry.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: inquiryKeys.all });
      navigate(INQUIRY_PATHS.list);
    },
  });
  // The award has its own screen (the comparison); every other step of the machine is a button here.
  const allowed = inquiryMachine
    .available('buyer', inquiry.status, (code) => can([code]))
    .filter((a): a is Exclude<InquiryAction, 'award'> => a !== 'award' && a !== 'expire');
  const run = (action: InquiryAction) => {
    if (DIALOG_ACTIONS.includes(action)) {
      setDialog(action as DialogAction);
      return;
    }
    modal.confirm({
      title: t((CONFIRMED[action] ?? 'inquiries.confirm.publish') as 'inquiries.confirm.publish'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => act.mutateAsync({ action }).catch(() => undefined),
    });
  };
  const round = inquiry.quotations.filter((q) => q.round === inquiry.round);
  const earlier = inquiry.quotations.filter((q) => q.round !== inquiry.round);
  const revealed = (INQUIRY_REVEALED_STATUSES as readonly number[]).includes(inquiry.status);

  const lineColumns: LineColumn<InquiryLine>[] = [
    { key: 'lineNo', title: t('inquiries.fields.lineNo'), dataIndex: 'lineNo', width: 56, align: 'right' },
    {
      key: 'material',
      title: t('inquiries.fields.material'),
      width: 220,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    { key: 'prdtSpc', title: t('inquiries.fields.prdtSpc'), dataIndex: 'prdtSpc', width: 150 },
    {
      key: 'drawing',
      title: t('inquiries.fields.drawing'),
      width: 120,
      render: (_v, l) => (l.drawingNo ? `${l.drawingNo}${l.drawingVersion ? ` v${l.drawingVersion}` : ''}` : ''),
    },
    {
      key: 'qty',
      title: t('inquiries.fields.qty'),
      dataIndex: 'qty',
      width: 130,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={fmt(v, 'quantity')} unit={l.unitName} />,
    },
    { key: 'requiredDate', title: t('inquiries.fields.requiredDate'), dataIndex: 'requiredDate', width: 110 },
    {
      key: 'targetPrice',
      title: t('inquiries.fields.targetPrice'),
      dataIndex: 'targetPrice',
      width: 120,
      align: 'right',
      render: (v: string | null) => fmt(v, 'price'),
    },
    {
      key: 'awardedQty',
      title: t('inquiries.fields.awardedQty'),
      dataIndex: 'awardedQty',
      width: 110,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    {
      key: 'remark',
      title: t('inquiries.fields.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: { showTitle: true },
    },
  ];

  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <strong>{inquiry.inquiryNo}</strong>
          <InquiryStatusTag status={inquiry.status} />
          {inquiry.round > 1 && <Tag>{t('inquiries.detail.round', { round: inquiry.round })}</Tag>}
        </Space>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(INQUIRY_PATHS.list)}>
            {t('inquiries.actions.back')}
          </Button>
          {inquiry.status === S.DRAFT && can(['PR_ION']) && (
            <>
              <Button
                icon={<EditOutlined />}
                onClick={() => navigate(`${INQUIRY_PATHS.detail}?id=${inquiry.id}&mode=edit`)}
              >
                {t('inquiries.actions.edit')}
              </Button>
              <Button
                danger
                icon={<DeleteOutlined />}
                loading={remove.isPending}
                onClick={() =>
                  modal.confirm({
                    title: t('inquiries.confirm.delete'),
                    okText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    okButtonProps: { danger: true },
                    onOk: () => remove.mutateAsync(),
                  })
                }
              >
                {t('inquiries.actions.delete')}
              </Button>
            </>
          )}
          {allowed.map((action) => (
            <Button
              key={action}
              type={action === 'publish' || action === 'open' ? 'primary' : 'default'}
              danger={action === 'cancel'}
              loading={act.isPending && act.variables?.action === action}
              onClick={() => run(action)}
            >
              {t(`inquiries.actions.${action}`)}
            </Button>
          ))}
          {revealed && (
            <Button icon={<BarChartOutlined />} onClick={() => navigate(comparisonPath(inquiry.id))}>
              {t('inquiries.actions.compare')}
            </Button>
          )}
          <Button icon={<FilePdfOutlined />} loading={printing} onClick={() => void print()}>
            {t('inquiries.actions.print')}
          </Button>
        </Space>
      </Space>
      {inquiry.sealed && (inquiry.status === S.PUBLISHED || inquiry.status === S.CLOSED) && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('inquiries.detail.sealedNote')} />
      )}
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} bordered {...DETAIL_DESCRIPTIONS}>
        <Descriptions.Item label={t('inquiries.fields.title')}>{inquiry.title}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.quoteDeadline')}>
          {formatDateTime(inquiry.quoteDeadline) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.sealed')}>
          {inquiry.sealed ? t('inquiries.detail.yes') : t('inquiries.detail.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.currency')}>{inquiry.currency}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.taxIncluded')}>
          {inquiry.taxIncluded ? t('inquiries.detail.included') : t('inquiries.detail.excluded')}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.paymentTerms')}>{inquiry.paymentTerms || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.deliveryAddress')}>
          {inquiry.deliveryAddress || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.owner')}>{inquiry.ownerName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.replies')}>
          {`${inquiry.submittedCount} / ${inquiry.invitedCount}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.remarks')}>{inquiry.remarks || '—'}</Descriptions.Item>
        {inquiry.attachments.length > 0 ? (
          <Descriptions.Item label={t('inquiries.fields.attachments')}>
            <AttachmentLinks files={inquiry.attachments} />
          </Descriptions.Item>
        ) : null}
        {inquiry.cancelReason ? (
          <Descriptions.Item label={t('inquiries.fields.cancelReason')}>{inquiry.cancelReason}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Tabs
        items={[
          {
            key: 'lines',
            label: t('inquiries.detail.lines'),
            children: (
              <LineTable<InquiryLine>
                id="inquiry-lines"
                rowKey="id"
                virtual
                height={480}
                columns={lineColumns}
                optional={['prdtSpc', 'drawing', 'remark']}
                dataSource={inquiry.lines}
                cardTitle={['lineNo', 'material']}
              />
            ),
          },
          {
            key: 'quotations',
            label: `${t('inquiries.detail.quotations')} (${inquiry.status === S.DRAFT ? inquiry.suppliers.length : round.length})`,
            children:
              inquiry.status === S.DRAFT ? (
                <Table
                  rowKey="supplierId"
                  size="small"
                  pagination={false}
                  dataSource={inquiry.suppliers}
                  columns={[
                    {
                      key: 'supplier',
                      title: t('inquiries.fields.supplier'),
                      render: (_v, s) => (
                        <Space>
                          {`${s.supCode} ${s.supName}`}
                          {s.offline && <Tag>{t('inquiries.detail.offline')}</Tag>}
                        </Space>
                      ),
                    },
                  ]}
                />
              ) : (
                <QuotationTable
                  quotations={[...round, ...earlier]}
                  onRecord={
                    inquiry.status === S.PUBLISHED && can(['PR_ION'])
                      ? (q) => (q.round === inquiry.round ? () => setRecording(q) : null)
                      : undefined
                  }
                />
              ),
          },
          {
            key: 'history',
            label: t('inquiries.detail.history'),
            children: <HistoryTable entries={inquiry.history} />,
          },
        ]}
      />
      <Drawer
        open={recording !== null}
        size="min(1200px, 100vw)"
        title={recording ? t('inquiries.record.title', { supplier: `${recording.supCode} ${recording.supName}` }) : ''}
        onClose={() => setRecording(null)}
        destroyOnHidden
      >
        {recording && <RecordQuote quotationId={recording.id} onDone={() => setRecording(null)} />}
      </Drawer>
      <ActionDialog
        inquiry={inquiry}
        action={dialog}
        pending={act.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(action, body) => act.mutate({ action, body })}
      />
    </>
  );
}

/** The buyer's screen for the quote of a supplier off the network: the quotation's lines to type it in. */
function RecordQuote({ quotationId, onDone }: { quotationId: string; onDone: () => void }) {
  const detail = useQuery({
    queryKey: inquiryKeys.quotation(quotationId),
    queryFn: () => inquiriesApi.quotation(quotationId),
    meta: { silent: true },
  });
  return (
    <DetailGate query={detail} back={INQUIRY_PATHS.list}>
      {(q) => <QuotationView key={`${q.id}-${q.version}`} quotation={q} record={{ onDone }} />}
    </DetailGate>
  );
}

/**
 * Who was invited and how far each got; the figures are never here (sealed until opened). An offline
 * supplier's row offers "record quote" while the round is open (`onRecord` gives its handler).
 */
function QuotationTable({
  quotations,
  onRecord,
}: {
  quotations: InquiryQuotation[];
  onRecord?: (q: InquiryQuotation) => (() => void) | null;
}) {
  const { t } = useTranslation();
  // A card per quotation on a phone (LineTable); the optional columns wait behind the column settings.
  const columns: LineColumn<InquiryQuotation>[] = [
    { key: 'round', title: t('inquiries.fields.round'), dataIndex: 'round', width: 64 },
    {
      key: 'supplier',
      title: t('inquiries.fields.supplier'),
      width: 300,
      render: (_v, q) => {
        const record = q.offline && onRecord ? onRecord(q) : null;
        return (
          <Space wrap size={4}>
            {`${q.supCode} ${q.supName}`}
            {q.offline && <Tag>{t('inquiries.detail.offline')}</Tag>}
            {record && (
              <Button size="small" icon={<EditOutlined />} onClick={record}>
                {t('inquiries.actions.record')}
              </Button>
            )}
          </Space>
        );
      },
    },
    {
      key: 'status',
      title: t('inquiries.fields.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <QuotationStatusTag status={s} />,
    },
    {
      key: 'viewedAt',
      title: t('inquiries.fields.viewedAt'),
      dataIndex: 'viewedAt',
      width: 160,
      render: formatDateTime,
    },
    {
      key: 'submittedAt',
      title: t('inquiries.fields.submittedAt'),
      dataIndex: 'submittedAt',
      width: 160,
      render: formatDateTime,
    },
    {
      key: 'declined',
      title: t('inquiries.fields.declineReason'),
      dataIndex: 'declineReason',
      width: 200,
      ellipsis: { showTitle: true },
    },
    {
      key: 'recordedBy',
      title: t('inquiries.fields.recordedBy'),
      width: 190,
      render: (_v, q) => (q.recordedBy ? `${q.recordedBy} ${formatDateTime(q.recordedAt)}` : null),
    },
    {
      key: 'order',
      title: t('inquiries.fields.order'),
      width: 140,
      render: (_v, q) => (q.orderId ? <Link to={orderPath('buyer', q.orderId)}>{q.orderNo}</Link> : null),
    },
  ];
  return (
    <LineTable<InquiryQuotation>
      id="inquiry-quotations"
      rowKey="id"
      columns={columns}
      optional={['viewedAt', 'declined']}
      dataSource={quotations}
      pagination={false}
      cardTitle={['supplier']}
    />
  );
}

interface DialogValues {
  deadline?: Dayjs;
  supplierIds?: string[];
  reason?: string;
}

/** Extend (a later deadline), new round (suppliers and a deadline) and cancel (a reason). */
function ActionDialog({
  inquiry,
  action,
  pending,
  onClose,
  onSubmit,
}: {
  inquiry: InquiryDetail;
  action: DialogAction | null;
  pending: boolean;
  onClose: () => void;
  onSubmit: (action: InquiryAction, body: InquiryActionInput) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DialogValues>();
  const suppliers = new Map(inquiry.quotations.map((q) => [q.supplierId, `${q.supCode} ${q.supName}`]));
  const finish = (v: DialogValues) => {
    if (!action) return;
    onSubmit(action, {
      deadline: v.deadline?.toISOString(),
      supplierIds: action === 'new-round' ? v.supplierIds : undefined,
      reason: v.reason,
    });
  };
  const deadlineRule = {
    validator: (_r: unknown, v: Dayjs | undefined) =>
      tooSoon(v) ? Promise.reject(new Error(t('inquiries.detail.deadlineHint'))) : Promise.resolve(),
  };
  return (
    <Modal
      open={action !== null}
      title={action ? t(`inquiries.actions.${action}`) : ''}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: action === 'cancel', loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={finish}>
        {action !== 'cancel' && (
          <Form.Item
            name="deadline"
            label={t('inquiries.detail.newDeadline')}
            rules={[deadlineRule]}
            extra={t('inquiries.detail.deadlineHint')}
          >
            <DatePicker
              showTime
              format={DATE_TIME_FORMAT}
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              aria-label={t('inquiries.detail.newDeadline')}
            />
          </Form.Item>
        )}
        {action === 'new-round' && (
          <Form.Item
            name="supplierIds"
            label={t('inquiries.detail.newRoundSuppliers')}
            rules={[{ required: true, message: t('inquiries.detail.newRoundSuppliers') }]}
          >
            <Select
              mode="multiple"
              options={[...suppliers].map(([value, label]) => ({ value, label }))}
              aria-label={t('inquiries.detail.newRoundSuppliers')}
            />
          </Form.Item>
        )}
        {action === 'cancel' && (
          <Form.Item
            name="reason"
            label={t('inquiries.detail.cancelReason')}
            rules={[{ required: true, whitespace: true, message: t('inquiries.detail.cancelReason') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        )}
        {action === 'cancel' && <Alert type="warning" showIcon title={t('inquiries.confirm.cancel')} />}
      </Form>
    </Modal>
  );
}
