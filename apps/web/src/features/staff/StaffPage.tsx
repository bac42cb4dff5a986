import { DownOutlined, UserAddOutlined } from '@ant-design/icons';
import { EMPLOYEE_ACTION_PERMISSION, type EmployeeItem } from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Button, Card, Dropdown, Empty, Form, Input, Result, Select, Space, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
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
import { StatusTag } from '../../components/StatusTag.tsx';
import { memberStatuses } from '../../components/statusStyles.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useDepartmentTree } from '../departments/departments.api.ts';
import { departmentOptions } from '../departments/departmentTree.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { staffApi, staffKeys } from './staff.api.ts';
import { useEmployeeActions } from './useEmployeeActions.ts';

export const staffInfoPath = (id: string) => `/staff/staffInfo?id=${id}`;

/** /staff (CF_EMP_MGT_01): employees and invitations of the enterprise. */
export function StaffPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, size, update, pagination, form, filter, search, clear } = useListFilter({
    name: filterField.text(),
    mobile: filterField.text(),
    status: filterField.number(),
    deptId: filterField.value(),
  });
  const [inviting, setInviting] = useState(false);
  const canInvite = usePermission(EMPLOYEE_ACTION_PERMISSION);
  const actions = useEmployeeActions();
  const tree = useDepartmentTree();

  const list = useListQuery(
    { queryKey: staffKeys.list(filter, page, size), queryFn: () => staffApi.list(filter, page, size) },
    { page, size, update },
  );

  const allColumns: TableColumnsType<EmployeeItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'name',
      title: t('organization.staff.name'),
      dataIndex: 'name',
      width: 210,
      render: (name: string, e) => (
        <Space size={4} wrap>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => navigate(staffInfoPath(e.id))}>
            {name || '—'}
          </Button>
          {e.isAdmin && <Tag color="gold">{t('organization.staff.admin')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'status',
      title: t('organization.staff.status'),
      dataIndex: 'status',
      width: 130,
      render: (status: number) => <StatusTag machine={memberStatuses} status={status} />,
    },
    {
      key: 'mobile',
      title: t('organization.staff.mobile'),
      width: 150,
      render: (_v, e) => (e.mobile ? `${e.mobileArea} ${e.mobile}` : ''),
    },
    { key: 'email', title: t('organization.staff.email'), dataIndex: 'email', width: 200 },
    { key: 'platformNo', title: t('organization.staff.platformNo'), dataIndex: 'platformNo', width: 130 },
    { key: 'deptName', title: t('organization.staff.dept'), dataIndex: 'deptName', width: 180 },
    {
      key: 'positionNames',
      title: t('organization.staff.positions'),
      dataIndex: 'positionNames',
      width: 200,
      render: (names: string[]) => (
        <Space size={[0, 4]} wrap>
          {names.map((n) => (
            <Tag key={n}>{n}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'erpCode', title: t('organization.staff.erpCode'), dataIndex: 'erpCode', width: 120 },
    { key: 'erpName', title: t('organization.staff.erpName'), dataIndex: 'erpName', width: 120 },
    {
      key: 'invitationExpiresAt',
      title: t('organization.staff.expiresAt'),
      dataIndex: 'invitationExpiresAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'createdAt',
      title: t('organization.staff.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, e) => {
        const available = actions.actionsFor(e);
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => navigate(staffInfoPath(e.id))}>
              {t('organization.staff.detail')}
            </Button>
            {available.length > 0 && (
              <Dropdown
                disabled={!actions.allowed}
                menu={{
                  items: available.map((action) => ({
                    key: action,
                    label: t(`organization.staff.actions.${action}`),
                    danger: action !== 'resend',
                  })),
                  onClick: ({ key }) => actions.run(e, key as (typeof available)[number]),
                }}
              >
                <Button type="link" size="small" disabled={!actions.allowed}>
                  {t('organization.staff.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['name', 'status', 'mobile', 'email', 'deptName'] });

  const inviteButton = (
    <Button type="primary" icon={<UserAddOutlined />} disabled={!canInvite} onClick={() => setInviting(true)}>
      {t('organization.staff.invite')}
    </Button>
  );

  if (list.isError && !list.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('organization.loadFailed', { reason: (list.error as Error).message })}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card>
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={filter}
          onFinish={search}
        >
          <Form.Item name="name" label={t('organization.staff.name')}>
            <Input allowClear placeholder={t('organization.staff.searchName')} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="mobile" label={t('organization.staff.contact')}>
            <Input allowClear placeholder={t('organization.staff.searchContact')} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="status" label={t('organization.staff.status')}>
            <Select
              allowClear
              placeholder={t('organization.staff.anyStatus')}
              style={{ width: 160 }}
              options={memberStatuses.names.map((name, code) => ({
                value: code,
                label: t(`organization.staff.statuses.${name}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="deptId" label={t('organization.staff.dept')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              placeholder={t('organization.staff.anyDept')}
              style={{ width: 200 }}
              treeData={departmentOptions(tree.data ?? [])}
            />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={inviteButton}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<EmployeeItem>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching || actions.pending}
        dataSource={list.data?.dataList ?? []}
        locale={{ emptyText: <Empty description={t('organization.staff.empty')}>{inviteButton}</Empty> }}
        pagination={pagination(list.data?.totalCount)}
      />
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
    </Card>
  );
}
