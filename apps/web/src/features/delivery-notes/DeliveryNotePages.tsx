import {
  DELIVERY_NOTE_EDITABLE_STATUSES,
  DELIVERY_NOTE_STATUS_NAMES,
  DELIVERY_NOTE_SUPPLIER_ACTIONS,
  type DeliverableLine,
  type DeliveryNoteLineListItem,
  type DeliveryNoteListItem,
  type DeliveryNoteSupplierAction,
  deliveryNoteMachine,
  formatDecimal,
  INSPECTION_REASON_CODES,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Input, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DocumentHistory } from '../../components/DocumentHistory.tsx';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { numberFormat, useNumbers } from '../../lib/numbers.ts';
import { deliveryNotesApi, downloadLabels, type NoteFilter, noteKeys } from './delivery-notes.api.ts';

const SUPPLIER = 'SL_SH_GL';
const GROUPS = ['notGenerated', ...DELIVERY_NOTE_STATUS_NAMES] as const;
const detailLink = (id: string) => `/supplysee/deliverydetail?id=${id}`;
/** An open line's quantity at the places of its own order. */
const lineQty = (l: DeliverableLine, value: string) => numberFormat(l.decimalPlaces).fmt(value, 'quantity');

function useF() {
  const { t } = useTranslation();
  return (k: string) => t(`deliveryNotes.fields.${k}` as never) as string;
}

/** /delivery/deliverynote: the notes by group; "not generated" is the open lines no note covers yet. */
export function DeliveryNoteListPage() {
  const { t } = useTranslation();
  const { fmt } = useNumbers();
  const qty = (v: string) => fmt(v, 'quantity');
  const F = useF();
  const navigate = useNavigate();
  const [group, setGroup] = useState<(typeof GROUPS)[number]>('notSent');
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<NoteFilter>({});
  const [pageNum, setPageNum] = useState(1);
  const status = DELIVERY_NOTE_STATUS_NAMES.indexOf(group as never);
  const noteFilter = { ...filter, statuses: status >= 0 ? [status] : undefined };
  const notes = useQuery({
    queryKey: noteKeys.list(noteFilter, pageNum, 20),
    queryFn: () => deliveryNotesApi.list(noteFilter, pageNum, 20),
    enabled: group !== 'notGenerated',
  });
  const open = useQuery({
    queryKey: noteKeys.deliverable(filter, pageNum, 20),
    queryFn: () => deliveryNotesApi.deliverable(filter, pageNum, 20),
    enabled: group === 'notGenerated',
  });
  return (
    <Card size="small">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input
          allowClear
          placeholder={`${F('noteNo')} / ${F('orderNo')}`}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Button
          onClick={() => {
            setPageNum(1);
            setFilter(group === 'notGenerated' ? { orderNo: keyword || undefined } : { noteNo: keyword || undefined });
          }}
        >
          {t('deliveryNotes.actions.search')}
        </Button>
        <OperationButton
          permission={SUPPLIER}
          type="primary"
          onClick={() => navigate('/delivery/deliverynote/filterlist')}
        >
          {t('deliveryNotes.actions.newNote')}
        </OperationButton>
      </Space>
      <Tabs
        activeKey={group}
        onChange={(k) => {
          setGroup(k as typeof group);
          setPageNum(1);
        }}
        items={GROUPS.map((g) => ({ key: g, label: t(`deliveryNotes.groups.${g}`) }))}
      />
      {group === 'notGenerated' ? (
        <Table<DeliverableLine>
          size="small"
          rowKey={(l) => l.planLineId ?? l.orderLineId}
          loading={open.isFetching}
          dataSource={open.data?.dataList ?? []}
          pagination={{ current: pageNum, total: open.data?.totalCount ?? 0, onChange: setPageNum }}
          columns={[
            { title: F('customer'), dataIndex: 'customerName' },
            { title: F('orderNo'), dataIndex: 'orderNo' },
            { title: F('lineNo'), dataIndex: 'orderLineNo' },
            { title: F('plan'), dataIndex: 'planNo' },
            { title: F('prdtNo'), dataIndex: 'prdtNo' },
            { title: F('prdtName'), dataIndex: 'prdtName' },
            { title: F('dueDate'), dataIndex: 'dueDate', className: 'cell-nowrap' },
            { title: F('qty'), dataIndex: 'qty', align: 'right', render: (v, l) => lineQty(l, v) },
            { title: F('openQty'), dataIndex: 'openQty', align: 'right', render: (v, l) => lineQty(l, v) },
          ]}
        />
      ) : (
        <Table<DeliveryNoteListItem>
          size="small"
          rowKey="id"
          loading={notes.isFetching}
          dataSource={notes.data?.dataList ?? []}
          pagination={{ current: pageNum, total: notes.data?.totalCount ?? 0, onChange: setPageNum }}
          columns={[
            { title: F('noteNo'), dataIndex: 'noteNo', render: (v, r) => <Link to={detailLink(r.id)}>{v}</Link> },
            { title: F('customer'), dataIndex: 'customerName' },
            { title: F('orderNo'), dataIndex: 'orderNos', render: (v: string[]) => v.join(', ') },
            { title: F('shipDate'), dataIndex: 'shipDate' },
            { title: F('expectedDate'), dataIndex: 'expectedDate' },
            { title: F('lines'), dataIndex: 'lineCount', align: 'right', render: (v: number) => formatDecimal(v, 0) },
            {
              title: F('packages'),
              dataIndex: 'packageCount',
              align: 'right',
              render: (v: number) => formatDecimal(v, 0),
            },
            { title: F('totalQty'), dataIndex: 'totalQty', align: 'right', render: qty },
            { title: F('carrier'), dataIndex: 'carrier' },
          ]}
        />
      )}
    </Card>
  );
}

/** /supplysee/deliverydetail?id=: the note, its receipt progress, packages, history and the supplier's steps. */
export function DeliveryNoteDetailPage() {
  const { t } = useTranslation();
  const F = useF();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const client = useQueryClient();
  const note = useQuery({ queryKey: noteKeys.detail(id), queryFn: () => deliveryNotesApi.get(id), enabled: !!id });
  // UI.md: quantities by the customer's decimal places, with thousands separators.
  const { fmt } = useNumbers(note.data?.decimalPlaces);
  const qty = (v: string) => fmt(v, 'quantity');
  const act = useMutation({
    mutationFn: (action: DeliveryNoteSupplierAction) => deliveryNotesApi.act(id, action, note.data!.version),
    onSuccess: (d) => {
      client.setQueryData(noteKeys.detail(id), d);
      client.invalidateQueries({ queryKey: noteKeys.all });
      message.success(t('deliveryNotes.done'));
    },
  });
  const d = note.data;
  if (!d) return <Card loading={note.isLoading} />;
  const actions = d.actions.filter((a): a is DeliveryNoteSupplierAction =>
    (DELIVERY_NOTE_SUPPLIER_ACTIONS as readonly string[]).includes(a),
  );
  const reasonOf = (code: string) =>
    (INSPECTION_REASON_CODES as readonly string[]).includes(code) ? t(`receipts.reasons.${code as 'other'}`) : code;
  const ask = (action: DeliveryNoteSupplierAction) =>
    modal.confirm({ title: t(`deliveryNotes.confirm.${action}`), onOk: () => act.mutateAsync(action) });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={
          <Space>
            {d.noteNo}
            <StatusTag machine={deliveryNoteMachine} status={d.status} side="supplier" />
          </Space>
        }
        extra={
          <Space>
            <Button onClick={() => downloadLabels(d.id, d.noteNo).catch((e: Error) => message.error(e.message))}>
              {t('deliveryNotes.actions.printLabels')}
            </Button>
            {DELIVERY_NOTE_EDITABLE_STATUSES.includes(d.status) && (
              <OperationButton
                permission={SUPPLIER}
                onClick={() => navigate(`/delivery/deliverynote/filterlist?id=${d.id}`)}
              >
                {t('deliveryNotes.actions.edit')}
              </OperationButton>
            )}
            {actions.map((a) => (
              <OperationButton
                key={a}
                permission={SUPPLIER}
                danger={a === 'cancel'}
                type={a === 'send' ? 'primary' : 'default'}
                onClick={() => ask(a)}
              >
                {t(`deliveryNotes.actions.${a}`)}
              </OperationButton>
            ))}
          </Space>
        }
      >
        <Descriptions size="small" column={3}>
          <Descriptions.Item label={F('customer')}>{d.customerName}</Descriptions.Item>
          <Descriptions.Item label={F('shipDate')}>{d.shipDate}</Descriptions.Item>
          <Descriptions.Item label={F('expectedDate')}>{d.expectedDate}</Descriptions.Item>
          <Descriptions.Item label={F('carrier')}>{d.carrier}</Descriptions.Item>
          <Descriptions.Item label={F('trackingNo')}>{d.trackingNo}</Descriptions.Item>
          <Descriptions.Item label={F('totalQty')}>{qty(d.totalQty)}</Descriptions.Item>
          <Descriptions.Item label={F('remark')}>{d.remark}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('deliveryNotes.detail.progress')}>
        <Table
          size="small"
          rowKey="id"
          dataSource={d.lines}
          pagination={false}
          scroll={{ x: 1100 }}
          expandable={{
            rowExpandable: (l) => l.inspections.length > 0,
            expandedRowRender: (l) => (
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={l.inspections}
                columns={[
                  { title: '#', dataIndex: 'seq' },
                  { title: F('qualified'), dataIndex: 'qualifiedQty', align: 'right', render: qty },
                  { title: F('unqualified'), dataIndex: 'unqualifiedQty', align: 'right', render: qty },
                  {
                    title: F('reason'),
                    key: 'reason',
                    render: (_, r) => [r.reasonCode && reasonOf(r.reasonCode), r.reason].filter(Boolean).join(' · '),
                  },
                ]}
              />
            ),
          }}
          columns={[
            { title: F('lineNo'), dataIndex: 'lineNo' },
            { title: F('orderNo'), dataIndex: 'orderNo', render: (v, l) => `${v} #${l.orderLineNo}` },
            { title: F('prdtNo'), dataIndex: 'prdtNo' },
            { title: F('prdtName'), dataIndex: 'prdtName' },
            { title: F('qty'), dataIndex: 'qty', align: 'right', render: (v, l) => `${qty(v)} ${l.unitName}` },
            { title: F('batchNo'), dataIndex: 'batchNo' },
            { title: F('dueDate'), dataIndex: 'dueDate', className: 'cell-nowrap' },
            { title: F('received'), dataIndex: 'receivedQty', align: 'right', render: qty },
            { title: F('qualified'), dataIndex: 'qualifiedQty', align: 'right', render: qty },
            { title: F('unqualified'), dataIndex: 'unqualifiedQty', align: 'right', render: qty },
            { title: F('warehoused'), dataIndex: 'warehousedQty', align: 'right', render: qty },
          ]}
        />
      </Card>
      <Card size="small" title={F('packages')}>
        <Table
          size="small"
          rowKey="id"
          dataSource={d.packages}
          pagination={{ pageSize: 20 }}
          columns={[
            { title: F('packageNo'), dataIndex: 'packageNo' },
            { title: F('lineNo'), dataIndex: 'lineNo' },
            { title: F('kind'), dataIndex: 'kind', render: (k) => (k === 2 ? F('large') : F('small')) },
            { title: F('qty'), dataIndex: 'qty', align: 'right', render: qty },
            { title: F('batchNo'), dataIndex: 'batchNo' },
            { title: F('received'), dataIndex: 'receivedAt', render: formatDateTime },
          ]}
        />
      </Card>
      <Card size="small" title={t('deliveryNotes.detail.history')}>
        <DocumentHistory entries={d.history} />
      </Card>
    </Space>
  );
}

/** /supplysee/supplydetail: every line of the supplier's notes, across notes. */
export function SupplyDetailPage() {
  const { fmt } = useNumbers();
  const qty = (v: string) => fmt(v, 'quantity');
  const F = useF();
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<NoteFilter>({});
  const [pageNum, setPageNum] = useState(1);
  const lines = useQuery({
    queryKey: noteKeys.lines(filter, pageNum, 20),
    queryFn: () => deliveryNotesApi.lines(filter, pageNum, 20),
  });
  return (
    <Card size="small">
      <Space style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={`${F('material')} / ${F('orderNo')}`}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Button
          onClick={() => {
            setPageNum(1);
            setFilter({ material: keyword || undefined });
          }}
        >
          {t('deliveryNotes.actions.search')}
        </Button>
      </Space>
      <Table<DeliveryNoteLineListItem>
        size="small"
        rowKey="id"
        loading={lines.isFetching}
        dataSource={lines.data?.dataList ?? []}
        pagination={{ current: pageNum, total: lines.data?.totalCount ?? 0, onChange: setPageNum }}
        scroll={{ x: 1200 }}
        columns={[
          { title: F('noteNo'), dataIndex: 'noteNo', render: (v, r) => <Link to={detailLink(r.noteId)}>{v}</Link> },
          {
            title: F('status'),
            dataIndex: 'noteStatus',
            render: (s: number) => t(`deliveryNotes.groups.${DELIVERY_NOTE_STATUS_NAMES[s]!}`),
          },
          { title: F('customer'), dataIndex: 'customerName' },
          { title: F('orderNo'), dataIndex: 'orderNo' },
          { title: F('prdtNo'), dataIndex: 'prdtNo' },
          { title: F('prdtName'), dataIndex: 'prdtName' },
          { title: F('qty'), dataIndex: 'qty', align: 'right', render: qty },
          { title: F('batchNo'), dataIndex: 'batchNo' },
          { title: F('shipDate'), dataIndex: 'shipDate' },
          { title: F('received'), dataIndex: 'receivedQty', align: 'right', render: qty },
          { title: F('qualified'), dataIndex: 'qualifiedQty', align: 'right', render: qty },
          { title: F('warehoused'), dataIndex: 'warehousedQty', align: 'right', render: qty },
        ]}
      />
    </Card>
  );
}
