import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { DECIMAL_TEXT, type DecimalPlaces } from '@concord/shared';
import type { FormInstance } from 'antd';
import { Button, DatePicker, Form, Input, Result, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http.ts';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { feedback } from '../../lib/feedback.ts';
import { errorText, type FieldError, fieldErrorsOf, placeFieldErrors } from '../../lib/fieldErrors.ts';
import { numberFormat } from '../../lib/numbers.ts';
import type { Side } from './receiving-plans.api.ts';

/** A typed quantity in sums and comparisons; an empty or unfinished one counts as nothing. */
export const qtyOf = (v: string | null | undefined) => (v && DECIMAL_TEXT.test(v) ? v : '0');

/**
 * The problems of a rejected save with lines: those the server names `lines.N.field`, for a `field`
 * the table edits, keyed `rowKey.field` by the rows as they were sent (`rowKeys[N]`) for each line's
 * cell; with `form`, the head's problems are put beside its fields. `rest` is what is left to show.
 */
export function lineErrorsOf(
  error: unknown,
  lines: { rowKeys: readonly (string | number)[]; fields: readonly string[] },
  form?: FormInstance,
): { cells: Record<string, string>; rest: FieldError[] } {
  const cells: Record<string, string> = {};
  const rest: FieldError[] = [];
  for (const f of form ? placeFieldErrors(form, error) : fieldErrorsOf(error)) {
    const [list, index, field] = f.name;
    const key =
      list === 'lines' && typeof index === 'number' && lines.fields.includes(String(field))
        ? lines.rowKeys[index]
        : undefined;
    if (key === undefined) rest.push(f);
    else cells[`${key}.${String(field)}`] = f.message;
  }
  return { cells, rest };
}

/**
 * What `lineErrorsOf` left, shown once as a message: nothing when every problem found its field, or
 * when the client already told the user (an expired login).
 */
export function reportRest(error: unknown, rest: FieldError[]): void {
  if (error instanceof ApiError && error.handled) return;
  if (rest.length || !fieldErrorsOf(error).length) feedback.error(errorText(error, rest));
}

/** A line's problem under its input in a table cell. */
export function CellError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, whiteSpace: 'normal' }}>
      {message}
    </Typography.Text>
  );
}

/**
 * A right-aligned quantity column (UI.md: numbers right-aligned with thousands separators), each row at
 * its own order's places (a list mixes orders rounded with different settings); `***` stays masked.
 */
export const qtyColumn = <R extends { decimalPlaces: DecimalPlaces }>() => ({
  align: 'right' as const,
  render: (v: string | null, r: R) => numberFormat(r.decimalPlaces).fmt(v, 'quantity'),
});

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
