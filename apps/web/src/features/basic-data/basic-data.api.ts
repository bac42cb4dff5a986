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
import i18n from 'i18next';
import { API_BASE, ApiError, http, normalizeFailure } from '../../api/http.ts';
import { parseJson } from '../../lib/json.ts';
import { currentToken, useSession } from '../../stores/session.ts';

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

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

const filenameOf = (disposition: string | null, fallback: string) =>
  disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;

/**
 * Templates and exports answer a file, not the JSON envelope, so they are fetched here with the
 * session's headers; a refusal still arrives as the envelope and becomes the usual ApiError.
 */
async function getFile(path: string, query: Record<string, string | undefined>, fallback: string) {
  const headers = new Headers({ Accept: '*/*' });
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantId = useSession.getState().tenantId;
  if (tenantId) headers.set('TENANT_ID', tenantId);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  const qs = params.toString();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${qs ? `?${qs}` : ''}`, { headers, credentials: 'include' });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 0);
  }
  if (!res.ok) {
    const text = await res.text();
    let envelope: unknown = text;
    try {
      envelope = text ? parseJson(text) : undefined;
    } catch {
      // A body that is not JSON is passed on as text.
    }
    const failure = normalizeFailure(
      res.status,
      envelope,
      i18n.t.bind(i18n) as unknown as Parameters<typeof normalizeFailure>[2],
    );
    throw new ApiError(failure.message, failure.status, failure.errorCode, failure.data);
  }
  return { blob: await res.blob(), filename: filenameOf(res.headers.get('Content-Disposition'), fallback) };
}

/** Hands a downloaded file to the browser's save dialog. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const srm = (resource: string) => `/srm/${resource}`;

export const basicDataApi = {
  list: <T>(resource: FlatResource, filter: object, pageNum: number, pageSize: number) =>
    http.post<ListResult<T>>(`${srm(resource)}/list`, { filter, pageParam: { pageNum, pageSize } }, quiet),
  create: <T>(resource: FlatResource, input: object) => http.post<T>(srm(resource), input),
  update: <T>(resource: FlatResource, id: string, input: object) => http.put<T>(`${srm(resource)}/${id}`, input),
  remove: (resource: FlatResource, id: string) => http.delete<null>(`${srm(resource)}/${id}`),
  batchRemove: (resource: FlatResource, ids: string[]) => http.post<null>(`${srm(resource)}/batch-delete`, { ids }),

  template: (resource: ExcelResource) => getFile(`${srm(resource)}/template`, {}, `${resource}-template.xlsx`),
  export: (resource: ExcelResource, query: Record<string, string | undefined>) =>
    getFile(`${srm(resource)}/export`, query, `${resource}.xlsx`),
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
