import { DownloadOutlined } from '@ant-design/icons';
import {
  DELIVERY_NOTE_STATUS_NAMES,
  formatDecimal,
  MASK,
  REPORTS,
  type ReportColumn,
  type ReportCurrencyTotal,
  type ReportFilter,
  type ReportName,
  type ReportRow,
  reportSide,
} from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Form,
  Input,
  Result,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../api/http.ts';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { type FilterField, filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { useListSort } from '../../components/list/useListSort.ts';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import { type NumberFormat, useNumbers } from '../../lib/numbers.ts';
import { ReportChart } from './ReportChart.tsx';
import { reportKeys, reportsApi } from './reports.api.ts';

type Formatter = (value: unknown, row?: ReportRow) => string;

/**
 * Cells through the one number formatter (lib/numbers.ts): quantities, prices and amounts at the
 * enterprise's places, a price or an amount with its row's currency, rates with 2 places and `%`;
 * masked values stay `***`.
 */
function useFormatters() {
  const { t } = useTranslation();
  const { fmt, money, rate } = useNumbers();
  const of = (column: ReportColumn): Formatter => {
    const statusNames = column.status ? t(`reports.statuses.${column.status}`).split('|') : null;
    return (value, row) => {
      if (value === null || value === undefined || value === '') return '';
      if (value === MASK) return MASK;
      const cell = value as string | number;
      const currency = typeof row?.currency === 'string' ? row.currency : null;
      switch (column.kind) {
        case 'qty':
          return fmt(cell, 'quantity');
        case 'price':
          return [fmt(cell, 'price'), currency].filter(Boolean).join(' ');
        case 'money':
          return money(cell, currency);
        case 'int':
          return formatDecimal(cell, 0);
        case 'rate':
          return rate(cell);
        case 'status':
          return statusNames?.[Number(value)] ?? String(value);
        case 'datetime':
          // An instant (RFC 3339 UTC) in the reader's time; dates (`yyyy-MM-dd`) stay as they are.
          return formatDateTime(cell);
        default:
          return String(value);
      }
    };
  };
  return of;
}

const NUMERIC = new Set(['qty', 'price', 'money', 'int', 'rate']);
const MONEY_KINDS = new Set(['price', 'money']);

/** A money figure's totals, one line per currency (never a sum across currencies). */
function CurrencyLines({ figure, totals }: { figure: string; totals: readonly ReportCurrencyTotal[] }) {
  const { money } = useNumbers();
  if (!totals.length) return <>—</>;
  return (
    <>
      {totals.map((total) => (
        <div key={total.currency}>{money(total.sums[figure], total.currency)}</div>
      ))}
    </>
  );
}

/**
 * The table's totals: one row per currency with its row count, the report's money figures in their
 * columns. The label spans the columns before the first one filled.
 */
function currencyTotalRows(
  columns: TableColumnsType<ReportRow>,
  figures: readonly ReportColumn[],
  totals: readonly ReportCurrencyTotal[],
  label: (total: ReportCurrencyTotal) => string,
  money: NumberFormat['money'],
) {
  const keys = new Set(figures.map((f) => f.key));
  const filled = (c: TableColumnsType<ReportRow>[number]) => keys.has(String(c.key)) || c.key === 'currency';
  const first = Math.max(columns.findIndex(filled), 0);
  return (
    <Table.Summary>
      {totals.map((total) => (
        <Table.Summary.Row key={total.currency}>
          {first > 0 && (
            <Table.Summary.Cell index={0} colSpan={first}>
              <Typography.Text strong>{label(total)}</Typography.Text>
            </Table.Summary.Cell>
          )}
          {columns.slice(first).map((c, i) => {
            const key = String(c.key);
            const figure = keys.has(key);
            return (
              <Table.Summary.Cell key={key} index={first + i} align={figure ? 'right' : undefined}>
                {figure ? money(total.sums[key], total.currency) : key === 'currency' ? total.currency : ''}
              </Table.Summary.Cell>
            );
          })}
        </Table.Summary.Row>
      ))}
    </Table.Summary>
  );
}

/** Rows per partner (no parameter, the form's default) or per partner and material. */
const groupByField: FilterField<'material', 'material' | 'partner'> = {
  read: (url, param) => (url(param) === 'material' ? 'material' : undefined),
  write: (value, param) => ({ [param]: value === 'material' ? 'material' : undefined }),
  toForm: (value) => value ?? 'partner',
};

/** The filters of one report, read from and written to the URL query; Reset clears the whole query. */
function useReportFilter(name: ReportName) {
  const def = REPORTS[name];
  const has = (k: string) => (def.filters as readonly string[]).includes(k);
  const partnerKey: 'supplierId' | 'customerId' = reportSide(name) === 'buyer' ? 'supplierId' : 'customerId';
  const params = useListFilter(
    {
      period: filterField.dateRange('dateFrom', 'dateTo'),
      partner: filterField.at(partnerKey, filterField.value()),
      material: filterField.text(),
      orderNo: filterField.text(),
      noteNo: filterField.text(),
      noteStatus: filterField.number(),
      groupBy: groupByField,
    },
    { keep: [] },
  );
  const v = params.filter;
  const filter: ReportFilter = {
    dateFrom: v.period?.from,
    dateTo: v.period?.to,
    ...(has(partnerKey) ? { [partnerKey]: v.partner } : {}),
    ...(has('material') ? { material: v.material } : {}),
    ...(has('orderNo') ? { orderNo: v.orderNo } : {}),
    ...(has('noteNo') ? { noteNo: v.noteNo } : {}),
    ...(has('noteStatus') ? { noteStatus: v.noteStatus } : {}),
    ...(has('groupBy') ? { groupBy: v.groupBy } : {}),
  };
  for (const k of Object.keys(filter) as (keyof ReportFilter)[]) if (filter[k] === undefined) delete filter[k];
  return { params, filter, has, partnerKey };
}

function ReportSearch({
  name,
  list,
  has,
  partnerKey,
}: {
  name: ReportName;
  list: ReturnType<typeof useReportFilter>['params'];
  has: (k: string) => boolean;
  partnerKey: 'supplierId' | 'customerId';
}) {
  const { t } = useTranslation();
  const side = reportSide(name);
  const partners = useQuery({
    queryKey: reportKeys.partners(side),
    queryFn: () => reportsApi.partners(side),
    enabled: has(partnerKey),
    staleTime: 60_000,
  });
  const noteStatusNames = t('reports.statuses.note').split('|');
  return (
    <Form
      form={list.form}
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      initialValues={list.initialValues}
      onFinish={list.search}
    >
      <Form.Item name="period" label={t('reports.filters.period')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} format={DATE_FORMAT} />
      </Form.Item>
      {has(partnerKey) && (
        <Form.Item name="partner" label={t(`reports.filters.${partnerKey}`)}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            loading={partners.isLoading}
            options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
      )}
      {has('material') && (
        <Form.Item name="material" label={t('reports.filters.material')}>
          <Input allowClear placeholder={t('reports.filters.materialPlaceholder')} style={{ width: 170 }} />
        </Form.Item>
      )}
      {has('orderNo') && (
        <Form.Item name="orderNo" label={t('reports.filters.orderNo')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
      )}
      {has('noteNo') && (
        <Form.Item name="noteNo" label={t('reports.filters.noteNo')}>
          <Input allowClear style={{ width: 170 }} />
        </Form.Item>
      )}
      {has('noteStatus') && (
        <Form.Item name="noteStatus" label={t('reports.filters.noteStatus')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={DELIVERY_NOTE_STATUS_NAMES.map((_n, code) => ({
              value: code,
              label: noteStatusNames[code],
            })).filter((o) => o.value !== 0)}
          />
        </Form.Item>
      )}
      {has('groupBy') && (
        <Form.Item name="groupBy" label={t('reports.filters.groupBy')}>
          <Select
            style={{ width: 180 }}
            options={[
              { value: 'partner', label: t('reports.filters.groupByPartner') },
              { value: 'material', label: t('reports.filters.groupByMaterial') },
            ]}
          />
        </Form.Item>
      )}
      <SearchActions onReset={list.clear} />
    </Form>
  );
}

/**
 * One report screen, driven by the report's entry in the shared catalogue: filters, summary
 * figures, the chart, the table and the Excel export; rate reports show their definition first.
 */
const MATERIAL_COLUMNS = new Set(['prdtNo', 'prdtName']);

/**
 * The columns each report shows at 1366 px without scrolling (UI.md "what decides comes first"): the
 * document or line it is about, the other party, the material, the quantities or amount it measures,
 * its date and status; the rest sit behind the column settings.
 */
const MUST_SEE: Record<ReportName, string[]> = {
  procurementExecution: ['orderNo', 'supName', 'prdtNo', 'prdtName', 'dueDate', 'orderedQty', 'openQty'],
  deliveryPage: ['noteNo', 'noteStatus', 'shipDate', 'supName', 'prdtNo', 'qty', 'receivedQty'],
  poTimelyArrivalRate: ['supName', 'dueLines', 'dueQty', 'onTimeQty', 'receivedQty', 'onTimeRate'],
  poQualityYield: ['supName', 'prdtNo', 'prdtName', 'inspectedQty', 'qualifiedQty', 'qualityYield'],
  poLzDetails: ['receiptNo', 'receiptDate', 'supName', 'prdtNo', 'prdtName', 'qty', 'amount'],
  poDiffReconciliation: [
    'statementNo',
    'statementStatus',
    'supName',
    'prdtNo',
    'differenceQty',
    'differenceAmount',
    'disputeReason',
  ],
  poUnqualifiedReasonReport: ['reasonCode', 'reason', 'inspectionCount', 'unqualifiedQty', 'share'],
  poConfirmDetails: [
    'orderNo',
    'prdtNo',
    'lineStatus',
    'requestedQty',
    'requestedDate',
    'confirmedQty',
    'confirmedDate',
  ],
  purchAchieveAnalysis: ['contractNo', 'supName', 'prdtNo', 'agreedQty', 'orderedQty', 'receivedQty', 'achieveRate'],
  purchCompAnalysis: ['inquiryNo', 'prdtNo', 'quotedCount', 'lowestPrice', 'awardedPrice', 'savingsAmount', 'supName'],
  supTimelyArrivalRate: ['customerName', 'dueLines', 'dueQty', 'onTimeQty', 'receivedQty', 'onTimeRate'],
  supQualityYield: ['customerName', 'prdtNo', 'prdtName', 'inspectedQty', 'qualifiedQty', 'qualityYield'],
  supLzDetails: ['receiptNo', 'receiptDate', 'customerName', 'prdtNo', 'prdtName', 'qty', 'amount'],
  supDiffReconciliation: [
    'statementNo',
    'statementStatus',
    'customerName',
    'prdtNo',
    'differenceQty',
    'differenceAmount',
    'disputeReason',
  ],
  unreconciledDetails: ['receiptNo', 'receiptDate', 'customerName', 'prdtNo', 'qty', 'amount', 'statementStatus'],
  supConfirmDetails: [
    'orderNo',
    'prdtNo',
    'lineStatus',
    'requestedQty',
    'requestedDate',
    'confirmedQty',
    'confirmedDate',
  ],
};

export function ReportPage({ name }: { name: ReportName }) {
  const { t } = useTranslation();
  const def = REPORTS[name];
  const format = useFormatters();
  const { money } = useNumbers();
  const { params, filter, has, partnerKey } = useReportFilter(name);
  const { page, size } = params;
  const { sort, sortOrder, onChange: onSort } = useListSort<ReportRow>(params);
  const order = sort ? { fieldName: sort.key, asc: sort.asc } : undefined;

  const report = useListQuery(
    {
      queryKey: reportKeys.run(name, filter, page, size, sort ? `${sort.key}:${sort.asc ? 'asc' : 'desc'}` : undefined),
      queryFn: () => reportsApi.run(name, filter, page, size, order),
    },
    params,
  );
  const exporting = useMutation({
    mutationFn: () => reportsApi.export(name, filter),
    onSuccess: saveFile,
  });

  const allColumns: TableColumnsType<ReportRow> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    // A report that can group by material has no material while it groups by partner.
    ...def.columns
      .filter((c) => !(has('groupBy') && filter.groupBy !== 'material' && MATERIAL_COLUMNS.has(c.key)))
      .map((c) => {
        const fmt = format(c);
        return {
          key: c.key,
          dataIndex: c.key,
          title: t(`reports.columns.${c.key}`),
          width: NUMERIC.has(c.kind) ? 120 : c.kind === 'datetime' ? 160 : c.kind === 'date' ? 110 : 150,
          align: NUMERIC.has(c.kind) ? ('right' as const) : undefined,
          ellipsis: c.kind === 'text' ? { showTitle: true } : undefined,
          sorter: !MONEY_KINDS.has(c.kind),
          sortOrder: sortOrder(c.key),
          render: (v: unknown, row: ReportRow) => fmt(v, row),
        };
      }),
  ];
  const chrome = useListChrome(allColumns, { mustSee: MUST_SEE[name] });
  const data = report.data;
  const figures = def.currencyTotals ?? [];
  const summaryCards = def.summary.length + figures.length;
  const cardSpan = Math.max(4, Math.floor(24 / summaryCards));

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {def.rate && (
        <Alert
          type="info"
          showIcon
          title={t(`reports.columns.${def.rate}`)}
          description={t(`reports.definitions.${def.rate}`)}
        />
      )}
      <Card size="small">
        <ListSearch chrome={chrome}>
          <ReportSearch name={name} list={params} has={has} partnerKey={partnerKey} />
        </ListSearch>
        {data && (
          <Typography.Text type="secondary">
            {t('reports.periodShown', { from: data.period.dateFrom, to: data.period.dateTo })}
          </Typography.Text>
        )}
      </Card>
      {report.isError && !data ? (
        <Result
          status="error"
          title={t('reports.loadFailed')}
          subTitle={report.error.message}
          extra={<Button onClick={() => report.refetch()}>{t('reports.retry')}</Button>}
        />
      ) : (
        <>
          <Row gutter={[12, 12]}>
            {def.summary.map((c) => (
              <Col key={c.key} xs={12} md={6} xl={cardSpan}>
                <Card size="small" loading={!data}>
                  <Statistic
                    title={t(`reports.columns.${c.key}`)}
                    value={data ? format(c)(data.summary[c.key], data.summary) || '—' : ''}
                  />
                </Card>
              </Col>
            ))}
            {figures.map((c) => (
              <Col key={c.key} xs={12} md={6} xl={cardSpan}>
                <Card size="small" loading={!data}>
                  <Statistic
                    title={t(`reports.columns.${c.key}`)}
                    formatter={() => <CurrencyLines figure={c.key} totals={data?.currencyTotals ?? []} />}
                  />
                </Card>
              </Col>
            ))}
          </Row>
          <Card size="small" title={t('reports.chart.title')}>
            {data ? <ReportChart chart={data.chart} /> : <Empty description={t('reports.chart.loading')} />}
          </Card>
          <Card size="small">
            <TableToolbar
              left={
                <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
                  {t('reports.actions.export')}
                </Button>
              }
              onRefresh={() => report.refetch()}
              refreshing={report.isFetching}
              {...chrome.toolbarProps}
            />
            <ListTable<ReportRow>
              chrome={chrome}
              rowKey="id"
              loading={report.isLoading}
              dataSource={data?.dataList ?? []}
              locale={{ emptyText: <Empty description={t('reports.empty')} /> }}
              pagination={params.pagination(data?.totalCount)}
              onChange={onSort}
              summary={
                figures.length && data?.currencyTotals.length
                  ? () =>
                      currencyTotalRows(
                        chrome.columns,
                        figures,
                        data.currencyTotals,
                        (total) => t('reports.totalOf', { count: total.lines, n: formatDecimal(total.lines, 0) }),
                        money,
                      )
                  : undefined
              }
            />
          </Card>
        </>
      )}
    </Space>
  );
}

const screen = (name: ReportName) => () => <ReportPage name={name} />;

/** One screen per report route (features/reports/pages.ts). */
export const ReportScreens = {
  procurementExecution: screen('procurementExecution'),
  deliveryPage: screen('deliveryPage'),
  poTimelyArrivalRate: screen('poTimelyArrivalRate'),
  poQualityYield: screen('poQualityYield'),
  poLzDetails: screen('poLzDetails'),
  poDiffReconciliation: screen('poDiffReconciliation'),
  poUnqualifiedReasonReport: screen('poUnqualifiedReasonReport'),
  poConfirmDetails: screen('poConfirmDetails'),
  purchAchieveAnalysis: screen('purchAchieveAnalysis'),
  purchCompAnalysis: screen('purchCompAnalysis'),
  supTimelyArrivalRate: screen('supTimelyArrivalRate'),
  supQualityYield: screen('supQualityYield'),
  supLzDetails: screen('supLzDetails'),
  supDiffReconciliation: screen('supDiffReconciliation'),
  unreconciledDetails: screen('unreconciledDetails'),
  supConfirmDetails: screen('supConfirmDetails'),
} satisfies Record<ReportName, () => React.JSX.Element>;
