import {
  DEFAULT_DECIMAL_PLACES,
  type DecimalPlaces,
  type DecimalPlacesSetting,
  type DecimalPlacesUpdateInput,
  type ImportResult,
  type ListResult,
  type MaterialClass,
  type MaterialClassInput,
  type MaterialClassNode,
  type MaterialClassUpdateInput,
} from '@concord/shared';
import { fetchFile, http } from '../../api/http.ts';

/** The flat resources of basic data, by their path under /gateway/srm. */
export type FlatResource =
  | 'dictionaries'
  | 'attributes'
  | 'features'
  | 'warehouses'
  | 'interest-rates'
  | 'exchange-rates'
  | 'evaluation-projects';

/** Resources with an Excel template, export and import. */
export type ExcelResource = 'warehouses' | 'interest-rates' | 'exchange-rates';

export const basicDataKeys = {
  all: ['basic-data'] as const,
  resource: (resource: FlatResource | 'material-classes') => ['basic-data', resource] as const,
  list: (resource: FlatResource, filter: object, page: number, size: number) =>
    ['basic-data', resource, 'list', filter, page, size] as const,
  classTree: ['basic-data', 'material-classes', 'tree'] as const,
  decimalPlaces: ['basic-data', 'decimal-places'] as const,
};

// A list read is not a change; the global overlay would only flicker.
const quiet = { overlay: false };

const srm = (resource: string) => `/srm/${resource}`;

export const basicDataApi = {
  list: <T>(resource: FlatResource, filter: object, pageNum: number, pageSize: number) =>
    http.post<ListResult<T>>(`${srm(resource)}/list`, { filter, pageParam: { pageNum, pageSize } }, quiet),
  create: <T>(resource: FlatResource, input: object) => http.post<T>(srm(resource), input),
  update: <T>(resource: FlatResource, id: string, input: object) => http.put<T>(`${srm(resource)}/${id}`, input),
  remove: (resource: FlatResource, id: string) => http.delete<null>(`${srm(resource)}/${id}`),
  batchRemove: (resource: FlatResource, ids: string[]) => http.post<null>(`${srm(resource)}/batch-delete`, { ids }),

  template: (resource: ExcelResource) =>
    fetchFile(`${srm(resource)}/template`, { filename: `${resource}-template.xlsx` }),
  export: (resource: ExcelResource, query: Record<string, string | undefined>) =>
    fetchFile(`${srm(resource)}/export`, { query, filename: `${resource}.xlsx` }),
  import: (resource: ExcelResource, file: File) => http.upload<ImportResult>(`${srm(resource)}/import`, file),

  classTree: () => http.get<MaterialClassNode[]>('/srm/material-classes/tree'),
  createClass: (input: MaterialClassInput) => http.post<MaterialClass>('/srm/material-classes', input),
  updateClass: (id: string, input: MaterialClassUpdateInput) =>
    http.put<MaterialClass>(`/srm/material-classes/${id}`, input),
  removeClass: (id: string) => http.delete<null>(`/srm/material-classes/${id}`),

  decimalPlaces: () => http.get<DecimalPlacesSetting>('/srm/decimal-places'),
  saveDecimalPlaces: (input: DecimalPlacesUpdateInput) => http.put<DecimalPlacesSetting>('/srm/decimal-places', input),
};

/** The wire's list of { kind, places } as a record; the defaults for any kind it lacks. */
export function toDecimalPlaces(setting: DecimalPlacesSetting | undefined): DecimalPlaces {
  const places = { ...DEFAULT_DECIMAL_PLACES };
  for (const s of setting?.settings ?? []) places[s.kind] = s.places;
  return places;
}
