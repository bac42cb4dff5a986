import { EditOutlined } from '@ant-design/icons';
import type { PartnerRestrictionRow } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, Button, Card, Empty, Form, Input, Space } from 'antd';
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
import { positionKeys, positionsApi } from './positions.api.ts';

/** Tells whether the assignments on this screen take effect, and where partners will come from later. */
export function PartnerRestrictionNotes() {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: positionKeys.settings, queryFn: positionsApi.settings });
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
      {settings.data && !settings.data.tradingPartnerRestriction && (
        <Alert type="warning" showIcon title={t('jurisdiction.partners.restrictionOff')} />
      )}
      <Alert type="info" showIcon title={t('jurisdiction.partners.archiveNote')} />
    </Space>
  );
}

/** /jurisdiction/tradpartner (CF_OAU): how many supplier and client partners each employee may see. */
export function TradingPartnersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = usePermission('CF_OAU');
  const { page, size, update, pagination, form, filter, search, clear } = useListFilter({
    keyword: filterField.text(),
  });
  const { keyword } = filter;

  const list = useListQuery(
    { queryKey: positionKeys.partners(keyword, page, size), queryFn: () => positionsApi.partners(keyword, page, size) },
    { page, size, update },
  );

  const allColumns: TableColumnsType<PartnerRestrictionRow> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    { key: 'name', title: t('jurisdiction.partners.employee'), dataIndex: 'name', width: 200 },
    { key: 'platformNo', title: t('jurisdiction.partners.platformNo'), dataIndex: 'platformNo', width: 160 },
    { key: 'deptName', title: t('jurisdiction.partners.department'), dataIndex: 'deptName', width: 160 },
    {
      key: 'supplierCount',
      title: t('jurisdiction.partners.supplierCount'),
      dataIndex: 'supplierCount',
      width: 110,
      align: 'right',
    },
    {
      key: 'clientCount',
      title: t('jurisdiction.partners.clientCount'),
      dataIndex: 'clientCount',
      width: 110,
      align: 'right',
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          disabled={!canEdit}
          onClick={() => navigate(`/jurisdiction/tradpartner/detail?id=${row.id}`)}
        >
          {t('jurisdiction.partners.edit')}
        </Button>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['name', 'platformNo', 'deptName', 'supplierCount', 'clientCount'],
  });

  return (
    <Card className="page-card">
      <PartnerRestrictionNotes />
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={filter}
          onFinish={search}
        >
          <Form.Item name="keyword" label={t('jurisdiction.partners.keyword')}>
            <Input allowClear style={{ width: 220 }} />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar {...chrome.toolbarProps} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />
      {list.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={list.error.message}
          action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      )}
      <ListTable<PartnerRestrictionRow>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{ emptyText: <Empty description={t('jurisdiction.partners.empty')} /> }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
