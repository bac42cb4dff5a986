import { PlusOutlined } from '@ant-design/icons';
import {
  INQUIRY_REVEALED_STATUSES,
  INQUIRY_STATUS_NAMES,
  type InquiryListItem,
  QUOTATION_STATUS_NAMES,
  type QuotationListItem,
} from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Card, Empty, Space } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
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
import { ListError, SearchForm } from '../receiving-plans/parts.tsx';
import { InquiryStatusTag, QuotationStatusTag } from './InquiryParts.tsx';
import {
  comparisonPath,
  INQUIRY_PATHS,
  type InquiryFilter,
  inquiriesApi,
  inquiryKeys,
  inquiryPath,
  quotationPath,
} from './inquiries.api.ts';

type BuyerView = 'inquiries' | 'comparisons';

interface LeadRow {
  id: string;
  inquiryNo: string;
  status: number;
}

/** The columns every list of this feature starts with: #, inquiry no. (the link), title, status, round, deadline. */
function leadColumns<R extends LeadRow>(
  t: TFunction,
  offset: number,
  link: (row: R) => string,
  tag: (status: number) => ReactNode,
): TableColumnsType<R> {
  return [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => offset + i + 1 },
    {
      key: 'inquiryNo',
      title: t('inquiries.fields.inquiryNo'),
      dataIndex: 'inquiryNo',
      width: 160,
      render: (no: string, row) => <Link to={link(row)}>{no}</Link>,
    },
    { key: 'title', title: t('inquiries.fields.title'), dataIndex: 'title', width: 220, ellipsis: { showTitle: true } },
    { key: 'status', title: t('inquiries.fields.status'), dataIndex: 'status', width: 110, render: tag },
    { key: 'round', title: t('inquiries.fields.round'), dataIndex: 'round', width: 70, align: 'right' },
    {
      key: 'quoteDeadline',
      title: t('inquiries.fields.quoteDeadline'),
      dataIndex: 'quoteDeadline',
      width: 170,
      render: formatDateTime,
    },
  ];
}

/** The buyer's inquiries; the comparison list is the same list narrowed to opened and awarded ones. */
function InquiryList({ view }: { view: BuyerView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useListFilter({
    inquiryNo: filterField.text(),
    title: filterField.text(),
    material: filterField.text(),
    statuses: filterField.at('status', filterField.codes(INQUIRY_STATUS_NAMES)),
    dates: filterField.dateRange('dateFrom', 'dateTo'),
  });
  const { page, size, pagination, filtered } = search;
  const { inquiryNo, title, material, statuses, dates } = search.filter;
  const revealed = INQUIRY_REVEALED_STATUSES as readonly number[];
  const filter: InquiryFilter = {
    inquiryNo,
    title,
    material,
    statuses: view === 'comparisons' ? (statuses?.length ? statuses : [...revealed]) : statuses,
    dateFrom: dates?.from,
    dateTo: dates?.to,
  };
  const list = useListQuery(
    { queryKey: inquiryKeys.list(filter, page, size), queryFn: () => inquiriesApi.list(filter, page, size) },
    search,
  );
  const open = (row: InquiryListItem) => (view === 'comparisons' ? comparisonPath(row.id) : inquiryPath(row.id));
  const statusOptions = INQUIRY_STATUS_NAMES.map((name, code) => ({
    value: code,
    label: t(`inquiries.statuses.${name}`),
  })).filter((o) => view === 'inquiries' || revealed.includes(o.value));
  const allColumns: TableColumnsType<InquiryListItem> = [
    ...leadColumns<InquiryListItem>(t, (page - 1) * size, open, (st) => <InquiryStatusTag status={st} />),
    {
      key: 'replies',
      title: t('inquiries.fields.replies'),
      width: 120,
      align: 'right',
      render: (_v, r) => `${r.submittedCount} / ${r.invitedCount}`,
    },
    { key: 'lineCount', title: t('inquiries.fields.lineCount'), dataIndex: 'lineCount', width: 70, align: 'right' },
    { key: 'currency', title: t('inquiries.fields.currency'), dataIndex: 'currency', width: 80 },
    {
      key: 'sealed',
      title: t('inquiries.fields.sealed'),
      dataIndex: 'sealed',
      width: 90,
      render: (v: boolean) => (v ? t('inquiries.detail.yes') : t('inquiries.detail.no')),
    },
    { key: 'owner', title: t('inquiries.fields.owner'), dataIndex: 'ownerName', width: 120 },
    {
      key: 'createdAt',
      title: t('inquiries.fields.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 110,
      fixed: 'right',
      render: (_v, row) => (
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(open(row))}>
          {view === 'comparisons' ? t('inquiries.actions.compare') : t('inquiries.actions.detail')}
        </OperationButton>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['inquiryNo', 'title', 'status', 'quoteDeadline'] });
  const createButton = view === 'inquiries' && (
    <OperationButton
      type="primary"
      permission="PR_ION"
      icon={<PlusOutlined />}
      onClick={() => navigate(INQUIRY_PATHS.add)}
    >
      {t('inquiries.actions.create')}
    </OperationButton>
  );
  if (list.isError && !list.data) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  const emptyText = filtered
    ? t('inquiries.list.emptyFiltered')
    : view === 'inquiries'
      ? t('inquiries.list.empty')
      : t('inquiries.list.comparisonsEmpty');
  return (
    <>
      <ListSearch chrome={chrome}>
        <SearchForm
          list={search}
          fields={[
            { name: 'inquiryNo', label: t('inquiries.filter.inquiryNo'), kind: 'text' },
            { name: 'title', label: t('inquiries.fields.title'), kind: 'text' },
            { name: 'material', label: t('inquiries.filter.material'), kind: 'text' },
            { name: 'statuses', label: t('inquiries.fields.status'), kind: 'statuses', options: statusOptions },
            { name: 'dates', label: t('inquiries.filter.date'), kind: 'dates' },
          ]}
        />
      </ListSearch>
      <TableToolbar
        left={<Space wrap>{createButton}</Space>}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<InquiryListItem>
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

/** /prdiversion/inquirynote (PR_ION). */
export function InquiriesPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('inquiries.title.inquiries')}>
      <InquiryList view="inquiries" />
    </Card>
  );
}

/** /prdiversion/pricecom (PR_ION): the inquiries whose bids can be compared. */
export function ComparisonsPage() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('inquiries.title.comparisons')}>
      <InquiryList view="comparisons" />
    </Card>
  );
}

/** /inquiryoffer/offerin (QU_MA): the supplier's quotations, one per inquiry and round it was invited to. */
export function QuotationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useListFilter({
    inquiryNo: filterField.text(),
    statuses: filterField.at('status', filterField.codes(QUOTATION_STATUS_NAMES)),
  });
  const { page, size, pagination, filtered } = search;
  const filter = { inquiryNo: search.filter.inquiryNo, statuses: search.filter.statuses };
  const list = useListQuery(
    {
      queryKey: inquiryKeys.quotations('supplier', filter, page, size),
      queryFn: () => inquiriesApi.quotations('supplier', filter, page, size),
    },
    search,
  );
  const allColumns: TableColumnsType<QuotationListItem> = [
    ...leadColumns<QuotationListItem>(
      t,
      (page - 1) * size,
      (row) => quotationPath(row.id),
      (st) => <QuotationStatusTag status={st} />,
    ),
    {
      key: 'customer',
      title: t('inquiries.fields.customer'),
      dataIndex: 'customerName',
      width: 200,
      ellipsis: { showTitle: true },
    },
    { key: 'lineCount', title: t('inquiries.fields.lineCount'), dataIndex: 'lineCount', width: 70, align: 'right' },
    { key: 'currency', title: t('inquiries.fields.currency'), dataIndex: 'currency', width: 80 },
    {
      key: 'submittedAt',
      title: t('inquiries.fields.submittedAt'),
      dataIndex: 'submittedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 100,
      fixed: 'right',
      render: (_v, row) => (
        <OperationButton type="link" size="small" readOnly onClick={() => navigate(quotationPath(row.id))}>
          {t('inquiries.actions.detail')}
        </OperationButton>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, { mustSee: ['inquiryNo', 'customer', 'status', 'quoteDeadline'] });
  if (list.isError && !list.data) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Card className="page-card" title={t('inquiries.title.quotations')}>
      <ListSearch chrome={chrome}>
        <SearchForm
          list={search}
          fields={[
            { name: 'inquiryNo', label: t('inquiries.filter.inquiryNo'), kind: 'text' },
            {
              name: 'statuses',
              label: t('inquiries.fields.status'),
              kind: 'statuses',
              options: QUOTATION_STATUS_NAMES.map((name, code) => ({
                value: code,
                label: t(`inquiries.quotationStatuses.${name}`),
              })),
            },
          ]}
        />
      </ListSearch>
      <TableToolbar {...chrome.toolbarProps} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />
      <ListTable<QuotationListItem>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty description={filtered ? t('inquiries.list.emptyFiltered') : t('inquiries.list.quotationsEmpty')} />
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
