import type {
  ListResult,
  ReconcilableLine,
  ReconcilableLineQuery,
  ReconciliationAction,
  ReconciliationActionInput,
  ReconciliationCreated,
  ReconciliationCreateInput,
  ReconciliationDetail,
  ReconciliationListItem,
  ReconciliationPartner,
  ReconciliationUpdateInput,
} from '@concord/shared';
import i18n from 'i18next';
import { API_BASE, ApiError, http, normalizeFailure } from '../../api/http.ts';
import { parseJson } from '../../lib/json.ts';
import { currentToken, useSession } from '../../stores/session.ts';

export type Side = 'buyer' | 'supplier';

export interface StatementFilter {
  statementNo?: string;
  supplierId?: string;
  customerTenantId?: string;
  statuses?: number[];
  periodFrom?: string;
  periodTo?: string;
}

export const statementKeys = {
  all: ['reconciliations'] as const,
  list: (side: Side, filter: StatementFilter, page: number, size: number) =>
    ['reconciliations', 'list', side, filter, page, size] as const,
  detail: (id: string) => ['reconciliations', 'detail', id] as const,
  partners: (side: Side) => ['reconciliations', 'partners', side] as const,
};

const BASE = '/srm/reconciliations';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

/** Where each side's screens live (spec §2): the buyer under /purchasebill, the supplier under /workers. */
export const statementPaths = (side: Side) =>
  side === 'buyer'
    ? {
        list: '/purchasebill/workernote',
        detail: (id: string) => `/purchasebill/sourcing/detail?id=${id}`,
        add: null,
      }
    : {
        list: '/workers/workernote',
        detail: (id: string) => `/workers/sourcing/detail?id=${id}`,
        add: '/workers/workernote/components/newstate',
      };

/** The export comes back as bytes, not the JSON envelope; a refusal still arrives as the envelope. */
async function download(path: string, fallback: string): Promise<void> {
  const headers = new Headers({ Accept: '*/*' });
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantId = useSession.getState().tenantId;
  if (tenantId) headers.set('TENANT_ID', tenantId);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { headers, credentials: 'include' });
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
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fallback;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const statementsApi = {
  list: (side: Side, filter: StatementFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<ReconciliationListItem>>(
      `${BASE}/list`,
      { filter: { ...filter, side }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  partners: (side: Side) => http.get<ReconciliationPartner[]>(`${BASE}/partners`, { side }),
  reconcilable: (query: ReconcilableLineQuery) =>
    http.post<ReconcilableLine[]>(`${BASE}/reconcilable-lines/list`, query, quiet),
  get: (id: string) => http.get<ReconciliationDetail>(`${BASE}/${id}`),
  create: (input: ReconciliationCreateInput, idempotencyKey?: string) =>
    http.post<ReconciliationCreated>(BASE, input, { idempotencyKey }),
  update: (id: string, input: ReconciliationUpdateInput) => http.put<ReconciliationDetail>(`${BASE}/${id}`, input),
  act: (id: string, action: ReconciliationAction, body: ReconciliationActionInput = {}) =>
    http.post<ReconciliationDetail>(`${BASE}/${id}/actions/${action}`, body),
  export: (id: string, statementNo: string) => download(`${BASE}/${id}/export`, `${statementNo}.xlsx`),
};
