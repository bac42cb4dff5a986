import { MONEY_FINDING_KINDS } from '@concord/shared';
import type { TableColumnsType } from 'antd';
import { Button, Card, Empty, Form, Input, Result, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { useDecimalPlaces } from '../basic-data/useDecimalPlaces.ts';
import { documentPath, type MoneyFinding, type MoneyFindingFilter, moneyFindingsApi } from './money-findings.api.ts';

/**
 * /basicdatasetting/decimalplaces/money-findings (administrators): the stored amounts of agreed
 * documents that differ from the exact figure, as the money recompute of issue 16 found them.
 */
export function MoneyFindingsPage() {
  const { t } = useTranslation();
  const places = useDecimalPlaces();
  const findings = useListFilter({
    documentKind: filterField.oneOf(MONEY_FINDING_KINDS),
    documentNo: filterField.text(),
  });
  const { page, size, pagination, form, initialValues, search, clear, filtered } = findings;
  const filter: MoneyFindingFilter = findings.filter;
  const list = useListQuery(
    { queryKey: ['moneyFindings', filter, page, size], queryFn: () => moneyFindingsApi.list(filter, page, size) },
    findings,
  );

  // Each figure at its own document's amount places, with the document's currency.
  const money = (f: MoneyFinding, value: string) =>
    numberFormat({ ...places, amount: f.places }).money(value, f.currency);
  const amount = (key: 'oldAmount' | 'exactAmount' | 'differenceAmount', title: string, width: number) => ({
    key,
    title,
    width,
    align: 'right' as const,
    render: (_v: unknown, f: MoneyFinding) => money(f, f[key]),
  });

  const allColumns: TableColumnsType<MoneyFinding> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'documentNo',
      title: t('moneyFindings.columns.documentNo'),
      width: 170,
      render: (_v, f) => {
        const path = documentPath(f);
        return path ? <Link to={path}>{f.documentNo}</Link> : f.documentNo;
      },
    },
    {
      key: 'documentKind',
      title: t('moneyFindings.columns.kind'),
      width: 170,
      render: (_v, f) => t(`moneyFindings.kinds.${f.documentKind}`),
    },
    {
      key: 'lineNo',
      title: t('moneyFindings.columns.line'),
      width: 80,
      align: 'right',
      render: (_v, f) =>
        f.lineNo === null ? <Typography.Text strong>{t('moneyFindings.total')}</Typography.Text> : f.lineNo,
    },
    amount('oldAmount', t('moneyFindings.columns.oldAmount'), 170),
    amount('exactAmount', t('moneyFindings.columns.exactAmount'), 170),
    amount('differenceAmount', t('moneyFindings.columns.difference'), 150),
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['documentNo', 'documentKind', 'lineNo', 'oldAmount', 'exactAmount', 'differenceAmount'],
  });

  if (list.isError && !list.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('moneyFindings.loadFailed', { reason: (list.error as Error).message })}
          extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card title={t('moneyFindings.title')}>
      <Typography.Paragraph type="secondary">{t('moneyFindings.description')}</Typography.Paragraph>
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={initialValues}
          onFinish={search}
        >
          <Form.Item name="documentKind" label={t('moneyFindings.filter.kind')}>
            <Select
              allowClear
              style={{ width: 200 }}
              options={MONEY_FINDING_KINDS.map((kind) => ({ value: kind, label: t(`moneyFindings.kinds.${kind}`) }))}
            />
          </Form.Item>
          <Form.Item name="documentNo" label={t('moneyFindings.filter.documentNo')}>
            <Input allowClear placeholder={t('moneyFindings.filter.documentNoPlaceholder')} style={{ width: 180 }} />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar {...chrome.toolbarProps} onRefresh={() => void list.refetch()} refreshing={list.isFetching} />
      <ListTable<MoneyFinding>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty
              description={
                <>
                  {t('moneyFindings.empty')}
                  {filtered && <div>{t('moneyFindings.emptyHint')}</div>}
                </>
              }
            />
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
    </Card>
  );
}
