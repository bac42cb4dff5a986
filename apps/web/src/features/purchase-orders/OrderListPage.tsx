import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  PURCHASE_ORDER_STATUS,
  PURCHASE_ORDER_STATUS_NAMES,
  type PurchaseOrderListItem,
  type PurchaseOrderSide,
  purchaseOrderMachine,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, DatePicker, Empty, Form, Input, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { saveFile } from '../../api/http.ts';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { DATE_FORMAT, formatDate, formatDateTime } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { ImportOrdersDialog } from './ImportOrdersDialog.tsx';
import { RevisionTag, useOrderOptions, useRefreshOnPush } from './OrderParts.tsx';
import { newOrderPath, type OrderFilter, orderKeys, orderPath, ordersApi } from './purchase-orders.api.ts';

/** The filter as the URL holds it (UI.md: a link or a refresh keeps it). */
function useOrderFilter(side: PurchaseOrderSide) {
  const partnerKey = side === 'buyer' ? 'supplierId' : 'customerTenantId';
  const list = useListFilter({
    orderNo: filterField.text(),
    material: filterField.text(),
    statuses: filterField.at('status', filterField.codes(PURCHASE_ORDER_STATUS_NAMES)),
    partner: filterField.at(partnerKey, filterField.value()),
    dates: filterField.dateRange('dateFrom', 'dateTo'),
  });
  const { orderNo, material, statuses, partner, dates } = list.filter;
  const filter: OrderFilter = {
    orderNo,
    material,
    statuses,
    [partnerKey]: partner,
    dateFrom: dates?.from,
    dateTo: dates?.to,
  };
  return { ...list, filter };
}

function OrderSearch({ side, list }: { side: PurchaseOrderSide; list: ReturnType<typeof useOrderFilter> }) {
  const { t } = useTranslation();
  const options = useOrderOptions();
  const partners =
    side === 'buyer'
      ? (options.data?.suppliers ?? []).map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}` }))
      : (options.data?.customers ?? []).map((c) => ({ value: c.tenantId, label: c.name }));
  return (
    <Form
      form={list.form}
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      initialValues={list.initialValues}
      onFinish={list.search}
    >
      <Form.Item name="orderNo" label={t('purchaseOrders.filter.orderNo')}>
        <Input allowClear placeholder={t('purchaseOrders.filter.orderNoPlaceholder')} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="material" label={t('purchaseOrders.filter.material')}>
        <Input allowClear placeholder={t('purchaseOrders.filter.materialPlaceholder')} style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="statuses" label={t('purchaseOrders.fields.status')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 200 }}
          options={PURCHASE_ORDER_STATUS_NAMES.map((name, code) => ({
            value: code,
            label: t(`purchaseOrders.statuses.${name}`),
          })).filter((o) => side === 'buyer' || o.value !== PURCHASE_ORDER_STATUS.DRAFT)}
        />
      </Form.Item>
      <Form.Item
        name="partner"
        label={side === 'buyer' ? t('purchaseOrders.fields.supplier') : t('purchaseOrders.fields.customer')}
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={options.isLoading}
          style={{ width: 220 }}
          options={partners}
        />
      </Form.Item>
      <Form.Item name="dates" label={t('purchaseOrders.filter.date')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          format={DATE_FORMAT}
          placeholder={[t('purchaseOrders.filter.from'), t('purchaseOrders.filter.to')]}
        />
      </Form.Item>
      <SearchActions onReset={list.clear} />
    </Form>
  );
}

/** The order list of both sides: the buyer's purchase orders or the supplier's customer orders. */
function OrderList({ side }: { side: PurchaseOrderSide }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const search = useOrderFilter(side);
  const { page, size, pagination, filter, filtered } = search;
  useRefreshOnPush();
  const list = useListQuery(
    { queryKey: orderKeys.list(side, filter, page, size), queryFn: () => ordersApi.list(side, filter, page, size) },
    search,
  );
  // The supplier confirms every waiting line of an order from the list too (a salesperson on a phone).
  const confirmAll = useMutation({
    mutationFn: (order: PurchaseOrderListItem) => ordersApi.act(order.id, 'confirm', { all: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      message.success(t('purchaseOrders.done.action'));
    },
  });
  const askConfirmAll = (order: PurchaseOrderListItem) =>
    modal.confirm({
      title: t('purchaseOrders.confirm.confirmAll'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => confirmAll.mutateAsync(order),
    });
  const allColumns: TableColumnsType<PurchaseOrderListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'orderNo',
      title: t('purchaseOrders.fields.orderNo'),
      dataIndex: 'orderNo',
      width: 160,
      render: (no: string, row) => (
        // The revision wraps under the number rather than under the next column.
        <Space size={4} wrap>
          <Link to={orderPath(side, row.id)}>{no}</Link>
          <RevisionTag revision={row.revision} />
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('purchaseOrders.fields.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: number) => <StatusTag machine={purchaseOrderMachine} status={s} />,
    },
    side === 'buyer'
      ? {
          key: 'supplier',
          title: t('purchaseOrders.fields.supplier'),
          width: 240,
          ellipsis: { showTitle: true },
          render: (_v, r) => `${r.supCode} ${r.supName}`,
        }
      : {
          key: 'customer',
          title: t('purchaseOrders.fields.customer'),
          dataIndex: 'customerName',
          width: 240,
          ellipsis: { showTitle: true },
        },
    {
      key: 'orderDate',
      title: t('purchaseOrders.fields.orderDate'),
      dataIndex: 'orderDate',
      width: 110,
      render: formatDate,
    },
    {
      key: 'lineCount',
      title: t('purchaseOrders.fields.lineCount'),
      dataIndex: 'lineCount',
      width: 80,
      align: 'right',
    },
    {
      key: 'totalAmount',
      title: t('purchaseOrders.fields.totalAmount'),
      dataIndex: 'totalAmount',
      width: 140,
      align: 'right',
      render: (v: string, row) => numberFormat(row.decimalPlaces).fmt(v, 'amount'),
    },
    { key: 'currency', title: t('purchaseOrders.fields.currency'), dataIndex: 'currency', width: 80 },
    {
      key: 'paymentTerms',
      title: t('purchaseOrders.fields.paymentTerms'),
      dataIndex: 'paymentTerms',
      width: 160,
      ellipsis: { showTitle: true },
    },
    ...(side === 'buyer'
      ? [{ key: 'owner', title: t('purchaseOrders.fields.owner'), dataIndex: 'ownerName', width: 140 }]
      : []),
    {
      key: 'sentAt',
      title: t('purchaseOrders.fields.sentAt'),
      dataIndex: 'sentAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'createdAt',
      title: t('purchaseOrders.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} wrap>
          <OperationButton type="link" size="small" readOnly onClick={() => navigate(orderPath(side, row.id))}>
            {t('purchaseOrders.actions.detail')}
          </OperationButton>
          {side === 'supplier' && (
            <OperationButton<PurchaseOrderListItem>
              type="link"
              size="small"
              permission="CU_OR_CO"
              row={row}
              visible={(o) => purchaseOrderMachine.available('supplier', o.status, () => true).includes('confirm')}
              loading={confirmAll.isPending && confirmAll.variables?.id === row.id}
              onClick={() => askConfirmAll(row)}
            >
              {t('purchaseOrders.actions.confirmAll')}
            </OperationButton>
          )}
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['orderNo', 'supplier', 'customer', 'totalAmount', 'orderDate', 'status'],
  });
  const exportFile = async () => {
    setExporting(true);
    try {
      saveFile(await ordersApi.export(side, filter));
    } catch (err) {
      message.error((err as Error).message);
    } finally {
      setExporting(false);
    }
  };
  const createButton = (
    <OperationButton
      type="primary"
      permission="CG_TG_SURE"
      icon={<PlusOutlined />}
      onClick={() => navigate(newOrderPath())}
    >
      {t('purchaseOrders.actions.create')}
    </OperationButton>
  );
  if (list.isError && !list.data) {
    return (
      <Result
        status="error"
        title={(list.error as Error).message}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const emptyText = filtered
    ? t('purchaseOrders.list.emptyFiltered')
    : side === 'buyer'
      ? t('purchaseOrders.list.empty')
      : t('purchaseOrders.list.receivedEmpty');
  return (
    <>
      <ListSearch chrome={chrome}>
        <OrderSearch side={side} list={search} />
      </ListSearch>
      <TableToolbar
        left={
          <Space wrap>
            {side === 'buyer' && createButton}
            {side === 'buyer' && (
              <OperationButton permission="CG_TG_SURE" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                {t('purchaseOrders.actions.import')}
              </OperationButton>
            )}
            <OperationButton readOnly icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportFile()}>
              {t('purchaseOrders.actions.export')}
            </OperationButton>
          </Space>
        }
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<PurchaseOrderListItem>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{ emptyText: <Empty description={emptyText}>{!filtered && side === 'buyer' && createButton}</Empty> }}
        pagination={pagination(list.data?.totalCount)}
      />
      {side === 'buyer' && <ImportOrdersDialog open={importing} onClose={() => setImporting(false)} />}
    </>
  );
}

/** /procurementConsignment/order (CG_TG_SURE). */
export function PurchaseOrdersPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('purchaseOrders.title.buyer')}>
      <OrderList side="buyer" />
    </Card>
  );
}

/** /customer/order (CU_OR_CO). */
export function CustomerOrdersPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('purchaseOrders.title.supplier')}>
      <OrderList side="supplier" />
    </Card>
  );
}
