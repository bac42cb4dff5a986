import { PlusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { DepartmentNode } from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Card, Empty, Form, Input, Popconfirm, Result, Space, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { usePermission } from '../../components/PermissionGate.tsx';
import { formatDate, formatDateTime, todayDate } from '../../lib/dates.ts';
import { DepartmentDialog } from './DepartmentDialog.tsx';
import { departmentKeys, departmentsApi, useDepartmentTree } from './departments.api.ts';
import { countDepartments, departmentIds, filterDepartments } from './departmentTree.ts';

type Dialog = { kind: 'add'; parentId: string | null } | { kind: 'edit'; department: DepartmentNode } | null;

const isStopped = (d: DepartmentNode) => !!d.stopDd && d.stopDd <= todayDate();

/** /jurisdiction/dept (CF_OAU): the department tree with add, edit and delete. */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const canManage = usePermission('CF_OAU');
  // A tree has no pages, so a reset keeps nothing.
  const { form, filter, search, clear } = useListFilter({ keyword: filterField.text() }, { keep: [] });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [expanded, setExpanded] = useState<string[]>([]);

  const keyword = filter.keyword ?? '';
  const tree = useDepartmentTree();
  const all = tree.data ?? [];
  const shown = filterDepartments(all, keyword);

  // The whole tree opens whenever it (or the search) changes; the user may fold it afterwards.
  useEffect(() => {
    setExpanded(departmentIds(filterDepartments(tree.data ?? [], keyword)));
  }, [tree.data, keyword]);

  const remove = useMutation({
    mutationFn: (d: DepartmentNode) => departmentsApi.remove(d.id),
    onSuccess: () => message.success(t('organization.dept.deleted')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: departmentKeys.tree }),
  });

  const allColumns: TableColumnsType<DepartmentNode> = [
    {
      key: 'deptName',
      title: t('organization.dept.deptName'),
      dataIndex: 'deptName',
      width: 260,
      render: (name: string, d) => (
        <Space size={4}>
          {name}
          {isStopped(d) && <Tag>{t('organization.dept.stopped')}</Tag>}
        </Space>
      ),
    },
    { key: 'deptNo', title: t('organization.dept.deptNo'), dataIndex: 'deptNo', width: 110 },
    { key: 'deptCode', title: t('organization.dept.deptCode'), dataIndex: 'deptCode', width: 120 },
    { key: 'parentNo', title: t('organization.dept.parentNo'), dataIndex: 'parentNo', width: 110 },
    { key: 'sortOrder', title: t('organization.dept.sortOrder'), dataIndex: 'sortOrder', width: 80, align: 'right' },
    { key: 'stopDd', title: t('organization.dept.stopDd'), dataIndex: 'stopDd', width: 110, render: formatDate },
    {
      key: 'employeeCount',
      title: t('organization.dept.employeeCount'),
      dataIndex: 'employeeCount',
      width: 90,
      align: 'right',
    },
    {
      key: 'roleDescription',
      title: t('organization.dept.roleDescription'),
      dataIndex: 'roleDescription',
      width: 260,
      ellipsis: { showTitle: true },
    },
    {
      key: 'updatedAt',
      title: t('organization.dept.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, d) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            disabled={!canManage}
            onClick={() => setDialog({ kind: 'edit', department: d })}
          >
            {t('common.edit')}
          </Button>
          <Tooltip title={t('organization.dept.addChild')}>
            <Button
              type="link"
              size="small"
              icon={<PlusCircleOutlined />}
              aria-label={t('organization.dept.addChild')}
              disabled={!canManage}
              onClick={() => setDialog({ kind: 'add', parentId: d.id })}
            />
          </Tooltip>
          <Popconfirm
            title={t('organization.dept.deleteConfirm', { name: d.deptName })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(d).catch(() => {})}
            disabled={!canManage}
          >
            <Button type="link" size="small" danger disabled={!canManage}>
              {t('common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['deptName', 'deptCode', 'employeeCount', 'stopDd'] });
  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={!canManage}
      onClick={() => setDialog({ kind: 'add', parentId: null })}
    >
      {t('organization.dept.add')}
    </Button>
  );

  if (tree.isError) {
    return (
      <Card>
        <Result
          status="error"
          title={t('organization.loadFailed', { reason: (tree.error as Error).message })}
          extra={<Button onClick={() => void tree.refetch()}>{t('common.retry')}</Button>}
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
          <Form.Item name="keyword" label={t('organization.dept.keyword')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={addButton}
        {...chrome.toolbarProps}
        onRefresh={() => void tree.refetch()}
        refreshing={tree.isFetching}
      />
      <ListTable<DepartmentNode>
        chrome={chrome}
        rowKey="id"
        loading={tree.isLoading || remove.isPending}
        dataSource={shown}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        footer={() => t('organization.dept.total', { total: countDepartments(shown) })}
        locale={{
          emptyText: keyword ? (
            <Empty description={t('organization.dept.noMatch')} />
          ) : (
            <Empty description={t('organization.dept.empty')}>{addButton}</Empty>
          ),
        }}
      />
      {dialog && (
        <DepartmentDialog
          tree={all}
          department={dialog.kind === 'edit' ? dialog.department : null}
          parentId={dialog.kind === 'add' ? dialog.parentId : null}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}
