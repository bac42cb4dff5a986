import { AppstoreOutlined, DownOutlined, PlusOutlined, UserAddOutlined } from '@ant-design/icons';
import {
  RELATION_STATE_NAMES,
  SUPPLIER_INVITE_STATE,
  SUPPLIER_INVITE_STATE_NAMES,
  type SupplierListItem,
  supplierMachine,
} from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Button, Card, Dropdown, Empty, Form, Input, Result, Select, Space } from 'antd';
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
import { relationStates, syncStates } from '../../components/statusStyles.ts';
import { formatDate } from '../../lib/dates.ts';
import { InviteSupplierDialog } from './InviteSupplierDialog.tsx';
import { ReviewDialog, useSupplierActions } from './SupplierActions.tsx';
import { SupplierClassesDrawer } from './SupplierClassesDrawer.tsx';
import { useClassOptions } from './SupplierFields.tsx';
import { supplierDetailPath, supplierKeys, suppliersApi } from './suppliers.api.ts';

const ADD_PATH = '/supplier/supfile/add';

/** /supplier/supfile (PO_SUP_ARC): the buyer's supplier archive with invitations, review and lifecycle. */
export function SupplierArchivePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { page, size, update, pagination, form, filter, filtered, search, clear } = useListFilter({
    supCode: filterField.text(),
    supName: filterField.text(),
    inviteState: filterField.code(SUPPLIER_INVITE_STATE_NAMES),
    relationState: filterField.code(RELATION_STATE_NAMES),
    supplierClassId: filterField.value(),
  });
  const [inviting, setInviting] = useState<{ archive: SupplierListItem | null } | null>(null);
  const [classesOpen, setClassesOpen] = useState(false);
  const [reviewing, setReviewing] = useState<SupplierListItem | null>(null);
  const classOptions = useClassOptions();
  const actions = useSupplierActions((row) => setReviewing(row as SupplierListItem));

  const list = useListQuery(
    { queryKey: supplierKeys.list(filter, page, size), queryFn: () => suppliersApi.list(filter, page, size) },
    { page, size, update },
  );

  const allColumns: TableColumnsType<SupplierListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'supCode',
      title: t('partners.fields.supCode'),
      dataIndex: 'supCode',
      width: 110,
      render: (code: string, row) => <Link to={supplierDetailPath(row.id)}>{code}</Link>,
    },
    { key: 'supName', title: t('partners.fields.supName'), dataIndex: 'supName', ellipsis: { showTitle: true } },
    { key: 'supShort', title: t('partners.fields.supShort'), dataIndex: 'supShort', width: 150, ellipsis: true },
    { key: 'supplierCompNo', title: t('partners.fields.supplierCompNo'), dataIndex: 'supplierCompNo', width: 110 },
    { key: 'supplierClass', title: t('partners.fields.supplierClass'), dataIndex: 'supplierClassName', width: 150 },
    {
      key: 'inviteState',
      title: t('partners.fields.inviteState'),
      dataIndex: 'inviteState',
      width: 110,
      render: (s: number) => <StatusTag machine={supplierMachine} status={s} />,
    },
    {
      key: 'relationState',
      title: t('partners.fields.relationState'),
      dataIndex: 'relationState',
      width: 100,
      render: (s: number) => <StatusTag machine={relationStates} status={s} />,
    },
    {
      key: 'syncState',
      title: t('partners.fields.syncState'),
      dataIndex: 'syncState',
      width: 110,
      render: (s: number) => <StatusTag machine={syncStates} status={s} />,
    },
    { key: 'primaryContact', title: t('partners.fields.primaryContact'), dataIndex: 'primaryContact', width: 140 },
    {
      key: 'invitationDate',
      title: t('partners.fields.invitationDate'),
      dataIndex: 'invitationDate',
      width: 110,
      render: formatDate,
    },
    { key: 'joinDate', title: t('partners.fields.joinDate'), dataIndex: 'joinDate', width: 110, render: formatDate },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => {
        const available = actions.actionsFor(row);
        return (
          <Space size={0}>
            <OperationButton type="link" size="small" readOnly onClick={() => navigate(supplierDetailPath(row.id))}>
              {t('partners.actions.detail')}
            </OperationButton>
            <OperationButton
              type="link"
              size="small"
              permission="PO_SUP"
              row={row}
              visible={(r) => r.inviteState === SUPPLIER_INVITE_STATE.NOT_INVITED}
              onClick={() => setInviting({ archive: row })}
            >
              {t('partners.actions.invite')}
            </OperationButton>
            {available.length > 0 && (
              <Dropdown
                menu={{
                  items: available.map((action) => ({
                    key: action,
                    label: t(`partners.actions.${action}`),
                    danger: action === 'blacklist' || action === 'invalidate' || action === 'stop',
                  })),
                  onClick: ({ key }) => actions.run(row, key as (typeof available)[number]),
                }}
              >
                <Button type="link" size="small">
                  {t('partners.actions.more')} <DownOutlined />
                </Button>
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['supCode', 'supName', 'supplierClass', 'inviteState', 'relationState'],
  });

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

  const toolbar = (
    <Space wrap>
      <OperationButton
        type="primary"
        permission="PO_SUP"
        icon={<UserAddOutlined />}
        onClick={() => setInviting({ archive: null })}
      >
        {t('partners.list.invite')}
      </OperationButton>
      <OperationButton permission="PO_SUP_ARC" icon={<PlusOutlined />} onClick={() => navigate(ADD_PATH)}>
        {t('partners.list.add')}
      </OperationButton>
      <OperationButton
        permission="PO_SUP_ARC"
        readOnly
        icon={<AppstoreOutlined />}
        onClick={() => setClassesOpen(true)}
      >
        {t('partners.list.classes')}
      </OperationButton>
    </Space>
  );
  const stateOptions = SUPPLIER_INVITE_STATE_NAMES.map((name, value) => ({
    value,
    label: t(`partners.inviteStates.${name}`),
  }));
  const relationOptions = RELATION_STATE_NAMES.map((name, value) => ({
    value,
    label: t(`partners.relationStates.${name}`),
  }));

  return (
    <Card className="page-card">
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={filter}
          onFinish={search}
        >
          <Form.Item name="supCode" label={t('partners.fields.supCode')}>
            <Input allowClear placeholder={t('partners.list.codePlaceholder')} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="supName" label={t('partners.fields.supName')}>
            <Input allowClear placeholder={t('partners.list.namePlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="inviteState" label={t('partners.fields.inviteState')}>
            <Select allowClear style={{ width: 140 }} options={stateOptions} />
          </Form.Item>
          <Form.Item name="relationState" label={t('partners.fields.relationState')}>
            <Select allowClear style={{ width: 120 }} options={relationOptions} />
          </Form.Item>
          <Form.Item name="supplierClassId" label={t('partners.fields.supplierClass')}>
            <Select
              allowClear
              style={{ width: 180 }}
              options={classOptions}
              showSearch={{ optionFilterProp: 'label' }}
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
      <ListTable<SupplierListItem>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty
              description={
                <>
                  {t('partners.list.empty')}
                  <div>{filtered ? t('partners.list.emptyHint') : t('partners.list.emptyAction')}</div>
                </>
              }
            />
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
      <InviteSupplierDialog
        open={inviting !== null}
        archive={inviting?.archive ?? null}
        classOptions={classOptions}
        onClose={() => setInviting(null)}
      />
      <ReviewDialog supplier={reviewing} onClose={() => setReviewing(null)} />
      <SupplierClassesDrawer open={classesOpen} onClose={() => setClassesOpen(false)} />
    </Card>
  );
}
