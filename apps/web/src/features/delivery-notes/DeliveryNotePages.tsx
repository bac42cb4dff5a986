import {
  DELIVERY_NOTE_EDITABLE_STATUSES,
  DELIVERY_NOTE_STATUS_NAMES,
  DELIVERY_NOTE_SUPPLIER_ACTIONS,
  type DeliverableLine,
  type DeliveryNoteLine,
  type DeliveryNoteLineListItem,
  type DeliveryNoteListItem,
  type DeliveryNoteSupplierAction,
  deliveryNoteMachine,
  formatDecimal,
  INSPECTION_REASON_CODES,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Descriptions, Form, Input, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DocumentHistory } from '../../components/DocumentHistory.tsx';
import { DETAIL_DESCRIPTIONS } from '../../components/detailLayout.ts';
import { LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { buyerZoneFormat, formatDateTime } from '../../lib/dates.ts';
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
  const search = useListFilter({ keyword: filterField.text() }, { keep: ['size', 'group'] });
  const { page, size, pagination } = search;
  const group = GROUPS.find((g) => g === search.get('group')) ?? 'notSent';
  const keyword = search.filter.keyword;
  const status = DELIVERY_NOTE_STATUS_NAMES.indexOf(group as never);
  const noteFilter: NoteFilter = { noteNo: keyword, statuses: status >= 0 ? [status] : undefined };
  const openFilter: NoteFilter = { orderNo: keyword };
  const notes = useListQuery(
    {
      queryKey: noteKeys.list(noteFilter, page, size),
      queryFn: () => deliveryNotesApi.list(noteFilter, page, size),
      enabled: group !== 'notGenerated',
    },
    search,
  );
  const open = useListQuery(
    {
      queryKey: noteKeys.deliverable(openFilter, page, size),
      queryFn: () => deliveryNotesApi.deliverable(openFilter, page, size),
      enabled: group === 'notGenerated',
    },
    search,
  );
  const openColumns: TableColumnsType<DeliverableLine> = [
    { key: 'orderNo', title: F('orderNo'), dataIndex: 'orderNo', width: 150 },
    { key: 'customer', title: F('customer'), dataIndex: 'customerName', width: 200, ellipsis: { showTitle: true } },
    { key: 'lineNo', title: F('lineNo'), dataIndex: 'orderLineNo', width: 70, align: 'right' },
    { key: 'plan', title: F('plan'), dataIndex: 'planNo', width: 150 },
    { key: 'prdtNo', title: F('prdtNo'), dataIndex: 'prdtNo', width: 140 },
    { key: 'prdtName', title: F('prdtName'), dataIndex: 'prdtName', width: 180, ellipsis: { showTitle: true } },
    { key: 'dueDate', title: F('dueDate'), dataIndex: 'dueDate', width: 110 },
    { key: 'qty', title: F('qty'), dataIndex: 'qty', width: 120, align: 'right', render: (v, l) => lineQty(l, v) },
    {
      key: 'openQty',
      title: F('openQty'),
      dataIndex: 'openQty',
      width: 120,
      align: 'right',
      render: (v, l) => lineQty(l, v),
    },
  ];
  const noteColumns: TableColumnsType<DeliveryNoteListItem> = [
    {
      key: 'noteNo',
      title: F('noteNo'),
      dataIndex: 'noteNo',
      width: 160,
      render: (v, r) => <Link to={detailLink(r.id)}>{v}</Link>,
    },
    { key: 'customer', title: F('customer'), dataIndex: 'customerName', width: 200, ellipsis: { showTitle: true } },
    {
      key: 'status',
      title: F('status'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <StatusTag machine={deliveryNoteMachine} status={s} side="supplier" />,
    },
    { key: 'shipDate', title: F('shipDate'), dataIndex: 'shipDate', width: 110 },
    { key: 'expectedDate', title: F('expectedDate'), dataIndex: 'expectedDate', width: 110 },
    { key: 'totalQty', title: F('totalQty'), dataIndex: 'totalQty', width: 120, align: 'right', render: qty },
    {
      key: 'orderNos',
      title: F('orderNo'),
      dataIndex: 'orderNos',
      width: 180,
      ellipsis: { showTitle: true },
      render: (v: string[]) => v.join(', '),
    },
    {
      key: 'lineCount',
      title: F('lines'),
      dataIndex: 'lineCount',
      width: 70,
      align: 'right',
      render: (v: number) => formatDecimal(v, 0),
    },
    {
      key: 'packageCount',
      title: F('packages'),
      dataIndex: 'packageCount',
      width: 90,
      align: 'right',
      render: (v: number) => formatDecimal(v, 0),
    },
    { key: 'carrier', title: F('carrier'), dataIndex: 'carrier', width: 120 },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, r) => (
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(detailLink(r.id))}>
          {t('deliveryNotes.actions.detail')}
        </OperationButton>
      ),
    },
  ];
  const openChrome = useListChrome(openColumns, {
    mustSee: ['orderNo', 'customer', 'prdtNo', 'prdtName', 'dueDate', 'openQty'],
    id: 'notGenerated',
  });
  const noteChrome = useListChrome(noteColumns, {
    mustSee: ['noteNo', 'customer', 'orderNos', 'shipDate', 'totalQty', 'status'],
  });
  const chrome = group === 'notGenerated' ? openChrome : noteChrome;
  const active = group === 'notGenerated' ? open : notes;
  return (
    <Card size="small">
      <ListSearch chrome={chrome}>
        <Form
          form={search.form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={search.initialValues}
          onFinish={search.search}
        >
          <Form.Item name="keyword">
            <Input
              allowClear
              aria-label={`${F('noteNo')} / ${F('orderNo')}`}
              placeholder={`${F('noteNo')} / ${F('orderNo')}`}
              style={{ width: 220 }}
            />
          </Form.Item>
          <SearchActions onReset={search.clear} />
        </Form>
      </ListSearch>
      <Tabs
        activeKey={group}
        onChange={(k) => search.update({ group: k === 'notSent' ? undefined : k })}
        items={GROUPS.map((g) => ({ key: g, label: t(`deliveryNotes.groups.${g}`) }))}
      />
      <TableToolbar
        left={
          <OperationButton
            permission={SUPPLIER}
            type="primary"
            onClick={() => navigate('/delivery/deliverynote/filterlist')}
          >
            {t('deliveryNotes.actions.newNote')}
          </OperationButton>
        }
        {...chrome.toolbarProps}
        onRefresh={() => void active.refetch()}
        refreshing={active.isFetching}
      />
      {group === 'notGenerated' ? (
        <ListTable<DeliverableLine>
          chrome={openChrome}
          rowKey={(l) => l.planLineId ?? l.orderLineId}
          loading={open.isFetching}
          dataSource={open.data?.dataList ?? []}
          pagination={pagination(open.data?.totalCount)}
        />
      ) : (
        <ListTable<DeliveryNoteListItem>
          chrome={noteChrome}
          rowKey="id"
          loading={notes.isFetching}
          dataSource={notes.data?.dataList ?? []}
          pagination={pagination(notes.data?.totalCount)}
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
        <Descriptions size="small" column={{ xs: 1, md: 2, lg: 3 }} {...DETAIL_DESCRIPTIONS}>
          <Descriptions.Item label={F('customer')}>{d.customerName}</Descriptions.Item>
          <Descriptions.Item label={F('shipDate')}>
            {buyerZoneFormat(d.buyerTimeZone).date(d.shipDate)}
          </Descriptions.Item>
          <Descriptions.Item label={F('expectedDate')}>
            {buyerZoneFormat(d.buyerTimeZone).date(d.expectedDate)}
          </Descriptions.Item>
          <Descriptions.Item label={F('carrier')}>{d.carrier}</Descriptions.Item>
          <Descriptions.Item label={F('trackingNo')}>{d.trackingNo}</Descriptions.Item>
          <Descriptions.Item label={F('totalQty')}>{qty(d.totalQty)}</Descriptions.Item>
          <Descriptions.Item label={F('remark')}>{d.remark}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('deliveryNotes.detail.progress')}>
        <LineTable<DeliveryNoteLine>
          id="delivery-note-lines"
          rowKey="id"
          dataSource={d.lines}
          // The batch is printed on the labels; it waits behind the column settings.
          optional={['batchNo']}
          cardTitle={['lineNo', 'material']}
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
          // Must-see (UI.md): the material, what was shipped against which order line and when it is
          // due, and the customer's answer: received, qualified, rejected, warehoused.
          columns={[
            { key: 'lineNo', title: F('lineNo'), dataIndex: 'lineNo', width: 50, align: 'right' },
            {
              key: 'material',
              title: F('material'),
              width: 180,
              ellipsis: { showTitle: true },
              render: (_, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
            },
            {
              key: 'orderNo',
              title: F('orderNo'),
              dataIndex: 'orderNo',
              width: 150,
              render: (v, l) => `${v} #${l.orderLineNo}`,
            },
            {
              key: 'qty',
              title: F('qty'),
              dataIndex: 'qty',
              width: 130,
              align: 'right',
              render: (v, l) => <QtyWithUnit qty={qty(v)} unit={l.unitName} />,
            },
            { key: 'dueDate', title: F('dueDate'), dataIndex: 'dueDate', width: 100 },
            { key: 'batchNo', title: F('batchNo'), dataIndex: 'batchNo', width: 110 },
            ...(
              [
                ['receivedQty', 'received'],
                ['qualifiedQty', 'qualified'],
                ['unqualifiedQty', 'unqualified'],
                ['warehousedQty', 'warehoused'],
              ] as const
            ).map(([k, title]) => ({
              key: k,
              title: F(title),
              dataIndex: k,
              width: 96,
              align: 'right' as const,
              render: qty,
            })),
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
      <LineTable<DeliveryNoteLineListItem>
        id="supply-lines"
        rowKey="id"
        loading={lines.isFetching}
        dataSource={lines.data?.dataList ?? []}
        pagination={{ current: pageNum, total: lines.data?.totalCount ?? 0, onChange: setPageNum }}
        optional={['orderNo', 'batchNo']}
        cardTitle={['noteNo', 'material']}
        // Must-see (UI.md): which note to whom, the material and quantity, the ship date and the
        // customer's answer (received, qualified, warehoused); the order and batch on demand.
        columns={[
          {
            key: 'noteNo',
            title: F('noteNo'),
            dataIndex: 'noteNo',
            width: 140,
            render: (v, r) => <Link to={detailLink(r.noteId)}>{v}</Link>,
          },
          {
            key: 'status',
            title: F('status'),
            dataIndex: 'noteStatus',
            width: 90,
            render: (s: number) => t(`deliveryNotes.groups.${DELIVERY_NOTE_STATUS_NAMES[s]!}`),
          },
          {
            key: 'customer',
            title: F('customer'),
            dataIndex: 'customerName',
            width: 140,
            ellipsis: { showTitle: true },
          },
          { key: 'orderNo', title: F('orderNo'), dataIndex: 'orderNo', width: 140 },
          {
            key: 'material',
            title: F('material'),
            width: 180,
            ellipsis: { showTitle: true },
            render: (_, r) => `${r.prdtNo} ${r.prdtName}`.trim(),
          },
          { key: 'qty', title: F('qty'), dataIndex: 'qty', width: 100, align: 'right', render: qty },
          { key: 'batchNo', title: F('batchNo'), dataIndex: 'batchNo', width: 110 },
          { key: 'shipDate', title: F('shipDate'), dataIndex: 'shipDate', width: 100 },
          { key: 'received', title: F('received'), dataIndex: 'receivedQty', width: 90, align: 'right', render: qty },
          {
            key: 'qualified',
            title: F('qualified'),
            dataIndex: 'qualifiedQty',
            width: 90,
            align: 'right',
            render: qty,
          },
          {
            key: 'warehoused',
            title: F('warehoused'),
            dataIndex: 'warehousedQty',
            width: 90,
            align: 'right',
            render: qty,
          },
        ]}
      />
    </Card>
  );
}
