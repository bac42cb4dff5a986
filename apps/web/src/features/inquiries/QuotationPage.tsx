import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  SaveOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  DECIMAL_TEXT,
  firstUnorderedBreak,
  MASK,
  QUOTATION_EDITABLE_STATUSES,
  type QuotationAction,
  type QuotationBidLineInput,
  type QuotationDetail,
  type QuotationLine,
  QUOTATION_STATUS as S,
  type UploadedFileRef,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Checkbox, DatePicker, Descriptions, Input, InputNumber, Modal, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, saveFile } from '../../api/http.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DetailGate } from '../../components/DetailGate.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { buyerZoneFormat, DATE_FORMAT } from '../../lib/dates.ts';
import { errorText } from '../../lib/fieldErrors.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { AttachmentLinks } from '../notices/NoticeContentView.tsx';
import { ImportBidsDialog } from './ImportBidsDialog.tsx';
import { QuotationStatusTag } from './InquiryParts.tsx';
import { INQUIRY_PATHS, inquiriesApi, inquiryKeys } from './inquiries.api.ts';

/** A line's bid as the supplier types it. */
export interface BidDraft {
  lineId: string;
  noBid: boolean;
  noBidReason: string;
  unitPrice: string | null;
  taxRate: string | null;
  leadDays: number | null;
  moq: string | null;
  validUntil: string | null;
  priceBreaks: { minQty: string | null; price: string | null }[];
  remark: string;
}

const draftOf = (l: QuotationLine): BidDraft => ({
  lineId: l.id,
  noBid: l.bid?.noBid ?? false,
  noBidReason: l.bid?.noBidReason ?? '',
  unitPrice: l.bid?.unitPrice ?? null,
  taxRate: l.bid?.taxRate ?? '13',
  leadDays: l.bid?.leadDays ?? null,
  moq: l.bid?.moq ?? null,
  validUntil: l.bid?.validUntil ?? null,
  priceBreaks: l.bid?.priceBreaks ?? [],
  remark: l.bid?.remark ?? '',
});

const toInput = (b: BidDraft): QuotationBidLineInput =>
  b.noBid
    ? { lineId: b.lineId, noBid: true, noBidReason: b.noBidReason }
    : {
        lineId: b.lineId,
        noBid: false,
        unitPrice: b.unitPrice || null,
        taxRate: b.taxRate || '0',
        leadDays: b.leadDays,
        moq: b.moq || null,
        validUntil: b.validUntil,
        priceBreaks: b.priceBreaks
          .filter((p) => p.minQty && p.price)
          .map((p) => ({ minQty: p.minQty as string, price: p.price as string })),
        remark: b.remark,
      };

/**
 * Why the bids cannot be submitted, as a message key and its line (numbered from 1), or null: every
 * line priced or marked no-bid with a reason, and price breaks ascending by quantity.
 */
export function bidProblem(
  bids: readonly BidDraft[],
): { key: 'lineIncomplete' | 'breaksAscending'; lineNo: number } | null {
  for (const [i, b] of bids.entries()) {
    if (b.noBid ? !b.noBidReason.trim() : !b.unitPrice || !DECIMAL_TEXT.test(b.unitPrice)) {
      return { key: 'lineIncomplete', lineNo: i + 1 };
    }
    const breaks = b.priceBreaks.filter((p) => p.minQty && p.price) as { minQty: string; price: string }[];
    if (!b.noBid && firstUnorderedBreak(breaks) >= 0) return { key: 'breaksAscending', lineNo: i + 1 };
  }
  return null;
}

/** /inquiryoffer/offerin/detail?id=…: the supplier's quotation on one inquiry. */
export function QuotationPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery({
    queryKey: inquiryKeys.quotation(id),
    queryFn: () => inquiriesApi.quotation(id),
    enabled: !!id,
    meta: { silent: true },
  });
  return (
    <Card className="page-card">
      <DetailGate query={detail} back={INQUIRY_PATHS.quotations}>
        {(q) => <QuotationView key={`${q.id}-${q.version}`} quotation={q} />}
      </DetailGate>
    </Card>
  );
}

/** The buyer may record the quote of a supplier off the network: while quoting is open, submitted or not. */
export const recordable = (q: QuotationDetail) =>
  q.side === 'buyer' &&
  q.offline &&
  !q.closed &&
  (q.status === S.INVITED || q.status === S.DRAFTING || q.status === S.SUBMITTED);

/**
 * The supplier's quotation, or with `record` the buyer's screen to type the quote a supplier off the
 * network sent by phone, fax or mail (same lines, same checks; sealed until the opening like the rest).
 */
export function QuotationView({
  quotation: q,
  record,
}: {
  quotation: QuotationDetail;
  record?: { onDone: () => void };
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [bids, setBids] = useState<BidDraft[]>(() => q.lines.map(draftOf));
  const [declining, setDeclining] = useState(false);
  const [importing, setImporting] = useState(false);
  const [reason, setReason] = useState('');
  const [remark, setRemark] = useState('');
  const [recordFiles, setRecordFiles] = useState<UploadedFileRef[]>([]);
  const { fmt } = numberFormat(q.decimalPlaces);
  const zone = buyerZoneFormat(q.buyerTimeZone);
  const editable = record
    ? recordable(q)
    : q.side === 'supplier' && !q.closed && (QUOTATION_EDITABLE_STATUSES as readonly number[]).includes(q.status);
  const template = useMutation({
    mutationFn: () => inquiriesApi.quotationTemplate(q.id, q.inquiryNo),
    onSuccess: saveFile,
    onError: (err) => message.error(errorText(err)),
  });
  const step = useMutation({
    mutationFn: async (action: QuotationAction | 'save') => {
      if (action === 'record') {
        return inquiriesApi.actOnQuotation(q.id, 'record', {
          version: q.version,
          lines: bids.map(toInput),
          remark,
          attachments: recordFiles,
        });
      }
      if (action === 'save' || action === 'submit') {
        const saved = await inquiriesApi.saveQuotation(q.id, {
          version: q.version,
          remark: q.remark,
          lines: bids.map(toInput),
        });
        return action === 'save' ? saved : inquiriesApi.actOnQuotation(q.id, 'submit', { version: saved.version });
      }
      return inquiriesApi.actOnQuotation(q.id, action, {
        version: q.version,
        reason: action === 'decline' ? reason : undefined,
      });
    },
    onSuccess: async (updated, action) => {
      queryClient.setQueryData(inquiryKeys.quotation(q.id), updated);
      await queryClient.invalidateQueries({ queryKey: ['inquiries', 'quotations'] });
      setDeclining(false);
      if (action === 'record') {
        await queryClient.invalidateQueries({ queryKey: inquiryKeys.detail(updated.inquiryId) });
        message.success(t('inquiries.record.done'));
        record?.onDone();
      } else message.success(t('inquiries.done.action'));
    },
    meta: { silent: true },
    onError: (err) => {
      if (!(err instanceof ApiError && err.handled)) message.error(errorText(err));
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: inquiryKeys.quotation(q.id) });
      }
    },
  });
  const submit = () => {
    const problem = bidProblem(bids);
    if (problem) {
      message.error(t(`inquiries.quotation.${problem.key}`, { lineNo: problem.lineNo }));
      return;
    }
    modal.confirm({
      title: t(record ? 'inquiries.record.confirm' : 'inquiries.confirm.submit'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => step.mutateAsync(record ? 'record' : 'submit').catch(() => undefined),
    });
  };
  const patch = (lineId: string, change: Partial<BidDraft>) =>
    setBids((all) => all.map((b) => (b.lineId === lineId ? { ...b, ...change } : b)));
  const bidOf = (l: QuotationLine) => bids.find((b) => b.lineId === l.id) ?? draftOf(l);
  const cellName = (column: string, l: QuotationLine) => t('lineTable.cell', { column, line: l.lineNo });
  const shown = (v: string | null | undefined, kind: 'price' | 'quantity') => (v ? fmt(v, kind) : '');

  const columns: LineColumn<QuotationLine>[] = [
    { key: 'lineNo', title: t('inquiries.fields.lineNo'), dataIndex: 'lineNo', width: 56, align: 'right' },
    {
      key: 'material',
      title: t('inquiries.fields.material'),
      width: 200,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'qty',
      title: t('inquiries.fields.qty'),
      dataIndex: 'qty',
      width: 120,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={fmt(v, 'quantity')} unit={l.unitName} />,
    },
    { key: 'requiredDate', title: t('inquiries.fields.requiredDate'), dataIndex: 'requiredDate', width: 110 },
    {
      key: 'noBid',
      title: t('inquiries.fields.noBid'),
      width: 180,
      render: (_v, l) => {
        const b = bidOf(l);
        if (!editable) return b.noBid ? `${t('inquiries.fields.noBid')}: ${b.noBidReason}` : '';
        return (
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Checkbox
              checked={b.noBid}
              aria-label={cellName(t('inquiries.fields.noBid'), l)}
              onChange={(e) => patch(l.id, { noBid: e.target.checked })}
            >
              {t('inquiries.fields.noBid')}
            </Checkbox>
            {b.noBid && (
              <Input
                value={b.noBidReason}
                maxLength={200}
                placeholder={t('inquiries.fields.noBidReason')}
                aria-label={cellName(t('inquiries.fields.noBidReason'), l)}
                onChange={(e) => patch(l.id, { noBidReason: e.target.value })}
              />
            )}
          </Space>
        );
      },
    },
    {
      key: 'unitPrice',
      title: t('inquiries.fields.unitPrice'),
      width: 130,
      align: 'right',
      render: (_v, l) => {
        const b = bidOf(l);
        if (!editable) return b.unitPrice === MASK ? MASK : shown(b.unitPrice, 'price');
        return (
          <DecimalInput
            places={q.decimalPlaces.price}
            min="0"
            value={b.unitPrice}
            disabled={b.noBid}
            style={{ width: '100%' }}
            aria-label={cellName(t('inquiries.fields.unitPrice'), l)}
            onChange={(unitPrice) => patch(l.id, { unitPrice })}
          />
        );
      },
    },
    {
      key: 'taxRate',
      title: t('inquiries.fields.taxRate'),
      width: 100,
      align: 'right',
      render: (_v, l) => {
        const b = bidOf(l);
        if (!editable) return b.noBid ? '' : (b.taxRate ?? '');
        return (
          <DecimalInput
            places={2}
            min="0"
            max="100"
            value={b.taxRate}
            disabled={b.noBid}
            style={{ width: '100%' }}
            aria-label={cellName(t('inquiries.fields.taxRate'), l)}
            onChange={(taxRate) => patch(l.id, { taxRate })}
          />
        );
      },
    },
    {
      key: 'leadDays',
      title: t('inquiries.fields.leadDays'),
      width: 100,
      align: 'right',
      render: (_v, l) => {
        const b = bidOf(l);
        if (!editable) return b.leadDays ?? '';
        return (
          <InputNumber<number>
            min={0}
            max={3650}
            precision={0}
            value={b.leadDays}
            disabled={b.noBid}
            style={{ width: '100%' }}
            aria-label={cellName(t('inquiries.fields.leadDays'), l)}
            onChange={(leadDays) => patch(l.id, { leadDays: leadDays ?? null })}
          />
        );
      },
    },
    {
      key: 'moq',
      title: t('inquiries.fields.moq'),
      width: 110,
      align: 'right',
      render: (_v, l) => {
        const b = bidOf(l);
        if (!editable) return shown(b.moq, 'quantity');
        return (
          <DecimalInput
            places={q.decimalPlaces.quantity}
            min="0"
            value={b.moq}
            disabled={b.noBid}
            style={{ width: '100%' }}
            aria-label={cellName(t('inquiries.fields.moq'), l)}
            onChange={(moq) => patch(l.id, { moq })}
          />
        );
      },
    },
    {
      key: 'validUntil',
      title: t('inquiries.fields.validUntil'),
      width: 140,
      render: (_v, l) => {
        const b = bidOf(l);
        if (!editable) return b.validUntil ?? '';
        return (
          <DatePicker
            format={DATE_FORMAT}
            value={b.validUntil ? dayjs(b.validUntil) : null}
            disabled={b.noBid}
            aria-label={cellName(t('inquiries.fields.validUntil'), l)}
            onChange={(d) => patch(l.id, { validUntil: d ? d.format(DATE_FORMAT) : null })}
          />
        );
      },
    },
    {
      key: 'priceBreaks',
      title: t('inquiries.fields.priceBreaks'),
      width: 260,
      render: (_v, l) => {
        const b = bidOf(l);
        if (!editable) {
          return b.priceBreaks.map((p) => `≥ ${shown(p.minQty, 'quantity')}: ${shown(p.price, 'price')}`).join('; ');
        }
        const setBreaks = (priceBreaks: BidDraft['priceBreaks']) => patch(l.id, { priceBreaks });
        return (
          <Space direction="vertical" size={4}>
            {b.priceBreaks.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: breaks have no identity but their place
              <Space key={i} size={4}>
                <DecimalInput
                  places={q.decimalPlaces.quantity}
                  min="0"
                  value={p.minQty}
                  style={{ width: 90 }}
                  placeholder={t('inquiries.quotation.breakQty')}
                  aria-label={cellName(`${t('inquiries.quotation.breakQty')} ${i + 1}`, l)}
                  onChange={(minQty) => setBreaks(b.priceBreaks.map((x, j) => (j === i ? { ...x, minQty } : x)))}
                />
                <DecimalInput
                  places={q.decimalPlaces.price}
                  min="0"
                  value={p.price}
                  style={{ width: 90 }}
                  placeholder={t('inquiries.quotation.breakPrice')}
                  aria-label={cellName(`${t('inquiries.quotation.breakPrice')} ${i + 1}`, l)}
                  onChange={(price) => setBreaks(b.priceBreaks.map((x, j) => (j === i ? { ...x, price } : x)))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={cellName(`${t('inquiries.actions.removeLine')} ${i + 1}`, l)}
                  onClick={() => setBreaks(b.priceBreaks.filter((_x, j) => j !== i))}
                />
              </Space>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={b.noBid || b.priceBreaks.length >= 10}
              aria-label={cellName(t('inquiries.actions.addBreak'), l)}
              onClick={() => setBreaks([...b.priceBreaks, { minQty: null, price: null }])}
            >
              {t('inquiries.actions.addBreak')}
            </Button>
          </Space>
        );
      },
    },
    {
      key: 'award',
      title: t('inquiries.fields.awardQty'),
      width: 180,
      render: (_v, l) =>
        l.awardQty !== null
          ? t('inquiries.quotation.awarded', { qty: fmt(l.awardQty, 'quantity'), price: fmt(l.awardPrice, 'price') })
          : q.status === S.NOT_AWARDED
            ? t('inquiries.quotation.notAwarded')
            : '',
    },
  ];
  const deadline = zone.dateTime(q.quoteDeadline);
  return (
    <>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <strong>{q.inquiryNo}</strong>
          <QuotationStatusTag status={q.status} />
          <span>{t('inquiries.quotation.deadline', { deadline })}</span>
        </Space>
        {record ? (
          <Space wrap>
            {editable && (
              <Button
                type="primary"
                icon={<EditOutlined />}
                loading={step.isPending && step.variables === 'record'}
                onClick={submit}
              >
                {t('inquiries.actions.record')}
              </Button>
            )}
          </Space>
        ) : (
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(INQUIRY_PATHS.quotations)}>
              {t('inquiries.actions.back')}
            </Button>
            {editable && (
              <>
                <Button icon={<DownloadOutlined />} loading={template.isPending} onClick={() => template.mutate()}>
                  {t('inquiries.actions.template')}
                </Button>
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  {t('inquiries.actions.importBids')}
                </Button>
              </>
            )}
            {editable && (
              <>
                <Button
                  icon={<SaveOutlined />}
                  loading={step.isPending && step.variables === 'save'}
                  onClick={() => step.mutate('save')}
                >
                  {t('inquiries.actions.save')}
                </Button>
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  loading={step.isPending && step.variables === 'submit'}
                  onClick={submit}
                >
                  {t('inquiries.actions.submit')}
                </Button>
                <Button danger onClick={() => setDeclining(true)}>
                  {t('inquiries.actions.decline')}
                </Button>
              </>
            )}
            {!q.closed && q.status === S.SUBMITTED && (
              <Button loading={step.isPending} onClick={() => step.mutate('revise')}>
                {t('inquiries.actions.revise')}
              </Button>
            )}
          </Space>
        )}
      </Space>
      {record && editable && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('inquiries.record.note')} />
      )}
      {q.recordedBy && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('inquiries.record.recorded', { name: q.recordedBy, at: zone.dateTime(q.recordedAt) })}
          description={q.recordAttachments.length > 0 ? <AttachmentLinks files={q.recordAttachments} /> : undefined}
        />
      )}
      {q.closed && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('inquiries.quotation.closedNote')} />
      )}
      {q.revisionDiscarded && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('inquiries.quotation.discarded')} />
      )}
      <Descriptions
        size="small"
        column={record ? { xs: 1, lg: 2 } : { xs: 1, md: 2, xl: 3 }}
        bordered
        {...DETAIL_DESCRIPTIONS}
      >
        {record ? (
          <Descriptions.Item label={t('inquiries.fields.supplier')}>{`${q.supCode} ${q.supName}`}</Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('inquiries.fields.customer')}>{q.customerName}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('inquiries.fields.title')}>{q.title}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.quoteDeadline')}>{deadline}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.currency')}>{q.currency}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.taxIncluded')}>
          {q.taxIncluded ? t('inquiries.detail.included') : t('inquiries.detail.excluded')}
        </Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.paymentTerms')}>{q.paymentTerms || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.deliveryAddress')}>{q.deliveryAddress || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('inquiries.fields.remarks')}>{q.remarks || '—'}</Descriptions.Item>
        {q.declineReason ? (
          <Descriptions.Item label={t('inquiries.fields.declineReason')}>{q.declineReason}</Descriptions.Item>
        ) : null}
        {q.attachments.length > 0 ? (
          <Descriptions.Item label={t('inquiries.fields.attachments')}>
            <AttachmentLinks files={q.attachments} />
          </Descriptions.Item>
        ) : null}
        {record && editable ? (
          <Descriptions.Item label={t('inquiries.record.attachments')}>
            <AttachmentsField value={recordFiles} onChange={setRecordFiles} max={5} />
          </Descriptions.Item>
        ) : null}
        {record && editable ? (
          <Descriptions.Item label={t('inquiries.fields.remark')}>
            <Input
              value={remark}
              maxLength={1000}
              aria-label={t('inquiries.fields.remark')}
              onChange={(e) => setRemark(e.target.value)}
            />
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      <div style={{ marginTop: 12 }}>
        <LineTable<QuotationLine>
          id="quotation-lines"
          rowKey="id"
          columns={columns}
          optional={['validUntil', 'award']}
          dataSource={q.lines}
          pagination={false}
          cardTitle={['lineNo', 'material']}
        />
      </div>
      {importing && (
        <ImportBidsDialog
          quotationId={q.id}
          onClose={() => setImporting(false)}
          onImported={(updated) => {
            queryClient.setQueryData(inquiryKeys.quotation(q.id), updated);
            setImporting(false);
          }}
        />
      )}
      <Modal
        open={declining}
        title={t('inquiries.actions.decline')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, disabled: !reason.trim(), loading: step.isPending }}
        onOk={() => step.mutate('decline')}
        onCancel={() => setDeclining(false)}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          value={reason}
          aria-label={t('inquiries.quotation.declineReason')}
          placeholder={t('inquiries.quotation.declineReason')}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </>
  );
}
