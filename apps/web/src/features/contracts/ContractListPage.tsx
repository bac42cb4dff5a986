import { PlusOutlined } from '@ant-design/icons';
import { CONTRACT_KINDS, CONTRACT_STATUS_NAMES, type ContractListItem } from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Card, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { ListError, SearchForm } from '../receiving-plans/parts.tsx';
import { ContractStatusTag } from './ContractParts.tsx';
import {
  CONTRACT_PATHS,
  type ContractFilter,
  type ContractSide,
  contractKeys,
  contractPath,
  contractsApi,
} from './contracts.api.ts';
import { FromInquiryButton } from './FromInquiryDialog.tsx';

/**
 * One list for both sides (docs/contracts.md): the buyer's supplier contracts (PO_CON) and the
 * supplier's customer contracts (SL_CON); the server answers each side its own rows.
 */
function ContractList({ side }: { side: ContractSide }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { money } = useNumbers();
  const search = useListFilter({
    contractNo: filterField.text(),
    material: filterField.text(),
    kind: filterField.oneOf(CONTRACT_KINDS),
    statuses: filterField.at('status', filterField.codes(CONTRACT_STATUS_NAMES)),
  });
  const { page, size, pagination, filtered } = search;
  const { contractNo, material, kind, statuses } = search.filter;
  const filter: ContractFilter = { contractNo, material, kind, statuses };
  const list = useListQuery(
    {
      queryKey: contractKeys.list(side, filter, page, size),
      queryFn: () => contractsApi.list(side, filter, page, size),
    },
    search,
  );
  const open = (row: ContractListItem) => contractPath(side, row.id);
  // A supplier never sees a draft.
  const statusOptions = CONTRACT_STATUS_NAMES.map((name, code) => ({
    value: code,
    label: t(`contracts.statuses.${name}`),
  })).filter((o) => side === 'buyer' || o.value !== 0);
  const allColumns: TableColumnsType<ContractListItem> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'contractNo',
      title: t('contracts.fields.contractNo'),
      dataIndex: 'contractNo',
      width: 160,
      render: (no: string, row) => <Link to={open(row)}>{no}</Link>,
    },
    { key: 'title', title: t('contracts.fields.title'), dataIndex: 'title', width: 240, ellipsis: { showTitle: true } },
    side === 'buyer'
      ? {
          key: 'party',
          title: t('contracts.fields.supplier'),
          width: 220,
          ellipsis: { showTitle: true },
          render: (_v, r) => `${r.supCode} ${r.supName}`.trim(),
        }
      : {
          key: 'party',
          title: t('contracts.fields.customer'),
          dataIndex: 'customerName',
          width: 220,
          ellipsis: { showTitle: true },
        },
    {
      key: 'status',
      title: t('contracts.fields.status'),
      dataIndex: 'status',
      width: 130,
      render: (s: number) => <ContractStatusTag status={s} />,
    },
    {
      key: 'kind',
      title: t('contracts.fields.kind'),
      dataIndex: 'kind',
      width: 170,
      render: (k: ContractListItem['kind']) => t(`contracts.kinds.${k}`),
    },
    { key: 'validFrom', title: t('contracts.fields.validFrom'), dataIndex: 'validFrom', width: 110 },
    { key: 'validTo', title: t('contracts.fields.validTo'), dataIndex: 'validTo', width: 110 },
    {
      key: 'amountCap',
      title: t('contracts.fields.amountCap'),
      dataIndex: 'amountCap',
      width: 150,
      align: 'right',
      render: (v: string | null, r) => (v === null ? t('contracts.detail.noCap') : money(v, r.currency)),
    },
    {
      key: 'orderedAmount',
      title: t('contracts.fields.orderedAmount'),
      dataIndex: 'orderedAmount',
      width: 150,
      align: 'right',
      render: (v: string | undefined, r) => (v === undefined ? '—' : money(v, r.currency)),
    },
    { key: 'lineCount', title: t('contracts.fields.lineCount'), dataIndex: 'lineCount', width: 70, align: 'right' },
    { key: 'owner', title: t('contracts.fields.owner'), dataIndex: 'ownerName', width: 120 },
    {
      key: 'createdAt',
      title: t('contracts.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 100,
      fixed: 'right',
      render: (_v, row) => (
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(open(row))}>
          {t('contracts.actions.detail')}
        </OperationButton>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['contractNo', 'title', 'party', 'status', 'validTo'] });
  const createButton = side === 'buyer' && (
    <OperationButton
      type="primary"
      permission="PO_CON"
      icon={<PlusOutlined />}
      onClick={() => navigate(CONTRACT_PATHS.buyer.add)}
    >
      {t('contracts.actions.create')}
    </OperationButton>
  );
  if (list.isError && !list.data) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  const emptyText = filtered
    ? t('contracts.list.emptyFiltered')
    : side === 'buyer'
      ? t('contracts.list.empty')
      : t('contracts.list.supplierEmpty');
  return (
    <>
      <ListSearch chrome={chrome}>
        <SearchForm
          list={search}
          fields={[
            { name: 'contractNo', label: t('contracts.filter.contractNo'), kind: 'text' },
            { name: 'material', label: t('contracts.filter.material'), kind: 'text' },
            {
              name: 'kind',
              label: t('contracts.filter.kind'),
              kind: 'select',
              options: CONTRACT_KINDS.map((k) => ({ value: k, label: t(`contracts.kinds.${k}`) })),
            },
            { name: 'statuses', label: t('contracts.fields.status'), kind: 'statuses', options: statusOptions },
          ]}
        />
      </ListSearch>
      <TableToolbar
        left={
          <Space wrap>
            {createButton}
            {side === 'buyer' && <FromInquiryButton />}
          </Space>
        }
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<ContractListItem>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{ emptyText: <Empty description={emptyText}>{!filtered && createButton}</Empty> }}
        pagination={pagination(list.data?.totalCount)}
      />
    </>
  );
}

/** /contract/supplier (PO_CON): the contracts this enterprise makes with its suppliers. */
export function SupplierContractsPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('contracts.title.buyer')}>
      <ContractList side="buyer" />
    </Card>
  );
}

/** /contract/customer (SL_CON): the contracts customers sent this enterprise. */
export function CustomerContractsPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('contracts.title.supplier')}>
      <ContractList side="supplier" />
    </Card>
  );
}
