import type { ListResult, OperationType } from '@concord/shared';
import i18n from 'i18next';
import { API_BASE, ApiError, http, normalizeFailure } from '../../api/http.ts';
import { parseJson } from '../../lib/json.ts';
import { currentToken, useSession } from '../../stores/session.ts';

export interface OperationLog {
  id: string;
  userId: string | null;
  username: string;
  operationType: OperationType;
  module: string;
  targetId: string | null;
  summary: string;
  ip: string | null;
  createdAt: string;
}

export interface OperationLogFilter {
  username?: string;
  operationType?: number;
  module?: string;
  /** ISO date-times, inclusive. */
  from?: string;
  to?: string;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

const filenameOf = (disposition: string | null, fallback: string) =>
  disposition?.match(/filename="([^"]+)"/)?.[1] ?? fallback;

/**
 * The export answers a file, not the JSON envelope, so it is fetched here with the session's headers;
 * a refusal still arrives as the envelope and becomes the usual ApiError.
 */
async function postForFile(path: string, body: unknown, fallbackName: string): Promise<DownloadedFile> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: '*/*' });
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantId = useSession.getState().tenantId;
  if (tenantId) headers.set('TENANT_ID', tenantId);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 0);
  }
  if (!res.ok) {
    const text = await res.text();
    let envelope: unknown;
    try {
      envelope = text ? parseJson(text) : undefined;
    } catch {
      envelope = text;
    }
    const failure = normalizeFailure(
      res.status,
      envelope,
      i18n.t.bind(i18n) as unknown as Parameters<typeof normalizeFailure>[2],
    );
    throw new ApiError(failure.message, failure.status, failure.errorCode, failure.data);
  }
  return { blob: await res.blob(), filename: filenameOf(res.headers.get('Content-Disposition'), fallbackName) };
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

export const operationLogsApi = {
  list: (filter: OperationLogFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<OperationLog>>(
      '/srm/operation-logs/list',
      { filter, pageParam: { pageNum, pageSize } },
      // A list read is not a change; the global overlay would only flicker.
      { overlay: false },
    ),
  modules: () => http.get<string[]>('/srm/operation-logs/modules'),
  export: (filter: OperationLogFilter) =>
    postForFile(
      '/srm/operation-logs/export',
      { filter, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      'operation-logs.xlsx',
    ),
};
