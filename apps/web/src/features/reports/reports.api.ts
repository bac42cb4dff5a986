import type { ReportFilter, ReportName, ReportPartner, ReportReply, ReportSide } from '@concord/shared';
import i18n from 'i18next';
import { API_BASE, ApiError, http, normalizeFailure } from '../../api/http.ts';
import { parseJson } from '../../lib/json.ts';
import { currentToken, useSession } from '../../stores/session.ts';

const BASE = '/srm/reports';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export const reportKeys = {
  all: ['reports'] as const,
  run: (name: ReportName, filter: ReportFilter, page: number, size: number, sort: string | undefined) =>
    ['reports', name, filter, page, size, sort] as const,
  partners: (side: ReportSide) => ['reports', 'partners', side] as const,
};

/** The query string of an export: the report's filters, flat, empty ones left out. */
export function exportQuery(filter: ReportFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params;
}

/**
 * The Excel file comes back as bytes, not the JSON envelope, so it is fetched here with the session's
 * headers; a refusal still arrives as the envelope and becomes an ApiError.
 */
async function getFile(path: string, params: URLSearchParams, fallback: string): Promise<DownloadedFile> {
  const headers = new Headers({ Accept: '*/*' });
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantId = useSession.getState().tenantId;
  if (tenantId) headers.set('TENANT_ID', tenantId);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}?${params}`, { headers, credentials: 'include' });
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
    const t = i18n.t.bind(i18n) as unknown as Parameters<typeof normalizeFailure>[2];
    const failure = normalizeFailure(res.status, envelope, t);
    throw new ApiError(failure.message, failure.status, failure.errorCode, failure.data);
  }
  const name = res.headers.get('Content-Disposition')?.match(/filename="([^"]+)"/)?.[1] ?? fallback;
  return { blob: await res.blob(), filename: name };
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

export const reportsApi = {
  run: (
    name: ReportName,
    filter: ReportFilter,
    pageNum: number,
    pageSize: number,
    sort?: { fieldName: string; asc: boolean },
  ) =>
    http.post<ReportReply>(`${BASE}/${name}`, {
      filter,
      pageParam: { pageNum, pageSize },
      ...(sort ? { orderParam: [sort] } : {}),
    }),
  export: (name: ReportName, filter: ReportFilter) =>
    getFile(`${BASE}/${name}/export`, exportQuery(filter), `${name}.xlsx`),
  partners: (side: ReportSide) => http.get<ReportPartner[]>(`${BASE}/partners/${side}`),
};
