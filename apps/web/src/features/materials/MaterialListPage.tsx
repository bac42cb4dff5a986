import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Material, MaterialExport } from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Empty, Form, Input, Result, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { materialStatuses } from '../../components/statusStyles.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { materialFormPath, materialKeys, materialPath, materialsApi } from './materials.api.ts';
import { YesNo } from './parts.tsx';

const PERMISSION = 'CF_BAS';

/** /basicdatasetting/materialfile (CF_BAS): the enterprise material archive. */
export function MaterialListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const { fmt: format } = useNumbers();
  const { page, size, update, pagination, form, initialValues, search, clear, filter, filtered } = useListFilter({
    keyword: filterField.text(),
    status: filterField.numberOf([0, 1] as const),
  });
  const [importing, setImporting] = useState<'materials' | 'suppliers' | null>(null);

  const list = useListQuery(
    { queryKey: materialKeys.list(filter, page, size), queryFn: () => materialsApi.list(filter, page, size) },
    { page, size, update },
  );
  const [exportJob, setExportJob] = useState<MaterialExport | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const exporting = useMutation({
    mutationFn: (target: 'materials' | 'suppliers') => materialsApi.startExport(target, filter),
    onSuccess: (state) => {
      setExportJob(state);
      setExportOpen(true);
    },
    onError: (error) => message.error(error.message),
    meta: { silent: true },
  });

  const allColumns: TableColumnsType<Material> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'prdtNo',
      title: t('materials.fields.prdtNo'),
      dataIndex: 'prdtNo',
      width: 150,
      render: (code: string, row) => <Link to={materialPath(row.id)}>{code}</Link>,
    },
    { key: 'prdtName', title: t('materials.fields.prdtName'), dataIndex: 'prdtName', width: 160, ellipsis: true },
    { key: 'prdtSpc', title: t('materials.fields.prdtSpc'), dataIndex: 'prdtSpc', width: 220, ellipsis: true },
    { key: 'className', title: t('materials.fields.classId'), dataIndex: 'className', width: 160, ellipsis: true },
    { key: 'poUnitName', title: t('materials.fields.poUnitNo'), dataIndex: 'poUnitName', width: 110 },
    {
      key: 'poLeadDateNum',
      title: t('materials.fields.poLeadDateNum'),
      dataIndex: 'poLeadDateNum',
      width: 120,
      align: 'right',
    },
    {
      key: 'minOrderQty',
      title: t('materials.fields.minOrderQty'),
      dataIndex: 'minOrderQty',
      width: 120,
      align: 'right',
      render: (v: string) => format(v, 'quantity'),
    },
    {
      key: 'isCheck',
      title: t('materials.fields.isCheck'),
      dataIndex: 'isCheck',
      width: 100,
      render: (v: boolean) => <YesNo value={v} />,
    },
    {
      key: 'warehouseName',
      title: t('materials.fields.warehouseId'),
      dataIndex: 'warehouseName',
      width: 160,
      ellipsis: true,
    },
    {
      key: 'status',
      title: t('materials.fields.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag machine={materialStatuses} status={s} />,
    },
    {
      key: 'updatedAt',
      title: t('materials.fields.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <OperationButton
            type="link"
            size="small"
            permission={PERMISSION}
            readOnly
            onClick={() => navigate(materialPath(row.id))}
          >
            {t('materials.list.detail')}
          </OperationButton>
          <OperationButton
            type="link"
            size="small"
            permission={PERMISSION}
            onClick={() => navigate(materialFormPath(row.id))}
          >
            {t('common.edit')}
          </OperationButton>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['prdtNo', 'prdtName', 'prdtSpc', 'poUnitName', 'status'] });

  if (list.isError && !list.data) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={(list.error as Error).message}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  const addButton = (
    <OperationButton
      type="primary"
      permission={PERMISSION}
      icon={<PlusOutlined />}
      onClick={() => navigate(materialFormPath())}
    >
      {t('materials.list.add')}
    </OperationButton>
  );
  const toolbar = (
    <Space wrap>
      {addButton}
      <OperationButton permission={PERMISSION} icon={<UploadOutlined />} onClick={() => setImporting('materials')}>
        {t('materials.excel.importMaterials')}
      </OperationButton>
      <OperationButton permission={PERMISSION} icon={<UploadOutlined />} onClick={() => setImporting('suppliers')}>
        {t('materials.excel.importSuppliers')}
      </OperationButton>
      <OperationButton
        permission={PERMISSION}
        readOnly
        icon={<DownloadOutlined />}
        loading={exporting.isPending && exporting.variables === 'materials'}
        onClick={() => exporting.mutate('materials')}
      >
        {t('materials.excel.export')}
      </OperationButton>
      <OperationButton
        permission={PERMISSION}
        readOnly
        icon={<DownloadOutlined />}
        loading={exporting.isPending && exporting.variables === 'suppliers'}
        onClick={() => exporting.mutate('suppliers')}
      >
        {t('materials.excel.exportSuppliers')}
      </OperationButton>
    </Space>
  );
  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={initialValues}
          onFinish={search}
        >
          <Form.Item name="keyword" label={t('materials.list.keyword')}>
            <Input allowClear placeholder={t('materials.list.keywordPlaceholder')} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="status" label={t('materials.fields.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 1, label: t('materials.status.enabled') },
                { value: 0, label: t('materials.status.disabled') },
              ]}
            />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={toolbar}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<Material>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty description={filtered ? t('materials.list.emptyFiltered') : t('materials.list.empty')}>
              {!filtered && addButton}
            </Empty>
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
      <ImportDialog
        target={importing ?? 'materials'}
        open={importing !== null}
        onClose={() => setImporting(null)}
        onImported={() => void queryClient.invalidateQueries({ queryKey: materialKeys.all })}
      />
      <ExportDialog started={exportJob} open={exportOpen} onClose={() => setExportOpen(false)} />
    </Card>
  );
}
