import { ArrowLeftOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  compareDecimals,
  type MaterialDrawing,
  type MaterialSupplier,
  type QualificationRequirement,
  sumDecimals,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Result,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, fileUrl } from '../../api/http.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { OperationButton, useOperationState } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { materialStatuses } from '../../components/statusStyles.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { type MaterialOperation, materialFormPath, materialKeys, materialsApi } from './materials.api.ts';
import { useMaterialPlaces, YesNo } from './parts.tsx';

const PERMISSION = 'CF_BAS';
const LIST_PATH = '/basicdatasetting/materialfile';

/** /basicdatasetting/materialfile/detail?id=: the tabs of spec §3 plus the approved suppliers. */
export function MaterialDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { fmt: format, rate } = useNumbers();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tab = params.get('tab') ?? 'details';
  const material = useQuery({ queryKey: materialKeys.detail(id), queryFn: () => materialsApi.get(id), enabled: !!id });

  if (!id || material.isError) {
    // A link without an id names no material, as one the server does not know.
    const missing = !id || (material.error instanceof ApiError && material.error.status === 404);
    return (
      <Card className="page-card">
        <Result
          status={missing ? '404' : 'error'}
          title={missing ? t('materials.detail.notFound') : material.error?.message}
          extra={
            <Space>
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(LIST_PATH)}>
                {t('materials.detail.back')}
              </Button>
              {!missing && <Button onClick={() => void material.refetch()}>{t('common.retry')}</Button>}
            </Space>
          }
        />
      </Card>
    );
  }
  const m = material.data;
  if (!m) {
    return (
      <Card className="page-card">
        <Skeleton active />
      </Card>
    );
  }
  const dash = (v: string | null | undefined) => v || '—';
  return (
    <Card
      className="page-card"
      title={
        <Space>
          {m.prdtNo} {m.prdtName}
          <StatusTag machine={materialStatuses} status={m.status} />
        </Space>
      }
      extra={
        <OperationButton
          permission={PERMISSION}
          icon={<EditOutlined />}
          onClick={() => navigate(materialFormPath(m.id))}
        >
          {t('common.edit')}
        </OperationButton>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams((p) => ({ ...Object.fromEntries(p), tab: key }), { replace: true })}
        items={[
          {
            key: 'details',
            label: t('materials.tabs.details'),
            children: (
              <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
                <Descriptions.Item label={t('materials.fields.prdtNo')}>{m.prdtNo}</Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.prdtName')}>{m.prdtName}</Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.prdtSpc')}>{dash(m.prdtSpc)}</Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.englishName')}>{dash(m.englishName)}</Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.classId')}>
                  {m.classCode ? `${m.classCode} ${m.className}` : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.erpClassCode')}>{dash(m.erpClassCode)}</Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.poUnitNo')}>{m.poUnitName}</Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.valuationUnitNo')}>
                  {m.valuationUnitName}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.poLeadDateNum')}>{m.poLeadDateNum}</Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.isCheck')}>
                  <YesNo value={m.isCheck} />
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.warehouseId')}>
                  {m.warehouseCode ? `${m.warehouseCode} ${m.warehouseName}` : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.taxRateCode')}>
                  {m.taxRateCode ? `${m.taxRateCode} (${m.taxRate === null ? '—' : rate(m.taxRate)})` : '—'}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.minOrderQty')}>
                  {format(m.minOrderQty, 'quantity')}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.minPackQty')}>
                  {format(m.minPackQty, 'quantity')}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.orderOverRate')}>
                  {rate(m.orderOverRate)}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.updatedAt')}>
                  {formatDateTime(m.updatedAt)}
                </Descriptions.Item>
                <Descriptions.Item label={t('materials.fields.remarks')} span={2}>
                  {dash(m.remarks)}
                </Descriptions.Item>
              </Descriptions>
            ),
          },
          { key: 'drawings', label: t('materials.tabs.drawings'), children: <DrawingsTab materialId={m.id} /> },
          { key: 'suppliers', label: t('materials.tabs.suppliers'), children: <SuppliersTab materialId={m.id} /> },
          {
            key: 'qualifications',
            label: t('materials.tabs.qualifications'),
            children: <QualificationsTab materialId={m.id} />,
          },
          { key: 'operations', label: t('materials.tabs.operations'), children: <OperationsTab materialId={m.id} /> },
        ]}
      />
    </Card>
  );
}

function QueryError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={(error as Error).message}
      extra={<Button onClick={retry}>{t('common.retry')}</Button>}
    />
  );
}

// ---------------------------------------------------------------------------------------------

interface DrawingValues {
  drawingNo: string;
  drawingName: string;
  remarks?: string;
}

function DrawingsTab({ materialId }: { materialId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<{ name: string; url: string }[]>([]);
  const [form] = Form.useForm<DrawingValues>();
  const drawings = useQuery({
    queryKey: materialKeys.drawings(materialId),
    queryFn: () => materialsApi.drawings(materialId),
  });
  const publish = useMutation({
    mutationFn: (v: DrawingValues) =>
      materialsApi.publishDrawing(materialId, { ...v, remarks: v.remarks ?? '', attachments: files }),
    onSuccess: (d) => {
      message.success(t('materials.drawings.published', { drawingNo: d.drawingNo, version: d.drawingVersion }));
      void queryClient.invalidateQueries({ queryKey: materialKeys.drawings(materialId) });
      void queryClient.invalidateQueries({ queryKey: materialKeys.operations(materialId) });
      setOpen(false);
    },
    meta: { form },
  });
  const openPublish = (drawingNo?: string, drawingName?: string) => {
    form.setFieldsValue({ drawingNo, drawingName, remarks: '' });
    setFiles([]);
    setOpen(true);
  };
  if (drawings.isError) return <QueryError error={drawings.error} retry={() => void drawings.refetch()} />;
  const publishButton = (
    <OperationButton permission={PERMISSION} type="primary" icon={<PlusOutlined />} onClick={() => openPublish()}>
      {t('materials.drawings.publish')}
    </OperationButton>
  );
  return (
    <>
      <div style={{ marginBottom: 12 }}>{publishButton}</div>
      <Table<MaterialDrawing>
        rowKey="id"
        size="small"
        loading={drawings.isFetching}
        dataSource={drawings.data ?? []}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty description={t('materials.drawings.empty')} /> }}
        columns={[
          { key: 'drawingNo', title: t('materials.drawings.drawingNo'), dataIndex: 'drawingNo', width: 140 },
          { key: 'drawingName', title: t('materials.drawings.drawingName'), dataIndex: 'drawingName', width: 200 },
          {
            key: 'version',
            title: t('materials.drawings.version'),
            dataIndex: 'drawingVersion',
            width: 80,
            align: 'right',
          },
          {
            key: 'attachments',
            title: t('materials.drawings.attachments'),
            dataIndex: 'attachments',
            width: 220,
            render: (files: MaterialDrawing['attachments']) => (
              <Space direction="vertical" size={0}>
                {files.map((f) => (
                  <a key={f.url} href={fileUrl(f.url)} target="_blank" rel="noreferrer">
                    {f.name}
                  </a>
                ))}
              </Space>
            ),
          },
          {
            key: 'isItValid',
            title: t('materials.drawings.isItValid'),
            dataIndex: 'isItValid',
            width: 100,
            render: (v: boolean) =>
              v ? (
                <Tag color="green">{t('materials.drawings.valid')}</Tag>
              ) : (
                <Tag>{t('materials.drawings.invalid')}</Tag>
              ),
          },
          {
            key: 'publishTime',
            title: t('materials.drawings.publishTime'),
            dataIndex: 'publishTime',
            width: 170,
            render: formatDateTime,
          },
          { key: 'publishUser', title: t('materials.drawings.publishUser'), dataIndex: 'publishUser', width: 120 },
          {
            key: 'operation',
            title: t('common.operation'),
            width: 160,
            fixed: 'right',
            render: (_v, d) => (
              <OperationButton
                type="link"
                size="small"
                permission={PERMISSION}
                row={d}
                visible={(r) => r.isItValid}
                onClick={() => openPublish(d.drawingNo, d.drawingName)}
              >
                {t('materials.drawings.publish')}
              </OperationButton>
            ),
          },
        ]}
      />
      <Modal
        title={t('materials.drawings.publish')}
        open={open}
        width={500}
        mask={{ closable: false }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        okButtonProps={{ disabled: files.length === 0 }}
        confirmLoading={publish.isPending}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('materials.drawings.publishHint')} />
        <Form form={form} layout="vertical" onFinish={(v) => publish.mutate(v)}>
          <Form.Item name="drawingNo" label={t('materials.drawings.drawingNo')} rules={[requiredRule(locale)]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="drawingName" label={t('materials.drawings.drawingName')} rules={[requiredRule(locale)]}>
            <Input maxLength={128} />
          </Form.Item>
          <Form.Item label={t('materials.drawings.attachments')} required>
            <Upload
              accept=".pdf,.png,.jpg,.jpeg,.zip"
              maxCount={10}
              fileList={files.map((f) => ({ uid: f.url, name: f.name, status: 'done' as const }))}
              onRemove={(f) => setFiles((all) => all.filter((x) => x.url !== f.uid))}
              customRequest={({ file, onSuccess, onError }) => {
                materialsApi
                  .uploadFile(file as File)
                  .then((stored) => {
                    setFiles((all) => [...all, { name: stored.name, url: stored.url }]);
                    onSuccess?.(stored);
                  })
                  .catch((err: Error) => {
                    message.error(err.message);
                    onError?.(err);
                  });
              }}
              showUploadList={{ showRemoveIcon: true }}
            >
              <Button icon={<UploadOutlined />}>{t('materials.drawings.upload')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item name="remarks" label={t('materials.fields.remarks')}>
            <Input.TextArea maxLength={500} rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

interface SupplierValues {
  supplierId: string;
  supPrdtNo?: string;
  supPrdtName?: string;
  supPrdtSpc?: string;
  poLeadDateNum?: number;
  poQuotaRate?: string | null;
  assWh?: string | null;
  safeStoreQty?: string | null;
  topStoreQty?: string | null;
  deliveryType?: string;
  scheduleOverRate?: string | null;
}

function SuppliersTab({ materialId }: { materialId: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { fmt: format, rate } = useNumbers();
  const places = useMaterialPlaces();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<MaterialSupplier | 'new' | null>(null);
  const [supplierSearch, setSupplierSearch] = useState('');
  const [form] = Form.useForm<SupplierValues>();
  const removeState = useOperationState({ permission: PERMISSION });
  const rows = useQuery({
    queryKey: materialKeys.suppliers(materialId),
    queryFn: () => materialsApi.suppliers(materialId),
  });
  const supplierOptions = useQuery({
    queryKey: ['materials', 'supplier-options', supplierSearch],
    queryFn: () => materialsApi.supplierOptions(supplierSearch),
    enabled: editing === 'new',
  });
  const warehouses = useQuery({ queryKey: materialKeys.options('warehouse'), queryFn: materialsApi.warehouses });
  const deliveryTypes = useQuery({
    queryKey: materialKeys.options('deliveryType'),
    queryFn: materialsApi.deliveryTypes,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: materialKeys.suppliers(materialId) });
    void queryClient.invalidateQueries({ queryKey: materialKeys.operations(materialId) });
  };
  const save = useMutation({
    mutationFn: (v: SupplierValues) => {
      // A cleared number means none: the archive's zero.
      const fields = {
        ...v,
        assWh: v.assWh ?? null,
        deliveryType: v.deliveryType ?? '',
        poQuotaRate: v.poQuotaRate || '0',
        safeStoreQty: v.safeStoreQty || '0',
        topStoreQty: v.topStoreQty || '0',
        scheduleOverRate: v.scheduleOverRate || '0',
      };
      return editing === 'new' || editing === null
        ? materialsApi.addSupplier({ ...fields, materialId })
        : materialsApi.updateSupplier(editing.id, { ...fields, version: editing.version });
    },
    onSuccess: () => {
      message.success(t('materials.suppliers.saved'));
      refresh();
      setEditing(null);
    },
    meta: { form },
  });
  const remove = useMutation({
    mutationFn: (id: string) => materialsApi.removeSupplier(id),
    onSuccess: () => {
      message.success(t('materials.suppliers.removed'));
      refresh();
    },
  });
  const open = (row: MaterialSupplier | 'new') => {
    form.resetFields();
    if (row !== 'new') form.setFieldsValue({ ...row, assWh: row.assWh ?? undefined });
    setEditing(row);
  };
  if (rows.isError) return <QueryError error={rows.error} retry={() => void rows.refetch()} />;
  const total = sumDecimals(
    (rows.data ?? []).map((r) => r.poQuotaRate),
    places.rate,
  );
  const full = compareDecimals(total, '100');
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <OperationButton permission={PERMISSION} type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
          {t('materials.suppliers.add')}
        </OperationButton>
        <Tag color={full > 0 ? 'red' : full === 0 ? 'green' : 'blue'}>
          {t('materials.suppliers.quotaTotal', { total: rate(total) })}
        </Tag>
      </Space>
      <Table<MaterialSupplier>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 1400 }}
        locale={{ emptyText: <Empty description={t('materials.suppliers.empty')} /> }}
        columns={[
          {
            key: 'supplier',
            title: t('materials.suppliers.supplier'),
            width: 260,
            ellipsis: true,
            render: (_v, r) => `${r.supCode} ${r.supName}`,
          },
          { key: 'supPrdtNo', title: t('materials.suppliers.supPrdtNo'), dataIndex: 'supPrdtNo', width: 150 },
          { key: 'supPrdtName', title: t('materials.suppliers.supPrdtName'), dataIndex: 'supPrdtName', width: 160 },
          {
            key: 'supPrdtSpc',
            title: t('materials.suppliers.supPrdtSpc'),
            dataIndex: 'supPrdtSpc',
            width: 180,
            ellipsis: true,
          },
          {
            key: 'poLeadDateNum',
            title: t('materials.fields.poLeadDateNum'),
            dataIndex: 'poLeadDateNum',
            width: 110,
            align: 'right',
          },
          {
            key: 'poQuotaRate',
            title: t('materials.suppliers.poQuotaRate'),
            dataIndex: 'poQuotaRate',
            width: 100,
            align: 'right',
            render: (v: string) => rate(v),
          },
          { key: 'assWh', title: t('materials.suppliers.assWh'), dataIndex: 'assWhName', width: 150, ellipsis: true },
          {
            key: 'safeStoreQty',
            title: t('materials.suppliers.safeStoreQty'),
            dataIndex: 'safeStoreQty',
            width: 110,
            align: 'right',
            render: (v: string) => format(v, 'quantity'),
          },
          {
            key: 'topStoreQty',
            title: t('materials.suppliers.topStoreQty'),
            dataIndex: 'topStoreQty',
            width: 110,
            align: 'right',
            render: (v: string) => format(v, 'quantity'),
          },
          { key: 'deliveryType', title: t('materials.suppliers.deliveryType'), dataIndex: 'deliveryType', width: 110 },
          {
            key: 'scheduleOverRate',
            title: t('materials.suppliers.scheduleOverRate'),
            dataIndex: 'scheduleOverRate',
            width: 130,
            align: 'right',
            render: (v: string) => rate(v),
          },
          {
            key: 'operation',
            title: t('common.operation'),
            width: 160,
            fixed: 'right',
            render: (_v, r) => (
              <Space size={0}>
                <OperationButton type="link" size="small" permission={PERMISSION} onClick={() => open(r)}>
                  {t('common.edit')}
                </OperationButton>
                <Popconfirm
                  title={t('materials.suppliers.removeConfirm')}
                  disabled={removeState.disabled}
                  onConfirm={() => remove.mutate(r.id)}
                >
                  <OperationButton type="link" size="small" danger permission={PERMISSION}>
                    {t('materials.suppliers.remove')}
                  </OperationButton>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing === 'new' ? t('materials.suppliers.add') : t('materials.suppliers.editTitle')}
        open={editing !== null}
        width="50%"
        mask={{ closable: false }}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          {editing === 'new' ? (
            <Form.Item name="supplierId" label={t('materials.suppliers.supplier')} rules={[requiredRule(locale)]}>
              <Select
                showSearch={{ filterOption: false, onSearch: setSupplierSearch }}
                loading={supplierOptions.isFetching}
                options={(supplierOptions.data ?? []).map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}` }))}
              />
            </Form.Item>
          ) : (
            editing && (
              <Form.Item label={t('materials.suppliers.supplier')}>
                {editing.supCode} {editing.supName}
              </Form.Item>
            )
          )}
          <Space wrap align="start">
            <Form.Item name="supPrdtNo" label={t('materials.suppliers.supPrdtNo')}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="supPrdtName" label={t('materials.suppliers.supPrdtName')}>
              <Input maxLength={128} />
            </Form.Item>
            <Form.Item name="supPrdtSpc" label={t('materials.suppliers.supPrdtSpc')}>
              <Input maxLength={256} />
            </Form.Item>
            <Form.Item name="poLeadDateNum" label={t('materials.fields.poLeadDateNum')}>
              <InputNumber min={0} max={3650} precision={0} />
            </Form.Item>
            <Form.Item name="poQuotaRate" label={t('materials.suppliers.poQuotaRate')}>
              <DecimalInput places={places.rate} min="0" max="100" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="scheduleOverRate" label={t('materials.suppliers.scheduleOverRate')}>
              <DecimalInput places={places.rate} min="0" max="100" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="safeStoreQty" label={t('materials.suppliers.safeStoreQty')}>
              <DecimalInput places={places.quantity} min="0" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="topStoreQty" label={t('materials.suppliers.topStoreQty')}>
              <DecimalInput places={places.quantity} min="0" style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="assWh" label={t('materials.suppliers.assWh')}>
              <Select
                allowClear
                style={{ width: 200 }}
                options={(warehouses.data ?? []).map((w) => ({ value: w.id, label: `${w.code} ${w.name}` }))}
              />
            </Form.Item>
            <Form.Item name="deliveryType" label={t('materials.suppliers.deliveryType')}>
              <Select
                allowClear
                style={{ width: 200 }}
                options={(deliveryTypes.data ?? []).map((d) => ({ value: d.code, label: d.name }))}
              />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

function QualificationsTab({ materialId }: { materialId: string }) {
  const { t } = useTranslation();
  const rows = useQuery({
    queryKey: materialKeys.qualifications(materialId),
    queryFn: () => materialsApi.qualifications(materialId),
  });
  if (rows.isError) return <QueryError error={rows.error} retry={() => void rows.refetch()} />;
  return (
    <Table<QualificationRequirement>
      rowKey="id"
      size="small"
      loading={rows.isFetching}
      dataSource={rows.data ?? []}
      pagination={false}
      locale={{ emptyText: <Empty description={t('materials.qualifications.empty')} /> }}
      columns={[
        { key: 'fileName', title: t('materials.qualifications.fileName'), dataIndex: 'fileName', width: 220 },
        { key: 'description', title: t('materials.qualifications.description'), dataIndex: 'description' },
        {
          key: 'isNecessary',
          title: t('materials.qualifications.isNecessary'),
          dataIndex: 'isNecessary',
          width: 100,
          render: (v: boolean) => <YesNo value={v} />,
        },
        {
          key: 'validityType',
          title: t('materials.qualifications.validityType'),
          dataIndex: 'validityType',
          width: 100,
        },
      ]}
    />
  );
}

function OperationsTab({ materialId }: { materialId: string }) {
  const { t } = useTranslation();
  const rows = useQuery({
    queryKey: materialKeys.operations(materialId),
    queryFn: () => materialsApi.operations(materialId),
  });
  if (rows.isError) return <QueryError error={rows.error} retry={() => void rows.refetch()} />;
  return (
    <Table<MaterialOperation>
      rowKey="id"
      size="small"
      loading={rows.isFetching}
      dataSource={rows.data ?? []}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={t('materials.operations.empty')} /> }}
      columns={[
        {
          key: 'time',
          title: t('materials.operations.time'),
          dataIndex: 'createdAt',
          width: 170,
          render: formatDateTime,
        },
        { key: 'user', title: t('materials.operations.user'), dataIndex: 'username', width: 140 },
        { key: 'summary', title: t('materials.operations.summary'), dataIndex: 'summary' },
      ]}
    />
  );
}
