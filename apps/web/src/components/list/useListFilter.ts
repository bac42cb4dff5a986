import { Form } from 'antd';
import { useListParams } from './useListParams.ts';

type UrlValue = string | number | undefined | null;

/** How one filter of a list reads from its URL parameter and writes the search form's value back. */
export interface FilterField<T> {
  read: (raw: string | undefined) => T | undefined;
  write: (value: T | undefined) => UrlValue;
}

/** The fields of a list's filter, by URL parameter (the search form's field names are the same). */
export const filterField = {
  /** Typed text: trimmed on search, so blanks drop the parameter. */
  text: (): FilterField<string> => ({ read: (raw) => raw, write: (value) => value?.trim() }),
  /** A value picked from a list (an id), passed as it is. */
  value: (): FilterField<string> => ({ read: (raw) => raw, write: (value) => value }),
  /** One of `values`: anything else a hand-edited link carries is ignored. */
  oneOf: <T extends string>(values: readonly T[]): FilterField<T> => ({
    read: (raw) => values.find((v) => v === raw),
    write: (value) => value,
  }),
  /** A number picked from a list. */
  number: (): FilterField<number> => ({
    read: (raw) => (raw !== undefined ? Number(raw) : undefined),
    write: (value) => value,
  }),
  /** A status code: a code `names` does not name (a hand-edited link) is ignored. */
  code: (names: readonly string[]): FilterField<number> => ({
    read: (raw) => (raw !== undefined && names[Number(raw)] ? Number(raw) : undefined),
    write: (value) => value,
  }),
};

type Fields = Record<string, { read: (raw: string | undefined) => unknown; write: (value: never) => UrlValue }>;
/** The filter a list's fields give: each parameter's value, undefined where the URL has none. */
export type FilterOf<F extends Fields> = { [K in keyof F]?: F[K] extends FilterField<infer T> ? T : never };

/**
 * A list's filter kept in the URL (on top of useListParams' paging): the filter read from the link,
 * the search form bound to it, Search writing the form back (page 1), and Reset clearing both.
 *
 * ```tsx
 * const { filter, filtered, form, search, clear, page, size, pagination } = useListFilter({
 *   keyword: filterField.text(),
 *   status: filterField.code(NOTICE_STATUS_NAMES),
 * });
 * <Form form={form} initialValues={filter} onFinish={search}>…<SearchActions onReset={clear} /></Form>
 * ```
 */
export function useListFilter<F extends Fields>(fields: F, options: { keep?: string[] } = {}) {
  const params = useListParams();
  const [form] = Form.useForm<FilterOf<F>>();
  const entries = Object.entries(fields) as unknown as [keyof F & string, FilterField<unknown>][];
  const filter = Object.fromEntries(entries.map(([key, field]) => [key, field.read(params.get(key))])) as FilterOf<F>;
  const filtered = Object.values(filter).some((v) => v !== undefined);
  const search = (values: FilterOf<F>) =>
    params.update(Object.fromEntries(entries.map(([key, field]) => [key, field.write(values[key])])));
  /** Empties the form and the URL but for the parameters that survive a reset (the page size by default). */
  const clear = () => {
    form.setFieldsValue(Object.fromEntries(entries.map(([key]) => [key, undefined])) as never);
    params.reset(options.keep ?? ['size']);
  };
  return { ...params, form, filter, filtered, search, clear };
}
