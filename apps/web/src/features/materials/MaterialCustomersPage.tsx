import { PlusOutlined } from '@ant-design/icons';
import type { MaterialCustomer } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Empty, Form, Input, Popconfirm, Result, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton, useOperationState } from '../../components/OperationButton.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { materialCustomerPath, materialKeys, materialsApi } from './materials.api.ts';

const PERMISSION = 'SL_CUS';

/** /sale/prod-customer (SL_CUS): the supplier's own materials related to its customers' materials. */
export function MaterialCustomersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { fmt: format, rate } = useNumbers();
  const { page, size, update, pagination, form, initialValues, search, clear, filter, filtered } = useListFilter({
    keyword: filterField.text(),
    customerId: filterField.value(),
  });
  const removeState = useOperationState({ permission: PERMISSION });
  const list = useListQuery(
    { queryKey: materialKeys.customers(filter, page, size), queryFn: () => materialsApi.customers(filter, page, size) },
    { page, size, update },
  );
  const customers = useQuery({ queryKey: materialKeys.options('customers'), queryFn: materialsApi.customerOptions });
  const remove = useMutation({
    mutationFn: (id: string) => materialsApi.removeCustomer(id),
    onSuccess: () => {
      message.success(t('materials.customers.removed'));
      void queryClient.invalidateQueries({ queryKey: ['material-customers'] });
    },
  });
  const qty = (v: string | null) => format(v, 'quantity');

  const allColumns: TableColumnsType<MaterialCustomer> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'customer',
      title: t('materials.customers.customer'),
      dataIndex: 'customerName',
      width: 220,
      ellipsis: true,
    },
    {
      key: 'custPrdtCode',
      title: t('materials.customers.custPrdtCode'),
      dataIndex: 'custPrdtCode',
      width: 150,
      render: (code: string, r) => <Link to={materialCustomerPath(r.id)}>{code}</Link>,
    },
    {
      key: 'custPrdtName',
      title: t('materials.customers.custPrdtName'),
      dataIndex: 'custPrdtName',
      width: 200,
      ellipsis: true,
    },
    {
      key: 'custPrdtSpc',
      title: t('materials.customers.custPrdtSpc'),
      dataIndex: 'custPrdtSpc',
      width: 200,
      ellipsis: true,
    },
    { key: 'prdtNo', title: t('materials.customers.prdtNo'), dataIndex: 'prdtNo', width: 150 },
    { key: 'prdtName', title: t('materials.customers.prdtName'), dataIndex: 'prdtName', width: 200, ellipsis: true },
    {
      key: 'size',
      title: t('materials.customers.size'),
      width: 150,
      align: 'right',
      render: (_v, r) => [r.lengthCm, r.widthCm, r.heightCm].map((d) => d ?? '—').join(' × '),
    },
    {
      key: 'materialQty',
      title: t('materials.customers.materialQty'),
      dataIndex: 'materialQty',
      width: 120,
      align: 'right',
      render: qty,
    },
    {
      key: 'smallQty',
      title: t('materials.customers.smallQty'),
      dataIndex: 'smallQty',
      width: 150,
      align: 'right',
      render: qty,
    },
    {
      key: 'outerQty',
      title: t('materials.customers.outerQty'),
      dataIndex: 'outerQty',
      width: 120,
      align: 'right',
      render: qty,
    },
    {
      key: 'minQty',
      title: t('materials.customers.minQty'),
      dataIndex: 'minQty',
      width: 110,
      align: 'right',
      render: qty,
    },
    {
      key: 'overdeliveryRate',
      title: t('materials.customers.overdeliveryRate'),
      dataIndex: 'overdeliveryRate',
      width: 130,
      align: 'right',
      render: (v: string) => rate(v),
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
      render: (_v, r) => (
        <Space size={0}>
          <OperationButton
            type="link"
            size="small"
            permission={PERMISSION}
            onClick={() => navigate(materialCustomerPath(r.id))}
          >
            {t('common.edit')}
          </OperationButton>
          <Popconfirm
            title={t('materials.customers.removeConfirm')}
            disabled={removeState.disabled}
            onConfirm={() => remove.mutate(r.id)}
          >
            <OperationButton type="link" size="small" danger permission={PERMISSION}>
              {t('common.delete')}
            </OperationButton>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['custPrdtCode', 'customer', 'custPrdtName', 'prdtNo'] });
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
      onClick={() => navigate(materialCustomerPath())}
    >
      {t('materials.customers.add')}
    </OperationButton>
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
            <Input allowClear placeholder={t('materials.customers.keywordPlaceholder')} style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="customerId" label={t('materials.customers.customer')}>
            <Select
              allowClear
              style={{ width: 240 }}
              loading={customers.isLoading}
              options={(customers.data ?? []).map((c) => ({ value: c.id, label: c.poName }))}
            />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={addButton}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<MaterialCustomer>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty description={filtered ? t('materials.customers.emptyFiltered') : t('materials.customers.empty')}>
              {!filtered && addButton}
            </Empty>
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
