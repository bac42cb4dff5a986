import {
  ArrowLeftOutlined,
  AuditOutlined,
  CheckOutlined,
  DownloadOutlined,
  FilePdfOutlined,
  SafetyCertificateOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import {
  DECIMAL_TEXT,
  type DecimalPlaces,
  lineAmount,
  MASK,
  RECONCILIATION_EDITABLE_STATUSES,
  RECONCILIATION_LINE_STATUS,
  RECONCILIATION_PERMISSION,
  RECONCILIATION_STATUS,
  type ReconciliationAction,
  type ReconciliationDetail,
  type ReconciliationLine,
  type ReconciliationStatus,
  type ReconciliationUpdateInput,
  reconciliationMachine,
  reconciliationRole,
  subtractDecimals,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Space, Tabs, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchFile, openFile } from '../../api/http.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DetailGate } from '../../components/DetailGate.tsx';
import { DocumentHistory } from '../../components/DocumentHistory.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { reconciliationLineStatuses } from '../../components/statusStyles.ts';
import { buyerZoneFormat } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { CellError, lineErrorsOf, reportRest } from '../receiving-plans/parts.tsx';
import { formatNumber, numberColumn } from './parts.tsx';
import { type Side, statementKeys, statementPaths, statementsApi } from './reconciliations.api.ts';

/** Behind the column settings: the tax split and the receipt and order a line comes from. */
const OPTIONAL_LINE_COLUMNS = ['taxRate', 'amountExcl', 'taxAmount', 'amountIncl', 'receiptNo', 'orderNo'];

/** The counterpart's answer to one line, held on the page until submitted. */
export interface LineAnswer {
  agree: boolean;
  reason?: string;
  qty?: string;
  price?: string;
}

/**
 * One reconciliation statement on either side (UI.md two-sided documents): the buyer's
 * /purchasebill/sourcing/detail, the supplier's /workers/sourcing/detail. The buttons come from the
 * shared transition table and the caller's role on the statement: the drafter sends, accepts
 * proposals, gives the final confirmation or cancels; the counterpart agrees or disputes each line
 * and confirms.
 */
export function StatementDetailPage({ side }: { side: Side }) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({ queryKey: statementKeys.detail(id), queryFn: () => statementsApi.get(id), enabled: !!id });
  return (
    <DetailGate query={query} back={statementPaths(side).list}>
      {(statement) => <StatementView statement={statement} side={side} />}
    </DetailGate>
  );
}

export const BuyerStatementDetailPage = () => <StatementDetailPage side="buyer" />;
export const SupplierStatementDetailPage = () => <StatementDetailPage side="supplier" />;

function Confirmation({ at, by, zone }: { at: string | null; by: string; zone: string }) {
  const { t } = useTranslation();
  return at ? (
    <span>
      <Tag color="success">{by}</Tag>
      {buyerZoneFormat(zone).dateTime(at)}
    </span>
  ) : (
    <Tag>{t('reconciliations.notConfirmed')}</Tag>
  );
}

function StatementView({ statement: s, side }: { statement: ReconciliationDetail; side: Side }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const paths = statementPaths(side);
  const places = s.decimalPlaces;
  const numbers = numberFormat(places);
  const permission = RECONCILIATION_PERMISSION[side];
  // Steps by status and role only: a step the user lacks the code for stays visible but disabled
  // (OperationButton). A statement opened through the other side's link shows no steps.
  const actions =
    s.side === side ? reconciliationMachine.available(reconciliationRole(side, s.draftedBy), s.status, () => true) : [];
  const editing =
    s.side === side &&
    s.role === 'drafter' &&
    RECONCILIATION_EDITABLE_STATUSES.includes(s.status as ReconciliationStatus);
  const answering = actions.includes('answer');
  const [answers, setAnswers] = useState<Record<string, LineAnswer>>({});
  const [disputing, setDisputing] = useState<ReconciliationLine | null>(null);
  const unsent = Object.keys(answers).length > 0;
  /** The server's problems with answered lines by `lineId.field`; it names a line by its index as sent. */
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const sentIds = useRef<string[]>([]);
  /** A line answered again: its old problems no longer apply. */
  const forgetErrors = (id: string) =>
    setAnswerErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !k.startsWith(`${id}.`))));

  const refresh = () => queryClient.invalidateQueries({ queryKey: statementKeys.all });
  const act = useMutation({
    mutationFn: (v: { action: ReconciliationAction; body?: object }) =>
      statementsApi.act(s.id, v.action, { version: s.version, ...v.body }),
    onSuccess: async (_d, v) => {
      setAnswers({});
      await refresh();
      message.success(t(`reconciliations.done.${v.action}`));
    },
    // A refused answer's line problems are shown under their lines; only the rest as a message.
    meta: { silent: true },
    onError: (e, v) => {
      const { cells, rest } = lineErrorsOf(e, {
        rowKeys: v.action === 'answer' ? sentIds.current : [],
        fields: ['qty', 'price', 'reason'],
      });
      setAnswerErrors(cells);
      reportRest(e, rest);
    },
  });
  const edit = useMutation({
    mutationFn: (input: Omit<ReconciliationUpdateInput, 'version'>) =>
      statementsApi.update(s.id, { version: s.version, ...input }),
    onSuccess: async () => {
      await refresh();
      message.success(t('reconciliations.done.update'));
    },
  });

  const ask = (text: string, run: () => Promise<unknown>) =>
    modal.confirm({ title: text, okText: t('common.confirm'), cancelText: t('common.cancel'), onOk: run });
  const step = (action: 'send' | 'confirm' | 'finalize' | 'cancel') =>
    ask(t(`reconciliations.confirmText.${action}`, { no: s.statementNo }), () => act.mutateAsync({ action }));
  const submitAnswers = () => {
    const sent = Object.entries(answers);
    sentIds.current = sent.map(([id]) => id);
    setAnswerErrors({});
    act.mutate({
      action: 'answer',
      body: {
        lines: sent.map(([id, a]) =>
          a.agree ? { id, agree: true } : { id, agree: false, reason: a.reason, qty: a.qty, price: a.price },
        ),
      },
    });
  };

  // The must-see columns of a statement line (material, quantity, price, amount, receipt date, line
  // status) and the answer column fit 1366 px; the tax split and the documents the line comes from sit
  // behind the column settings. A line's dispute is shown under it.
  const lineColumns: LineColumn<ReconciliationLine>[] = [
    { key: 'lineNo', title: t('reconciliations.fields.lineNo'), dataIndex: 'lineNo', width: 48, align: 'right' },
    {
      key: 'material',
      title: t('reconciliations.fields.material'),
      width: 180,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'qty',
      title: t('reconciliations.fields.qty'),
      dataIndex: 'qty',
      width: 130,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={formatNumber(v, places.quantity)} unit={l.unitName} />,
    },
    {
      key: 'price',
      title: t('reconciliations.fields.price'),
      dataIndex: 'price',
      width: 110,
      ...numberColumn(places.price),
    },
    {
      key: 'amount',
      title: t('reconciliations.fields.amount'),
      dataIndex: 'amount',
      width: 120,
      ...numberColumn(places.amount),
    },
    { key: 'receiptDate', title: t('reconciliations.fields.receiptDate'), dataIndex: 'receiptDate', width: 100 },
    {
      key: 'status',
      title: t('reconciliations.fields.lineStatus'),
      dataIndex: 'status',
      width: 100,
      render: (v: number) => <StatusTag machine={reconciliationLineStatuses} status={v} />,
    },
    {
      key: 'taxRate',
      title: t('reconciliations.fields.taxRate'),
      dataIndex: 'taxRate',
      width: 80,
      align: 'right',
      render: (v: string) => numbers.rate(v),
    },
    ...(['amountExcl', 'taxAmount', 'amountIncl'] as const).map((key) => ({
      key,
      title: t(`reconciliations.fields.${key}`),
      dataIndex: key,
      width: 120,
      ...numberColumn(places.amount),
    })),
    { key: 'receiptNo', title: t('reconciliations.fields.receiptNo'), dataIndex: 'receiptNo', width: 150 },
    { key: 'orderNo', title: t('reconciliations.fields.orderNo'), dataIndex: 'orderNo', width: 150 },
  ];
  if (answering || editing) {
    lineColumns.push({
      key: 'operation',
      title: answering ? t('reconciliations.fields.answer') : t('common.operation'),
      width: 200,
      fixed: 'right',
      render: (_v, l) => (answering ? answerCell(l) : editCell(l)),
    });
  }

  /** What was disputed and why, kept after the dispute is settled. */
  function disputeRow(l: ReconciliationLine) {
    const item = (label: string, value: string) => (
      <Space size={4}>
        <Typography.Text type="secondary">{label}</Typography.Text>
        <span>{value}</span>
      </Space>
    );
    return (
      <Space size="large" wrap>
        {item(t('reconciliations.fields.disputeReason'), l.disputeReason)}
        {l.disputeQty !== null &&
          item(t('reconciliations.fields.proposedQty'), formatNumber(l.disputeQty, places.quantity))}
        {l.disputePrice !== null &&
          item(t('reconciliations.fields.proposedPrice'), formatNumber(l.disputePrice, places.price))}
        {item(t('reconciliations.fields.lineDifference'), formatNumber(l.differenceAmount, places.amount))}
      </Space>
    );
  }

  function answerCell(l: ReconciliationLine) {
    const a = answers[l.id];
    if (a) {
      const problems = ['qty', 'price', 'reason'].flatMap((f) => answerErrors[`${l.id}.${f}`] ?? []);
      return (
        <Space size={4} wrap>
          <Tag color={a.agree ? 'success' : 'error'}>
            {a.agree ? t('reconciliations.dispute.pendingAgree') : t('reconciliations.dispute.pendingDispute')}
          </Tag>
          <Button
            type="link"
            size="small"
            onClick={() => {
              forgetErrors(l.id);
              setAnswers((prev) => {
                const { [l.id]: _, ...rest } = prev;
                return rest;
              });
            }}
          >
            {t('reconciliations.actions.undo')}
          </Button>
          <CellError message={problems.join(' ') || undefined} />
        </Space>
      );
    }
    return (
      <Space size={0}>
        <OperationButton
          type="link"
          size="small"
          permission={permission}
          onClick={() => setAnswers((prev) => ({ ...prev, [l.id]: { agree: true } }))}
        >
          {t('reconciliations.actions.agree')}
        </OperationButton>
        <OperationButton type="link" size="small" danger permission={permission} onClick={() => setDisputing(l)}>
          {t('reconciliations.actions.dispute')}
        </OperationButton>
      </Space>
    );
  }

  function editCell(l: ReconciliationLine) {
    return (
      <Space size={0}>
        {l.status === RECONCILIATION_LINE_STATUS.DISPUTED && (
          <OperationButton
            type="link"
            size="small"
            permission={permission}
            onClick={() =>
              ask(t('reconciliations.confirmText.acceptProposal', { lineNo: l.lineNo }), () =>
                edit.mutateAsync({ acceptLineIds: [l.id] }),
              )
            }
          >
            {t('reconciliations.actions.acceptProposal')}
          </OperationButton>
        )}
        {s.lines.length > 1 && (
          <OperationButton
            type="link"
            size="small"
            danger
            permission={permission}
            onClick={() =>
              ask(t('reconciliations.confirmText.removeLine', { lineNo: l.lineNo }), () =>
                edit.mutateAsync({ removeLineIds: [l.id] }),
              )
            }
          >
            {t('reconciliations.actions.removeLine')}
          </OperationButton>
        )}
      </Space>
    );
  }

  const final = s.status === RECONCILIATION_STATUS.CONFIRMED || s.status === RECONCILIATION_STATUS.CANCELLED;
  // The seller issues the invoice (发票): its side of a confirmed statement offers the invoice lines.
  const invoicing = side === 'supplier' && s.side === 'supplier' && s.status === RECONCILIATION_STATUS.CONFIRMED;
  const taxIncluded = new Set(s.lines.map((l) => l.taxIncluded));
  const taxSplit = (v: { amountExcl: string; taxAmount: string; amountIncl: string }) => ({
    excl: formatNumber(v.amountExcl, places.amount),
    tax: formatNumber(v.taxAmount, places.amount),
    incl: formatNumber(v.amountIncl, places.amount),
  });
  return (
    <Card
      className="page-card"
      title={
        <Space>
          <span>{s.statementNo}</span>
          <StatusTag machine={reconciliationMachine} status={s.status} />
        </Space>
      }
      extra={
        <Space wrap>
          {actions.includes('send') && (
            <OperationButton
              type="primary"
              icon={<SendOutlined />}
              permission={permission}
              loading={act.isPending}
              onClick={() => step('send')}
            >
              {t('reconciliations.actions.send')}
            </OperationButton>
          )}
          {answering && (
            <OperationButton
              type="primary"
              permission={permission}
              disabled={!unsent}
              loading={act.isPending}
              onClick={submitAnswers}
            >
              {t('reconciliations.actions.submitAnswer')}
            </OperationButton>
          )}
          {actions.includes('confirm') && (
            <OperationButton
              icon={<CheckOutlined />}
              permission={permission}
              disabled={unsent}
              disabledReason={t('reconciliations.dispute.unsent')}
              onClick={() => step('confirm')}
            >
              {t('reconciliations.actions.confirm')}
            </OperationButton>
          )}
          {actions.includes('finalize') && (
            <OperationButton
              type="primary"
              icon={<SafetyCertificateOutlined />}
              permission={permission}
              onClick={() => step('finalize')}
            >
              {t('reconciliations.actions.finalize')}
            </OperationButton>
          )}
          {actions.includes('cancel') && (
            <OperationButton danger icon={<StopOutlined />} permission={permission} onClick={() => step('cancel')}>
              {t('reconciliations.actions.cancel')}
            </OperationButton>
          )}
          <OperationButton
            icon={<DownloadOutlined />}
            readOnly
            onClick={() => void statementsApi.export(s.id, s.statementNo).catch((e: Error) => message.error(e.message))}
          >
            {t('reconciliations.actions.export')}
          </OperationButton>
          <OperationButton
            icon={<FilePdfOutlined />}
            readOnly
            onClick={() =>
              void fetchFile(`/gateway/srm/reconciliations/${s.id}/pdf`, { filename: `${s.statementNo}.pdf` })
                .then(openFile)
                .catch((e: Error) => message.error(e.message))
            }
          >
            {t('reconciliations.actions.print')}
          </OperationButton>
          {invoicing && (
            <OperationButton
              icon={<AuditOutlined />}
              readOnly
              permission={permission}
              title={t('reconciliations.invoiceHint')}
              onClick={() =>
                void statementsApi.exportInvoice(s.id, s.statementNo).catch((e: Error) => message.error(e.message))
              }
            >
              {t('reconciliations.actions.exportInvoice')}
            </OperationButton>
          )}
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(paths.list)}>
            {t('reconciliations.actions.back')}
          </Button>
        </Space>
      }
    >
      {!final && s.side === side && (
        <Alert
          type={actions.length ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          title={actions.length ? t(`reconciliations.role.${s.role}`) : t('reconciliations.role.waiting')}
        />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginBottom: 16 }}
        {...DETAIL_DESCRIPTIONS}
      >
        <Descriptions.Item
          label={side === 'buyer' ? t('reconciliations.fields.supplier') : t('reconciliations.fields.customer')}
        >
          {side === 'buyer' ? `${s.supCode} ${s.supName}`.trim() : s.customerName}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.period')}>
          {s.periodFrom} ~ {buyerZoneFormat(s.buyerTimeZone).date(s.periodTo)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.draftedBy')}>
          {t(`reconciliations.sides.${s.draftedBy}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.totalQty')}>
          {formatNumber(s.totalQty, places.quantity)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.totalAmount')}>
          {numbers.money(s.totalAmount, s.currency)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.taxBreakdown')}>
          {s.totalTaxAmount === MASK ? (
            MASK
          ) : (
            <Space orientation="vertical" size={0}>
              <span>
                {t('reconciliations.taxBreakdown', {
                  ...taxSplit({
                    amountExcl: s.totalAmountExcl,
                    taxAmount: s.totalTaxAmount,
                    amountIncl: s.totalAmountIncl,
                  }),
                  currency: s.currency,
                })}
              </span>
              {s.taxTotals.length > 1 &&
                s.taxTotals.map((r) => (
                  <Typography.Text key={r.taxRate} type="secondary">
                    {t('reconciliations.taxRateBreakdown', { rate: numbers.rate(r.taxRate), ...taxSplit(r) })}
                  </Typography.Text>
                ))}
            </Space>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.taxIncluded')}>
          {taxIncluded.size > 1
            ? t('reconciliations.tax.mixed')
            : taxIncluded.has(false)
              ? t('reconciliations.tax.excluded')
              : t('reconciliations.tax.included')}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.differenceAmount')}>
          {formatNumber(s.differenceAmount, places.amount)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.buyerConfirmation')}>
          <Confirmation at={s.buyerConfirmedAt} by={s.buyerConfirmedBy} zone={s.buyerTimeZone} />
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.supplierConfirmation')}>
          <Confirmation at={s.supplierConfirmedAt} by={s.supplierConfirmedBy} zone={s.buyerTimeZone} />
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.sentAt')}>
          {buyerZoneFormat(s.buyerTimeZone).dateTime(s.sentAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('reconciliations.fields.lineCount')}>{s.lineCount}</Descriptions.Item>
        {side === 'buyer' && (
          <Descriptions.Item label={t('reconciliations.fields.owner')}>{s.ownerName}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('reconciliations.fields.remark')}>{s.remark}</Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          {
            key: 'lines',
            label: t('reconciliations.tabs.lines'),
            children: (
              <LineTable<ReconciliationLine>
                id="statement-lines"
                rowKey="id"
                columns={lineColumns}
                optional={OPTIONAL_LINE_COLUMNS}
                dataSource={s.lines}
                cardTitle={['lineNo', 'material']}
                // Always open under a disputed line, without a toggle column that would cost width.
                expandable={{
                  expandedRowRender: disputeRow,
                  rowExpandable: (l) => !!l.disputeReason,
                  expandedRowKeys: s.lines.filter((l) => l.disputeReason).map((l) => l.id),
                  showExpandColumn: false,
                }}
              />
            ),
          },
          {
            key: 'history',
            label: t('reconciliations.tabs.history'),
            children: <DocumentHistory entries={s.history} />,
          },
        ]}
      />
      <DisputeDialog
        line={disputing}
        places={places}
        onClose={() => setDisputing(null)}
        onSave={(answer) => {
          forgetErrors(disputing!.id);
          setAnswers((prev) => ({ ...prev, [disputing!.id]: answer }));
          setDisputing(null);
        }}
      />
    </Card>
  );
}

interface DisputeValues {
  reason?: string;
  qty?: string | null;
  price?: string | null;
}

/** A dispute needs a reason; the quantity and price the counterpart holds right are optional. */
export function DisputeDialog({
  line,
  places,
  onClose,
  onSave,
}: {
  line: ReconciliationLine | null;
  places: DecimalPlaces;
  onClose: () => void;
  onSave: (answer: LineAnswer) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DisputeValues>();
  const qty = Form.useWatch('qty', form);
  const price = Form.useWatch('price', form);
  const { fmt } = numberFormat(places);
  // What the held figures come to, by the rule the server applies (round(qty × price) at the amount places).
  const held = (v: string | null | undefined, stated: string) => (v && DECIMAL_TEXT.test(v) ? v : stated);
  const preview =
    line && line.price !== MASK && line.amount !== MASK && (qty || price)
      ? lineAmount(held(qty, line.qty), held(price, line.price), places.amount)
      : null;
  return (
    <Modal
      open={!!line}
      width={500}
      title={line ? t('reconciliations.dispute.title', { lineNo: line.lineNo }) : ''}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form<DisputeValues>
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={(v) =>
          onSave({
            agree: false,
            reason: v.reason?.trim(),
            qty: v.qty ?? undefined,
            price: v.price ?? undefined,
          })
        }
      >
        <Form.Item
          name="reason"
          label={t('reconciliations.dispute.reason')}
          rules={[{ required: true, whitespace: true, message: t('reconciliations.dispute.reasonRequired') }]}
        >
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        <Space size="middle">
          <Form.Item name="qty" label={t('reconciliations.dispute.qty')}>
            <DecimalInput places={places.quantity} min="0" style={{ width: 180 }} placeholder={line?.qty} />
          </Form.Item>
          <Form.Item name="price" label={t('reconciliations.dispute.price')}>
            <DecimalInput places={places.price} min="0" style={{ width: 180 }} placeholder={line?.price} />
          </Form.Item>
        </Space>
        {line && preview !== null && (
          <div style={{ marginBottom: 8 }}>
            {t('reconciliations.dispute.preview', {
              amount: fmt(preview, 'amount'),
              difference: fmt(subtractDecimals(preview, line.amount, places.amount), 'amount'),
            })}
          </div>
        )}
        <div style={{ color: 'rgba(0,0,0,0.45)' }}>{t('reconciliations.dispute.hint')}</div>
      </Form>
    </Modal>
  );
}
