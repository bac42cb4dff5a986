import { CheckOutlined, ImportOutlined, InboxOutlined, LoginOutlined } from '@ant-design/icons';
import {
  compareDecimals,
  DELIVERY_NOTE_STATUS,
  DELIVERY_PACKAGE_KIND,
  type DecimalPlaces,
  type DeliveryNoteDetail,
  type DeliveryNoteLine,
  type DeliveryPackage,
  deliveryNoteMachine,
  type ReceiptNoteAction,
  subtractDecimals,
} from '@concord/shared';
import { useIsFetching, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, DatePicker, Descriptions, Form, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DetailGate } from '../../components/DetailGate.tsx';
import { DocumentHistory } from '../../components/DocumentHistory.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { DATE_FORMAT, formatDate, formatDateTime, todayDate } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { InspectionDialog } from './InspectionDialog.tsx';
import { ReceiptDialog } from './ReceiptDialog.tsx';
import { receiptKeys, receiptsApi } from './receipts.api.ts';
import { ScanBox } from './ScanBox.tsx';

export const NOTICE_LIST = '/recemanage/receipt';
const RECEIVER = 'RE_IPT';
const D = DELIVERY_NOTE_STATUS;
/** Behind the column settings: where a line comes from and how it is packed and stored. */
const OPTIONAL_LINE_COLUMNS = ['packages', 'orderNo', 'batchNo', 'warehouse'];

/** /receiptdetail/deliverydetail?id=: one delivery notice, received, inspected and warehoused by the buyer. */
export function DeliveryNoticeDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({
    queryKey: receiptKeys.deliveryNotice(id),
    queryFn: () => receiptsApi.deliveryNotice(id),
    enabled: !!id,
  });
  return (
    <DetailGate query={query} back={NOTICE_LIST}>
      {(note) => <NoticeView note={note} />}
    </DetailGate>
  );
}

function NoticeView({ note }: { note: DeliveryNoteDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const places = note.decimalPlaces;
  const { fmt } = useNumbers(places);
  const qty = (v: string) => fmt(v, 'quantity');
  // Buttons by status from the shared transition table; OperationButton disables them without RE_IPT.
  const actions = note.side === 'buyer' ? deliveryNoteMachine.available('buyer', note.status, () => true) : [];
  const receiving = note.side === 'buyer' && (note.status === D.SENT || note.status === D.ARRIVED);
  const inspecting = note.side === 'buyer' && note.status === D.ARRIVED;
  const [dialog, setDialog] = useState<
    { kind: 'arrive' } | { kind: 'warehouse' } | { kind: 'inspect' | 'receive'; line: DeliveryNoteLine } | null
  >(null);
  const [shownReceipt, setShownReceipt] = useState<string | null>(null);
  const idem = useIdempotencyKey();
  const refresh = () => queryClient.invalidateQueries({ queryKey: receiptKeys.all });
  // A scan answers before the note is read again: until then the lines show what was received before
  // it, and an inspection opened on them would offer too little as still to inspect.
  const refreshing = useIsFetching({ queryKey: receiptKeys.deliveryNotice(note.id) }) > 0;
  const receipts = useQuery({
    queryKey: receiptKeys.receiptsOfNote(note.noteNo),
    queryFn: () => receiptsApi.receiptsOfNote(note.noteNo),
    enabled: note.status === D.WAREHOUSED,
  });

  const act = useMutation({
    mutationFn: (v: { action: ReceiptNoteAction; body?: object }) =>
      receiptsApi.act(
        note.id,
        v.action,
        { version: note.version, ...v.body },
        v.action === 'warehouse' ? idem.key : undefined,
      ),
    onSuccess: async (r, v) => {
      setDialog(null);
      await refresh();
      message.success(t(`receipts.done.${v.action}`, { receiptNo: r.receiptNo ?? '' }));
    },
  });

  // The must-see columns of a notice line (material, the quantities through receiving, inspection and
  // warehousing, the due date, whether it is inspected) and the operation column of an arrived note fit
  // 1366 px; where it comes from and how it is packed sit behind the column settings.
  const lineColumns: LineColumn<DeliveryNoteLine>[] = [
    { key: 'lineNo', title: t('receipts.fields.lineNo'), dataIndex: 'lineNo', width: 48, align: 'right' },
    {
      key: 'material',
      title: t('receipts.fields.material'),
      width: 160,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'qty',
      title: t('receipts.fields.qty'),
      dataIndex: 'qty',
      width: 125,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={qty(v)} unit={l.unitName} />,
    },
    ...(['receivedQty', 'qualifiedQty', 'unqualifiedQty', 'warehousedQty'] as const).map((k) => ({
      key: k,
      title: t(`receipts.fields.${k}`),
      dataIndex: k,
      width: 96,
      align: 'right' as const,
      render: (v: string) =>
        k === 'unqualifiedQty' && compareDecimals(v, '0') > 0 ? <Tag color="error">{qty(v)}</Tag> : qty(v),
    })),
    { key: 'dueDate', title: t('receipts.fields.dueDate'), dataIndex: 'dueDate', width: 100 },
    {
      key: 'isCheck',
      title: t('receipts.fields.isCheck'),
      dataIndex: 'isCheck',
      width: 90,
      render: (v: boolean) => (v ? <Tag color="warning">{t('receipts.check.yes')}</Tag> : t('receipts.check.no')),
    },
    {
      key: 'packages',
      title: t('receipts.fields.packages'),
      width: 84,
      align: 'right',
      render: (_v, l) => `${l.receivedPackageCount} / ${l.packageCount}`,
    },
    {
      key: 'orderNo',
      title: t('receipts.fields.orderNo'),
      width: 160,
      render: (_v, l) => `${l.orderNo} / ${l.orderLineNo}`,
    },
    { key: 'batchNo', title: t('receipts.fields.batchNo'), dataIndex: 'batchNo', width: 110 },
    {
      key: 'warehouse',
      title: t('receipts.fields.warehouse'),
      dataIndex: 'warehouseName',
      width: 140,
      ellipsis: { showTitle: true },
    },
  ];
  // Only an arrived note has line actions; otherwise the column would cover the quantities.
  if (inspecting) {
    lineColumns.push({
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, l) => (
        <Space size={0} wrap>
          <OperationButton
            type="link"
            size="small"
            permission={RECEIVER}
            disabled={refreshing}
            onClick={() => setDialog({ kind: 'inspect', line: l })}
          >
            {t('receipts.actions.inspect')}
          </OperationButton>
          {compareDecimals(l.receivedQty, l.qty) < 0 && (
            <OperationButton
              type="link"
              size="small"
              permission={RECEIVER}
              disabled={refreshing}
              onClick={() => setDialog({ kind: 'receive', line: l })}
            >
              {t('receipts.actions.receive')}
            </OperationButton>
          )}
        </Space>
      ),
    });
  }

  const packageColumns: TableColumnsType<DeliveryPackage> = [
    { key: 'packageNo', title: t('receipts.fields.packageNo'), dataIndex: 'packageNo', width: 220 },
    {
      key: 'kind',
      title: t('receipts.fields.kind'),
      dataIndex: 'kind',
      width: 80,
      render: (k: number) =>
        k === DELIVERY_PACKAGE_KIND.LARGE ? t('receipts.kinds.large') : t('receipts.kinds.small'),
    },
    { key: 'lineNo', title: t('receipts.fields.lineNo'), dataIndex: 'lineNo', width: 60, align: 'right' },
    { key: 'qty', title: t('receipts.fields.qty'), dataIndex: 'qty', width: 100, align: 'right', render: qty },
    { key: 'batchNo', title: t('receipts.fields.batchNo'), dataIndex: 'batchNo', width: 120 },
    {
      key: 'receivedAt',
      title: t('receipts.fields.receivedAt'),
      dataIndex: 'receivedAt',
      width: 170,
      render: (v: string | null) => (v ? <Tag color="success">{formatDateTime(v)}</Tag> : <Tag>—</Tag>),
    },
  ];

  const smallPackages = note.packages;
  const receivedCount = smallPackages.filter((p) => p.receivedAt).length;
  const receipt = receipts.data?.dataList[0];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        className="page-card"
        title={
          <Space>
            <span>{note.noteNo}</span>
            <StatusTag machine={deliveryNoteMachine} status={note.status} side="buyer" />
          </Space>
        }
        extra={
          <Space wrap>
            {actions.includes('arrive') && (
              <OperationButton
                type="primary"
                permission={RECEIVER}
                icon={<LoginOutlined />}
                onClick={() => setDialog({ kind: 'arrive' })}
              >
                {t('receipts.actions.arrive')}
              </OperationButton>
            )}
            {actions.includes('accept') && (
              <OperationButton
                type="primary"
                permission={RECEIVER}
                icon={<CheckOutlined />}
                loading={act.isPending}
                onClick={() =>
                  modal.confirm({
                    title: t('receipts.confirmText.accept', { noteNo: note.noteNo }),
                    okText: t('common.confirm'),
                    cancelText: t('common.cancel'),
                    onOk: () => act.mutateAsync({ action: 'accept' }),
                  })
                }
              >
                {t('receipts.actions.accept')}
              </OperationButton>
            )}
            {actions.includes('warehouse') && (
              <OperationButton
                type="primary"
                permission={RECEIVER}
                icon={<InboxOutlined />}
                onClick={() => setDialog({ kind: 'warehouse' })}
              >
                {t('receipts.actions.warehouse')}
              </OperationButton>
            )}
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} {...DETAIL_DESCRIPTIONS}>
          <Descriptions.Item
            label={t('receipts.fields.supplier')}
          >{`${note.supCode} ${note.supName}`}</Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.orderNo')}>{note.orderNos.join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.shipDate')}>{note.shipDate}</Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.expectedDate')}>{note.expectedDate}</Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.carrier')}>
            {`${note.carrier} ${note.trackingNo}`.trim()}
          </Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.totalQty')}>{qty(note.totalQty)}</Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.sentAt')}>{formatDateTime(note.sentAt)}</Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.arrivedAt')}>{formatDateTime(note.arrivedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.acceptedAt')}>
            {formatDateTime(note.acceptedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('receipts.fields.warehousedAt')}>
            {formatDateTime(note.warehousedAt)}
          </Descriptions.Item>
          {receipt && (
            <Descriptions.Item label={t('receipts.fields.receiptNo')}>
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShownReceipt(receipt.id)}>
                {receipt.receiptNo}
              </Button>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('receipts.fields.remark')}>{note.remark}</Descriptions.Item>
        </Descriptions>
      </Card>
      {receiving && (
        <Card className="page-card" size="small" title={t('receipts.scan.label')}>
          <ScanBox
            noteId={note.id}
            places={places}
            received={receivedCount}
            total={smallPackages.length}
            onScanned={() => void refresh()}
          />
        </Card>
      )}
      <Card className="page-card">
        <Tabs
          items={[
            {
              key: 'lines',
              label: t('receipts.tabs.lines'),
              children: (
                <LineTable<DeliveryNoteLine>
                  id="delivery-notice-lines"
                  rowKey="id"
                  columns={lineColumns}
                  optional={OPTIONAL_LINE_COLUMNS}
                  dataSource={note.lines}
                  cardTitle={['lineNo', 'material']}
                />
              ),
            },
            {
              key: 'packages',
              label: `${t('receipts.tabs.packages')} (${receivedCount}/${smallPackages.length})`,
              children: (
                <Table<DeliveryPackage>
                  rowKey="id"
                  size="small"
                  columns={packageColumns}
                  dataSource={note.packages}
                  pagination={{ pageSize: 50, showSizeChanger: false }}
                />
              ),
            },
            { key: 'history', label: t('receipts.tabs.history'), children: <DocumentHistory entries={note.history} /> },
          ]}
        />
      </Card>
      {shownReceipt && <ReceiptDialog id={shownReceipt} onClose={() => setShownReceipt(null)} />}
      {(dialog?.kind === 'arrive' || dialog?.kind === 'warehouse') && (
        <DateStepDialog
          step={dialog.kind}
          arrivalDate={dialog.kind === 'warehouse' ? formatDate(note.arrivedAt) || undefined : undefined}
          pending={act.isPending}
          onCancel={() => setDialog(null)}
          onOk={(body) => act.mutate({ action: dialog.kind, body })}
        />
      )}
      {dialog?.kind === 'inspect' && (
        <InspectionDialog noteId={note.id} line={dialog.line} places={places} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'receive' && (
        <ManualReceiptDialog noteId={note.id} line={dialog.line} places={places} onClose={() => setDialog(null)} />
      )}
    </Space>
  );
}

/**
 * The buyer's two steps that take a day: the arrival (never in the future) and the warehousing (between
 * the arrival and today, into the chosen warehouse or each line's own).
 */
function DateStepDialog({
  step,
  arrivalDate,
  pending,
  onOk,
  onCancel,
}: {
  step: 'arrive' | 'warehouse';
  arrivalDate?: string;
  pending: boolean;
  onOk: (body: { arrivalDate: string } | { warehouseId?: string; receiptDate: string }) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const warehousing = step === 'warehouse';
  const warehouses = useQuery({
    queryKey: receiptKeys.warehouses,
    queryFn: receiptsApi.warehouses,
    enabled: warehousing,
  });
  const [warehouseId, setWarehouseId] = useState<string | undefined>();
  // The enterprise's today: the server refuses a later day by the same calendar.
  const [date, setDate] = useState(() => dayjs(todayDate()));
  const dateId = warehousing ? 'notice-warehouse-date' : 'notice-arrival-date';
  return (
    <Modal
      open
      width={500}
      maskClosable={false}
      title={t(warehousing ? 'receipts.warehousing.title' : 'receipts.arrival.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={pending}
      onCancel={onCancel}
      onOk={() => {
        const day = date.format(DATE_FORMAT);
        onOk(warehousing ? { warehouseId, receiptDate: day } : { arrivalDate: day });
      }}
    >
      {warehousing && (
        <Alert type="info" showIcon message={t('receipts.warehousing.hint')} style={{ marginBottom: 12 }} />
      )}
      <Form layout="vertical">
        {warehousing && (
          <Form.Item label={t('receipts.warehousing.warehouse')} htmlFor="notice-warehouse">
            <Select
              id="notice-warehouse"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={warehouses.isPending}
              placeholder={t('receipts.warehousing.warehousePlaceholder')}
              value={warehouseId}
              onChange={setWarehouseId}
              options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
            />
          </Form.Item>
        )}
        <Form.Item
          label={t(warehousing ? 'receipts.warehousing.date' : 'receipts.arrival.date')}
          required
          htmlFor={dateId}
        >
          <DatePicker
            id={dateId}
            allowClear={false}
            format={DATE_FORMAT}
            value={date}
            disabledDate={(d) =>
              d.isAfter(dayjs(todayDate()), 'day') || (!!arrivalDate && d.isBefore(dayjs(arrivalDate), 'day'))
            }
            onChange={(d) => d && setDate(d)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ManualReceiptDialog({
  noteId,
  line,
  places,
  onClose,
}: {
  noteId: string;
  line: DeliveryNoteLine;
  places: DecimalPlaces;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { fmt } = useNumbers(places);
  const max = subtractDecimals(line.qty, line.receivedQty, places.quantity);
  // Named as the server names it (`lines.0.qty`), so its refusal shows beside the field.
  const [form] = Form.useForm<{ lines: { qty: string | null }[] }>();
  const value = Form.useWatch(['lines', 0, 'qty'], form);
  const valid = !!value && compareDecimals(value, '0') > 0 && compareDecimals(value, max) <= 0;
  const save = useMutation({
    // Decimal text as typed, sent as it is (issue 16).
    mutationFn: (qty: string) => receiptsApi.receive(noteId, { lines: [{ lineId: line.id, qty }] }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: receiptKeys.deliveryNotice(noteId) });
      message.success(t('receipts.done.receive'));
      onClose();
    },
    meta: { form },
  });
  return (
    <Modal
      open
      width={500}
      maskClosable={false}
      title={t('receipts.manual.title', { lineNo: line.lineNo })}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !valid, icon: <ImportOutlined /> }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ lines: [{ qty: max }] }}
        onFinish={(v) => save.mutate(v.lines[0]!.qty!)}
      >
        <Form.Item
          name={['lines', 0, 'qty']}
          label={t('receipts.manual.qty')}
          extra={t('receipts.manual.max', { max: fmt(max, 'quantity') })}
        >
          <DecimalInput places={places.quantity} min="0" max={max} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
