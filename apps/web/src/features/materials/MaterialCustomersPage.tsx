import { PlusOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { MaterialCustomer } from '@concord/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Empty, Form, Input, Popconfirm, Result, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { PAGE_SIZES, useListParams } from '../../components/list/useListParams.ts';
import { OperationButton, useOperationState } from '../../components/OperationButton.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useNumberFormat } from '../basic-data/useDecimalPlaces.ts';
import { materialCustomerPath, materialKeys, materialsApi } from './materials.api.ts';

const PERMISSION = 'SL_CUS';

interface SearchValues {
  keyword?: string;
  customerId?: string;
}

/** /sale/prod-customer (SL_CUS): the supplier's own materials related to its customers' materials. */
export function MaterialCustomersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const format = useNumberFormat();
  const { page, size, get, update, reset } = useListParams();
  const [form] = Form.useForm<SearchValues>();
  const [searchVisible, setSearchVisible] = useState(true);
  const [hidden, setHidden] = useState<string[]>([]);
  const removeState = useOperationState({ permission: PERMISSION });
  const filter = { keyword: get('keyword'), customerId: get('customerId') };
  const list = useQuery({
    queryKey: materialKeys.customers(filter, page, size),
    queryFn: () => materialsApi.customers(filter, page, size),
    placeholderData: keepPreviousData,
  });
  const customers = useQuery({ queryKey: materialKeys.options('customers'), queryFn: materialsApi.customerOptions });
  const remove = useMutation({
    mutationFn: (id: string) => materialsApi.removeCustomer(id),
    onSuccess: () => {
      message.success(t('materials.customers.removed'));
      void queryClient.invalidateQueries({ queryKey: ['material-customers'] });
    },
  });
  const qty = (v: number | null) => (v === null ? '' : format(v, 'quantity'));

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
  const columns = allColumns.filter((c) => !hidden.includes(String(c.key)));
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
  const filtered = filter.keyword !== undefined || filter.customerId !== undefined;
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
      {searchVisible && (
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={filter}
          onFinish={(v) => update({ keyword: v.keyword?.trim(), customerId: v.customerId })}
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
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('list.search')}
              </Button>
              <Button
                icon={<UndoOutlined />}
                onClick={() => {
                  form.setFieldsValue({ keyword: undefined, customerId: undefined });
                  reset(['size']);
                }}
              >
                {t('list.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      )}
      <TableToolbar
        left={addButton}
        searchVisible={searchVisible}
        onToggleSearch={() => setSearchVisible((v) => !v)}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
        columns={allColumns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
        hidden={hidden}
        onHiddenChange={setHidden}
      />
      <Table<MaterialCustomer>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.dataList ?? []}
        scroll={{ x: 2200 }}
        locale={{
          emptyText: (
            <Empty description={filtered ? t('materials.customers.emptyFiltered') : t('materials.customers.empty')}>
              {!filtered && addButton}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.totalCount ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('list.total', { total }),
          onChange: (p, s) => update({ page: p, size: s }, false),
        }}
      />
    </Card>
  );
}
