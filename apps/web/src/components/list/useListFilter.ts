import { Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { codesParam, dateParam, useListParams } from './useListParams.ts';

type UrlValue = string | number | undefined | null;
/** Reads one parameter of the list's link. */
export type UrlReader = (param: string) => string | undefined;

/**
 * How one filter of a list reads from the URL and writes the search form's value back. `T` is the
 * filter's value, `V` the search form's (the same but where the form shows it differently, as a date
 * range picker does). `param` is the URL parameter: the field's name in the filter unless `at` names another.
 */
export interface FilterField<T, V = T> {
  read: (url: UrlReader, param: string) => T | undefined;
  write: (value: V | undefined, param: string) => Record<string, UrlValue>;
  /** The form's value for the filter's; the same value when absent. */
  toForm?: (value: T | undefined) => V | undefined;
}

/** A period of a filter: `yyyy-MM-dd` days, or RFC 3339 instants for a time range. */
export interface FilterRange {
  from?: string;
  to?: string;
}
/** A RangePicker's value. */
export type PickerRange = [Dayjs | null, Dayjs | null] | null;

/** A field kept in one URL parameter. */
const single = <T>(
  read: (raw: string | undefined) => T | undefined,
  write: (value: T | undefined) => UrlValue = (value) => value as UrlValue,
): FilterField<T> => ({
  read: (url, param) => read(url(param)),
  write: (value, param) => ({ [param]: write(value) }),
});

/** A range kept in two URL parameters (`<param>From` and `<param>To` unless named). */
const range = (
  parse: (raw: string | undefined) => string | undefined,
  format: (from: Dayjs | null | undefined, to: Dayjs | null | undefined) => [string | undefined, string | undefined],
  fromParam?: string,
  toParam?: string,
): FilterField<FilterRange, PickerRange> => {
  const names = (param: string) => [fromParam ?? `${param}From`, toParam ?? `${param}To`] as const;
  return {
    read: (url, param) => {
      const [f, t] = names(param);
      const from = parse(url(f));
      const to = parse(url(t));
      return from || to ? { from, to } : undefined;
    },
    write: (value, param) => {
      const [f, t] = names(param);
      const [from, to] = format(value?.[0], value?.[1]);
      return { [f]: from, [t]: to };
    },
    toForm: (value) => (value ? [value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null] : null),
  };
};

/** The fields of a list's filter, by name (the search form's field names are the same). */
export const filterField = {
  /** Typed text: trimmed on search, so blanks drop the parameter. */
  text: (): FilterField<string> =>
    single(
      (raw) => raw,
      (value) => value?.trim(),
    ),
  /** A value picked from a list (an id), passed as it is. */
  value: (): FilterField<string> => single((raw) => raw),
  /** One of `values`: anything else a hand-edited link carries is ignored. */
  oneOf: <T extends string>(values: readonly T[]): FilterField<T> => single((raw) => values.find((v) => v === raw)),
  /** A number picked from a list; with `accept`, a number it refuses (a hand-edited link) is ignored. */
  number: (accept?: (n: number) => boolean): FilterField<number> =>
    single((raw) => (raw !== undefined && (!accept || accept(Number(raw))) ? Number(raw) : undefined)),
  /** One of the numbers `values`, as a link writes them (`0`, `1`); anything else is ignored. */
  numberOf: <T extends number>(values: readonly T[]): FilterField<T> =>
    single((raw) => values.find((v) => String(v) === raw)),
  /** A status code: a code `names` does not name (a hand-edited link) is ignored. */
  code: (names: readonly string[]): FilterField<number> =>
    single((raw) => (raw !== undefined && names[Number(raw)] ? Number(raw) : undefined)),
  /** Several status codes, comma-joined (message links point at one); codes `names` does not know are dropped. */
  codes: (names?: readonly unknown[]): FilterField<number[]> =>
    single(
      (raw) => codesParam(raw, names),
      (value) => value?.join(','),
    ),
  /** A period of days (`yyyy-MM-dd`, as the link carries them); the form shows a RangePicker. */
  dateRange: (fromParam?: string, toParam?: string): FilterField<FilterRange, PickerRange> =>
    range(dateParam, (from, to) => [from?.format(DATE_FORMAT), to?.format(DATE_FORMAT)], fromParam, toParam),
  /** A period of instants (RFC 3339, to the whole second); the form shows a RangePicker with time. */
  timeRange: (fromParam?: string, toParam?: string): FilterField<FilterRange, PickerRange> =>
    range(
      (raw) => raw,
      (from, to) => [from?.startOf('second').toISOString(), to?.endOf('second').toISOString()],
      fromParam,
      toParam,
    ),
  /** `field` kept under the URL parameter `param` rather than its own name (form `partner`, URL `supplierId`). */
  at: <T, V>(param: string, field: FilterField<T, V>): FilterField<T, V> => ({
    ...field,
    read: (url) => field.read(url, param),
    write: (value) => field.write(value, param),
  }),
};

type Fields = Record<
  string,
  {
    read: (url: UrlReader, param: string) => unknown;
    write: (value: never, param: string) => Record<string, UrlValue>;
    toForm?: (value: never) => unknown;
  }
>;
/** The filter a list's fields give: each field's value, undefined where the URL has none. */
export type FilterOf<F extends Fields> = { [K in keyof F]?: F[K] extends FilterField<infer T, infer _V> ? T : never };
/** The search form's values of a list's fields. */
export type FormOf<F extends Fields> = { [K in keyof F]?: F[K] extends FilterField<infer _T, infer V> ? V : never };

/**
 * A list's filter kept in the URL (on top of useListParams' paging): the filter read from the link,
 * the search form bound to it, Search writing the form back (page 1), and Reset clearing both.
 *
 * ```tsx
 * const { filter, filtered, form, initialValues, search, clear, page, size, pagination } = useListFilter({
 *   keyword: filterField.text(),
 *   status: filterField.code(NOTICE_STATUS_NAMES),
 *   period: filterField.dateRange('dateFrom', 'dateTo'),
 * });
 * <Form form={form} initialValues={initialValues} onFinish={search}>…<SearchActions onReset={clear} /></Form>
 * ```
 *
 * `initialValues` is `filter` as the form shows it (the same but for ranges). Reset leaves in the link
 * only the parameters `keep` names (the page size by default) and puts in the form what that link
 * means (a field's default where it has one, else nothing).
 */
export function useListFilter<F extends Fields>(fields: F, options: { keep?: string[] } = {}) {
  const params = useListParams();
  const [form] = Form.useForm<FormOf<F>>();
  const keep = options.keep ?? ['size'];
  const entries = Object.entries(fields) as unknown as [keyof F & string, FilterField<unknown, unknown>][];
  const readFrom = (url: UrlReader) =>
    Object.fromEntries(entries.map(([key, field]) => [key, field.read(url, key)])) as FilterOf<F>;
  const formValues = (filter: FilterOf<F>) =>
    Object.fromEntries(
      entries.map(([key, field]) => [key, field.toForm ? field.toForm(filter[key]) : filter[key]]),
    ) as FormOf<F>;

  const filter = readFrom(params.get);
  const initialValues = formValues(filter);
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const search = (values: FormOf<F>) =>
    params.update(Object.assign({}, ...entries.map(([key, field]) => field.write(values[key], key))));
  const clear = () => {
    form.setFieldsValue(formValues(readFrom((p) => (keep.includes(p) ? params.get(p) : undefined))) as never);
    params.reset(keep);
  };
  return { ...params, form, filter, initialValues, filtered, search, clear };
}
