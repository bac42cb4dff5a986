import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DATA_PERMISSION_VALUES, type PositionRow } from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Empty, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { OrgSettingsCard } from './OrgSettingsCard.tsx';
import { positionKeys, positionsApi } from './positions.api.ts';

const DETAIL_PATH = '/jurisdiction/postauthority/detail';

/** /jurisdiction/postauthority (CF_OAU): positions with their data permission and flags, and the global settings. */
export function PositionsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = usePermission('CF_OAU');
  const { page, size, update, pagination, form, filter, search, clear } = useListFilter({
    keyword: filterField.text(),
    dataPermission: filterField.number(),
  });
  const list = useListQuery(
    { queryKey: positionKeys.list(filter, page, size), queryFn: () => positionsApi.list(filter, page, size) },
    { page, size, update },
  );

  const remove = useMutation({
    mutationFn: positionsApi.remove,
    onSuccess: async () => {
      message.success(t('jurisdiction.positions.deleted'));
      await queryClient.invalidateQueries({ queryKey: positionKeys.all });
    },
  });

  const flag = (on: boolean) => (
    <Tag color={on ? 'green' : 'default'}>{on ? t('jurisdiction.on') : t('jurisdiction.off')}</Tag>
  );

  const allColumns: TableColumnsType<PositionRow> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    { key: 'code', title: t('jurisdiction.positions.code'), dataIndex: 'code', width: 130 },
    { key: 'name', title: t('jurisdiction.positions.name'), dataIndex: 'name', width: 200 },
    { key: 'deptName', title: t('jurisdiction.positions.organization'), dataIndex: 'deptName', width: 150 },
    { key: 'superiorName', title: t('jurisdiction.positions.superior'), dataIndex: 'superiorName', width: 180 },
    {
      key: 'dataPermission',
      title: t('jurisdiction.positions.dataPermission'),
      dataIndex: 'dataPermission',
      width: 200,
      render: (v: number) => t(`jurisdiction.dataPermissions.${v as 0}`),
    },
    {
      key: 'isStationShowPrice',
      title: t('jurisdiction.positions.showPrice'),
      dataIndex: 'isStationShowPrice',
      width: 100,
      render: flag,
    },
    {
      key: 'isStationAcrossUser',
      title: t('jurisdiction.positions.acrossUser'),
      dataIndex: 'isStationAcrossUser',
      width: 120,
      render: flag,
    },
    {
      key: 'isStationCheckIp',
      title: t('jurisdiction.positions.checkIp'),
      dataIndex: 'isStationCheckIp',
      width: 120,
      render: flag,
    },
    {
      key: 'isStationShowSup',
      title: t('jurisdiction.positions.showSupplier'),
      dataIndex: 'isStationShowSup',
      width: 120,
      render: flag,
    },
    {
      key: 'holderCount',
      title: t('jurisdiction.positions.holderCount'),
      dataIndex: 'holderCount',
      width: 90,
      align: 'right',
    },
    {
      key: 'updatedAt',
      title: t('jurisdiction.positions.updatedAt'),
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
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            disabled={!canEdit}
            onClick={() => navigate(`${DETAIL_PATH}?id=${row.id}`)}
          >
            {t('common.edit')}
          </Button>
          <Popconfirm
            title={t('jurisdiction.positions.deleteConfirm')}
            disabled={!canEdit}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={!canEdit}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['code', 'name', 'deptName', 'superiorName', 'holderCount'] });

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} disabled={!canEdit} onClick={() => navigate(DETAIL_PATH)}>
      {t('jurisdiction.positions.add')}
    </Button>
  );

  return (
    <>
      <OrgSettingsCard />
      <Card className="page-card">
        <ListSearch chrome={chrome}>
          <Form
            form={form}
            layout="inline"
            style={{ marginBottom: 12, rowGap: 8 }}
            initialValues={filter}
            onFinish={search}
          >
            <Form.Item name="keyword" label={t('jurisdiction.positions.keyword')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="dataPermission" label={t('jurisdiction.positions.dataPermission')}>
              <Select
                allowClear
                style={{ width: 240 }}
                options={DATA_PERMISSION_VALUES.map((v) => ({
                  value: v,
                  label: t(`jurisdiction.dataPermissions.${v}`),
                }))}
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
        {list.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={list.error.message}
            action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          />
        )}
        <ListTable<PositionRow>
          chrome={chrome}
          rowKey="id"
          loading={list.isFetching}
          dataSource={list.data?.dataList ?? []}
          locale={{
            emptyText: (
              <Empty description={t('jurisdiction.positions.empty')}>{filter.keyword ? null : addButton}</Empty>
            ),
          }}
          pagination={pagination(list.data?.totalCount)}
        />
      </Card>
    </>
  );
}
