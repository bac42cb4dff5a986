import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  NotificationOutlined,
  PlusOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { InventoryReportItem } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Input, Modal, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, saveFile } from '../../api/http.ts';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { DetailGate } from '../../components/DetailGate.tsx';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { usePermission } from '../../components/PermissionGate.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { useDecimalPlaces } from '../basic-data/useDecimalPlaces.ts';
import { ListError, type SearchField, SearchForm } from './parts.tsx';
import { type InventoryFilter, inventoryApi, inventoryKeys, type Side } from './receiving-plans.api.ts';
import { inventoryPaths } from './receiving-plans.paths.ts';

const BUYER = 'PO_SUP';
const SUPPLIER = 'CU_OR_CO';

/**
 * The latest stock report per supplier and material (buyer, /supplier/uploadinventory) or per
 * customer and material (supplier, /customer/inventory).
 */
function InventoryList({ side }: { side: Side }) {
  const { t } = useTranslation();
  // Stock has no order to take places from: the reporter checks it at its own enterprise's quantity
  // places, and each side shows it at its own.
  const { fmt } = useNumbers();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);
  const [importing, setImporting] = useState(false);
  const partners = useQuery({
    queryKey: side === 'buyer' ? inventoryKeys.suppliers : inventoryKeys.customers,
    queryFn: async () =>
      side === 'buyer'
        ? (await inventoryApi.suppliers()).map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}` }))
        : (await inventoryApi.customers()).map((c) => ({ value: c.tenantId, label: c.name })),
  });
  const partnerKey = side === 'buyer' ? 'supplierId' : 'customerTenantId';
  const fields: SearchField[] = [
    {
      name: 'partner',
      label:
        side === 'buyer'
          ? t('receivingPlans.inventory.fields.supplier')
          : t('receivingPlans.inventory.fields.customer'),
      kind: 'select',
      options: partners.data ?? [],
    },
    {
      name: 'material',
      label: t('receivingPlans.common.material'),
      kind: 'text',
      placeholder: t('receivingPlans.common.materialPlaceholder'),
    },
  ];
  const search = useListFilter({
    partner: filterField.at(partnerKey, filterField.value()),
    material: filterField.text(),
  });
  const { page, size, pagination, filtered } = search;
  const filter: InventoryFilter = { [partnerKey]: search.filter.partner, material: search.filter.material };
  const list = useListQuery(
    {
      queryKey: inventoryKeys.list(side, filter, page, size),
      queryFn: () => inventoryApi.list(side, filter, page, size),
    },
    search,
  );
  const primary =
    side === 'buyer' ? (
      <OperationButton
        type="primary"
        permission={BUYER}
        icon={<NotificationOutlined />}
        onClick={() => navigate(inventoryPaths.request)}
      >
        {t('receivingPlans.inventory.ask')}
      </OperationButton>
    ) : (
      <OperationButton type="primary" permission={SUPPLIER} icon={<PlusOutlined />} onClick={() => setSharing(true)}>
        {t('receivingPlans.inventory.share')}
      </OperationButton>
    );
  const allColumns: TableColumnsType<InventoryReportItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'prdtNo',
      title: t('receivingPlans.inventory.fields.prdtNo'),
      dataIndex: 'prdtNo',
      width: 150,
      render: (v: string, r) => (side === 'buyer' ? <Link to={inventoryPaths.detail(r.id)}>{v}</Link> : v),
    },
    {
      key: 'prdtName',
      title: t('receivingPlans.inventory.fields.prdtName'),
      dataIndex: 'prdtName',
      width: 180,
      ellipsis: { showTitle: true },
    },
    side === 'buyer'
      ? {
          key: 'supplier',
          title: t('receivingPlans.inventory.fields.supplier'),
          width: 220,
          ellipsis: { showTitle: true },
          render: (_v, r) => `${r.supCode} ${r.supName}`.trim(),
        }
      : {
          key: 'customer',
          title: t('receivingPlans.inventory.fields.customer'),
          dataIndex: 'customerName',
          width: 200,
          ellipsis: { showTitle: true },
        },
    {
      key: 'qty',
      title: t('receivingPlans.inventory.fields.qty'),
      dataIndex: 'qty',
      width: 130,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    {
      key: 'reportedAt',
      title: t('receivingPlans.inventory.fields.reportedAt'),
      dataIndex: 'reportedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'prdtSpc',
      title: t('receivingPlans.inventory.fields.prdtSpc'),
      dataIndex: 'prdtSpc',
      width: 180,
      ellipsis: { showTitle: true },
    },
    { key: 'unitName', title: t('receivingPlans.common.unit'), dataIndex: 'unitName', width: 70 },
    {
      key: 'remark',
      title: t('receivingPlans.common.remark'),
      dataIndex: 'remark',
      width: 200,
      ellipsis: { showTitle: true },
    },
    { key: 'reportedBy', title: t('receivingPlans.inventory.fields.reportedBy'), dataIndex: 'reportedBy', width: 140 },
    ...(side === 'buyer'
      ? [
          {
            key: 'operation',
            title: t('common.operation'),
            width: 160,
            fixed: 'right' as const,
            render: (_v: unknown, row: InventoryReportItem) => (
              <OperationButton
                type="link"
                size="small"
                readOnly
                onClick={() => navigate(inventoryPaths.detail(row.id))}
              >
                {t('receivingPlans.common.detail')}
              </OperationButton>
            ),
          },
        ]
      : []),
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['prdtNo', 'prdtName', 'supplier', 'customer', 'qty', 'reportedAt'],
  });
  const emptyText = filtered
    ? t('receivingPlans.common.emptyFiltered')
    : side === 'buyer'
      ? t('receivingPlans.inventory.empty')
      : t('receivingPlans.inventory.supplierEmpty');
  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <SearchForm fields={fields} list={search} />
      </ListSearch>
      {list.isError && !list.data ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableToolbar
            left={
              <Space wrap>
                {primary}
                {side === 'supplier' && (
                  <>
                    <OperationButton permission={SUPPLIER} icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                      {t('receivingPlans.inventory.import')}
                    </OperationButton>
                    <Button icon={<DownloadOutlined />} onClick={() => void inventoryApi.template().then(saveFile)}>
                      {t('receivingPlans.inventory.template')}
                    </Button>
                  </>
                )}
              </Space>
            }
            {...chrome.toolbarProps}
            onRefresh={() => void list.refetch()}
            refreshing={list.isFetching}
          />
          <ListTable<InventoryReportItem>
            chrome={chrome}
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.dataList ?? []}
            locale={{ emptyText: <Empty description={emptyText}>{!filtered && primary}</Empty> }}
            pagination={pagination(list.data?.totalCount)}
          />
        </>
      )}
      {side === 'supplier' && <ShareDialog open={sharing} onClose={() => setSharing(false)} />}
      {side === 'supplier' && <ImportDialog open={importing} onClose={() => setImporting(false)} />}
    </Card>
  );
}

export const BuyerInventoryPage = () => <InventoryList side="buyer" />;
export const SupplierInventoryPage = () => <InventoryList side="supplier" />;

function CustomerSelect({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const { t } = useTranslation();
  const customers = useQuery({ queryKey: inventoryKeys.customers, queryFn: inventoryApi.customers });
  return (
    <Select
      value={value}
      onChange={onChange}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('receivingPlans.inventory.form.customerPlaceholder')}
      loading={customers.isPending}
      notFoundContent={<Empty description={t('receivingPlans.inventory.form.noCustomers')} />}
      options={(customers.data ?? []).map((c) => ({ value: c.tenantId, label: c.name }))}
    />
  );
}

function MaterialSelect({
  customerTenantId,
  value,
  onChange,
}: {
  customerTenantId?: string;
  value?: string;
  onChange?: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const materials = useQuery({
    queryKey: inventoryKeys.materials(customerTenantId ?? '', keyword),
    queryFn: () => inventoryApi.materials(customerTenantId!, keyword),
    enabled: !!customerTenantId,
  });
  return (
    <Select
      value={value}
      onChange={onChange}
      disabled={!customerTenantId}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t('receivingPlans.inventory.form.materialPlaceholder')}
      loading={materials.isFetching}
      options={(materials.data ?? []).map((m) => ({
        value: m.materialId,
        label: `${m.prdtNo} ${m.prdtName}${m.supPrdtNo ? ` (${m.supPrdtNo})` : ''}`,
      }))}
    />
  );
}

interface ShareValues {
  customerTenantId?: string;
  lines: { materialId?: string; qty?: string | null; remark?: string }[];
}

/** The supplier shares the stock of some of one customer's materials by form. */
function ShareDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const places = useDecimalPlaces().quantity;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShareValues>();
  const customerTenantId = Form.useWatch('customerTenantId', form);
  const required = { required: true, message: t('receivingPlans.plans.form.required') };
  const creation = useIdempotencyKey();
  const share = useMutation({
    mutationFn: (v: ShareValues) =>
      inventoryApi.create(
        {
          customerTenantId: v.customerTenantId!,
          lines: v.lines.map((l) => ({ materialId: l.materialId!, qty: l.qty!, remark: l.remark ?? '' })),
        },
        creation.key,
      ),
    onSuccess: async (r) => {
      creation.rotate();
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      message.success(t('receivingPlans.inventory.done.shared', { count: r.count }));
      form.resetFields();
      onClose();
    },
    meta: { form },
  });
  const cancel = () => {
    if (!form.isFieldsTouched()) return onClose();
    modal.confirm({
      title: t('receivingPlans.plans.form.unsaved'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => {
        form.resetFields();
        onClose();
      },
    });
  };
  return (
    <Modal
      title={t('receivingPlans.inventory.share')}
      open={open}
      width="50%"
      mask={{ closable: false }}
      onCancel={cancel}
      onOk={() => form.submit()}
      okText={t('receivingPlans.inventory.form.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={share.isPending}
    >
      <Form<ShareValues>
        form={form}
        layout="vertical"
        initialValues={{ lines: [{ qty: null }] }}
        onFinish={(v) => share.mutate(v)}
      >
        <Form.Item name="customerTenantId" label={t('receivingPlans.inventory.form.customer')} rules={[required]}>
          <CustomerSelect />
        </Form.Item>
        <Form.List name="lines">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline" wrap>
                  <Form.Item name={[item.name, 'materialId']} rules={[required]} style={{ width: 250 }}>
                    <MaterialSelect customerTenantId={customerTenantId} />
                  </Form.Item>
                  <Form.Item name={[item.name, 'qty']} rules={[required]}>
                    <DecimalInput
                      places={places}
                      min="0"
                      placeholder={t('receivingPlans.inventory.fields.qty')}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'remark']}>
                    <Input maxLength={500} placeholder={t('receivingPlans.common.remark')} style={{ width: 150 }} />
                  </Form.Item>
                  {items.length > 1 && (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('receivingPlans.plans.form.removeDelivery')}
                      onClick={() => remove(item.name)}
                    />
                  )}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ qty: null })}>
                {t('receivingPlans.inventory.form.addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

type RowProblem = { row: number; column: string; reason: string };

/** All or nothing: the file's every bad row is listed and nothing is stored. */
function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [customerTenantId, setCustomer] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const run = useMutation({
    mutationFn: () => inventoryApi.importFile(customerTenantId!, file!),
    meta: { silent: true },
    onSuccess: async (r) => {
      await queryClient.invalidateQueries({ queryKey: inventoryKeys.all });
      message.success(t('receivingPlans.inventory.done.imported', { count: r.count }));
      setFile(null);
      setProblems([]);
      onClose();
    },
    onError: (e) => {
      const rows = e instanceof ApiError && Array.isArray(e.data) ? (e.data as RowProblem[]) : [];
      setProblems(rows);
      if (!rows.length) message.error((e as Error).message);
    },
  });
  return (
    <Modal
      title={t('receivingPlans.inventory.import')}
      open={open}
      width={500}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => run.mutate()}
      okButtonProps={{ disabled: !customerTenantId || !file }}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={run.isPending}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <CustomerSelect value={customerTenantId} onChange={setCustomer} />
        <Upload
          accept=".xlsx"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setProblems([]);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
        >
          <Button icon={<UploadOutlined />}>{t('receivingPlans.inventory.import')}</Button>
        </Upload>
        {problems.length > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('receivingPlans.inventory.importErrors')}
            description={
              <ul style={{ margin: 0, paddingLeft: 16, maxHeight: 200, overflow: 'auto' }}>
                {problems.slice(0, 100).map((p) => (
                  <li key={`${p.row}-${p.column}`}>{t('receivingPlans.inventory.importRow', p)}</li>
                ))}
              </ul>
            }
          />
        )}
      </Space>
    </Modal>
  );
}

/** /supplier/uploadinventory/detail?id= (PO_SUP): one supplier's stock of one material, and its earlier reports. */
export function InventoryDetailPage() {
  const { t } = useTranslation();
  const { fmt } = useNumbers();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useQuery({ queryKey: inventoryKeys.detail(id), queryFn: () => inventoryApi.get(id), enabled: !!id });
  const columns: TableColumnsType<InventoryReportItem> = [
    {
      key: 'reportedAt',
      title: t('receivingPlans.inventory.fields.reportedAt'),
      dataIndex: 'reportedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'qty',
      title: t('receivingPlans.inventory.fields.qty'),
      dataIndex: 'qty',
      width: 130,
      align: 'right',
      render: (v: string) => fmt(v, 'quantity'),
    },
    { key: 'remark', title: t('receivingPlans.common.remark'), dataIndex: 'remark' },
    { key: 'reportedBy', title: t('receivingPlans.inventory.fields.reportedBy'), dataIndex: 'reportedBy', width: 140 },
  ];
  return (
    <DetailGate query={query} back={inventoryPaths.buyerList}>
      {(r) => (
        <>
          <Card
            className="page-card"
            title={`${r.prdtNo} ${r.prdtName}`}
            extra={
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(inventoryPaths.buyerList)}>
                {t('receivingPlans.common.back')}
              </Button>
            }
          >
            <Descriptions
              size="small"
              bordered
              column={{ xs: 1, md: 2, xl: 3 }}
              title={t('receivingPlans.inventory.detail.current')}
            >
              <Descriptions.Item label={t('receivingPlans.inventory.fields.supplier')}>
                {`${r.supCode} ${r.supName}`.trim()}
              </Descriptions.Item>
              <Descriptions.Item label={t('receivingPlans.inventory.fields.prdtSpc')}>
                {r.prdtSpc || '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('receivingPlans.common.unit')}>{r.unitName || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('receivingPlans.inventory.fields.qty')}>
                {fmt(r.qty, 'quantity')}
              </Descriptions.Item>
              <Descriptions.Item label={t('receivingPlans.inventory.fields.reportedAt')}>
                {formatDateTime(r.reportedAt)}
              </Descriptions.Item>
              <Descriptions.Item label={t('receivingPlans.inventory.fields.reportedBy')}>
                {r.reportedBy}
              </Descriptions.Item>
              <Descriptions.Item label={t('receivingPlans.common.remark')} span={3}>
                {r.remark || '—'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <Card className="page-card" title={t('receivingPlans.inventory.detail.history')}>
            <Table<InventoryReportItem>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={r.history}
              pagination={false}
              locale={{ emptyText: <Empty description={t('receivingPlans.inventory.detail.noHistory')} /> }}
            />
          </Card>
        </>
      )}
    </DetailGate>
  );
}

/** /supplier/uploadinventory/newannounce (PO_SUP): ask suppliers to share their stock of our materials. */
export function InventoryRequestPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const allowed = usePermission(BUYER);
  const [form] = Form.useForm<{ supplierIds: string[]; message: string }>();
  const suppliers = useQuery({ queryKey: inventoryKeys.suppliers, queryFn: inventoryApi.suppliers });
  const send = useMutation({
    mutationFn: (v: { supplierIds: string[]; message: string }) => inventoryApi.request(v),
    onSuccess: (r) => {
      message.success(t('receivingPlans.inventory.request.sent', { count: r.count }));
      navigate(inventoryPaths.buyerList);
    },
    meta: { form },
  });
  return (
    <Card
      className="page-card"
      title={t('receivingPlans.inventory.ask')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(inventoryPaths.buyerList)}>
          {t('receivingPlans.common.back')}
        </Button>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16, maxWidth: 760 }}
        title={t('receivingPlans.inventory.request.hint')}
      />
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 760 }}
        disabled={!allowed}
        onFinish={(v) => send.mutate(v)}
      >
        <Form.Item
          name="supplierIds"
          label={t('receivingPlans.inventory.request.suppliers')}
          rules={[{ required: true, message: t('receivingPlans.common.selectAtLeastOne') }]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={suppliers.isPending}
            options={(suppliers.data ?? []).map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}` }))}
          />
        </Form.Item>
        <Form.Item name="message" label={t('receivingPlans.inventory.request.message')} initialValue="">
          <Input.TextArea
            rows={3}
            maxLength={1000}
            placeholder={t('receivingPlans.inventory.request.messagePlaceholder')}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
          {t('receivingPlans.inventory.request.send')}
        </Button>
      </Form>
    </Card>
  );
}
