import { ArrowLeftOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { formatDecimal, MASK, type ReceivingPlanHistoryEntry } from '@concord/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { Button, DatePicker, Empty, Form, Input, Result, Select, Skeleton, Space, Timeline } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/http.ts';
import { DATE_FORMAT, formatDateTime } from '../../lib/dates.ts';
import type { Side } from './receiving-plans.api.ts';

/** A quantity rounded by the order's decimal places with thousands separators; `***` stays masked. */
export function formatQty(value: string | number | null | undefined, places = 2): string {
  if (value === null || value === undefined || value === '') return '';
  if (value === MASK) return MASK;
  return formatDecimal(value, places);
}

/** A right-aligned quantity column (UI.md: numbers right-aligned with thousands separators). */
export const qtyColumn = (places = 2) => ({
  align: 'right' as const,
  render: (v: string | null) => formatQty(v, places),
});

/** Both enterprises' steps of a document in time order, each marked with its side. */
export function History({ entries }: { entries: ReceivingPlanHistoryEntry[] }) {
  const { t } = useTranslation();
  if (!entries.length) return <Empty description={t('receivingPlans.common.noHistory')} />;
  return (
    <Timeline
      items={entries.map((h, i) => ({
        key: `${h.at}-${i}`,
        color: h.side === 'buyer' ? 'blue' : 'green',
        content: (
          <div>
            <div style={{ color: 'rgba(0,0,0,0.45)' }}>
              {formatDateTime(h.at)} · {h.username} ·{' '}
              {h.side === 'buyer' ? t('receivingPlans.common.buyerSide') : t('receivingPlans.common.supplierSide')}
            </div>
            <div>{h.summary}</div>
          </div>
        ),
      }))}
    />
  );
}

/**
 * A detail page's loading, not-found and error states around the loaded document (UI.md: every
 * screen has loading, empty and error states).
 */
export function DetailGate<T>({
  query,
  back,
  children,
}: {
  query: UseQueryResult<T>;
  back: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={notFound ? t('receivingPlans.common.notFound') : (query.error as Error).message}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(back)}>
              {t('receivingPlans.common.back')}
            </Button>
            {!notFound && <Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
          </Space>
        }
      />
    );
  }
  return children(query.data);
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={error instanceof Error ? error.message : t('receivingPlans.common.loadFailed')}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
    />
  );
}

export interface SearchField {
  /** The search form's field, named as in the page's `useListFilter` fields. */
  name: string;
  label: string;
  kind: 'text' | 'statuses' | 'dates' | 'select';
  options?: { value: string | number; label: string }[];
  placeholder?: string;
}

/** What the search form needs of the page's `useListFilter` (components/list/useListFilter.ts). */
export interface SearchBinding {
  form: FormInstance;
  initialValues: object;
  search: (values: object) => void;
  clear: () => void;
}

/**
 * A list's search form drawn from its fields (UI.md: filters live in the URL, through the page's
 * `useListFilter`): text inputs, a multiple select for `statuses`, a date range for `dates`.
 */
export function SearchForm({ fields, list }: { fields: SearchField[]; list: SearchBinding }) {
  const { t } = useTranslation();
  return (
    <Form
      form={list.form}
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      initialValues={list.initialValues}
      onFinish={list.search}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.kind === 'text' ? (
            <Input allowClear placeholder={f.placeholder} style={{ width: 170 }} />
          ) : f.kind === 'dates' ? (
            <DatePicker.RangePicker allowEmpty={[true, true]} format={DATE_FORMAT} />
          ) : (
            <Select
              allowClear
              mode={f.kind === 'statuses' ? 'multiple' : undefined}
              maxTagCount="responsive"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 200 }}
              options={f.options}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('receivingPlans.common.search')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={list.clear}>
            {t('receivingPlans.common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** The other party's column: the supplier on the buyer's side, the customer on the supplier's (UI.md). */
export const partyColumn = (side: Side, supplierTitle: string, customerTitle: string) =>
  side === 'buyer'
    ? {
        key: 'supplier',
        title: supplierTitle,
        width: 220,
        ellipsis: { showTitle: true },
        render: (_v: unknown, r: { supCode?: string; supName: string }) => `${r.supCode ?? ''} ${r.supName}`.trim(),
      }
    : {
        key: 'customer',
        title: customerTitle,
        dataIndex: 'customerName',
        width: 200,
        ellipsis: { showTitle: true },
      };
