import type {
  DeliverableLine,
  DeliveryCustomer,
  DeliveryNoteCreateInput,
  DeliveryNoteDetail,
  DeliveryNoteLineListItem,
  DeliveryNoteListItem,
  DeliveryNoteSupplierAction,
  DeliveryNoteUpdateInput,
  ListResult,
} from '@concord/shared';
import i18n from 'i18next';
import { API_BASE, ApiError, http, normalizeFailure } from '../../api/http.ts';
import { parseJson } from '../../lib/json.ts';
import { currentToken, useSession } from '../../stores/session.ts';

export interface NoteFilter {
  noteNo?: string;
  orderNo?: string;
  customerTenantId?: string;
  statuses?: number[];
  material?: string;
  batchNo?: string;
}

const NOTES = '/srm/delivery-notes';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };
const page = (pageNum: number, pageSize: number) => ({ pageNum, pageSize });

export const noteKeys = {
  all: ['delivery-notes'] as const,
  list: (filter: NoteFilter, p: number, size: number) => ['delivery-notes', 'list', filter, p, size] as const,
  lines: (filter: NoteFilter, p: number, size: number) => ['delivery-notes', 'lines', filter, p, size] as const,
  deliverable: (filter: NoteFilter, p: number, size: number) =>
    ['delivery-notes', 'deliverable', filter, p, size] as const,
  customers: ['delivery-notes', 'customers'] as const,
  detail: (id: string) => ['delivery-notes', 'detail', id] as const,
};

export const deliveryNotesApi = {
  list: (filter: NoteFilter, p: number, size: number) =>
    http.post<ListResult<DeliveryNoteListItem>>(
      `${NOTES}/list`,
      { filter: { side: 'supplier', ...filter }, pageParam: page(p, size) },
      quiet,
    ),
  lines: (filter: NoteFilter, p: number, size: number) =>
    http.post<ListResult<DeliveryNoteLineListItem>>(
      `${NOTES}/lines/list`,
      { filter: { side: 'supplier', ...filter }, pageParam: page(p, size) },
      quiet,
    ),
  deliverable: (filter: NoteFilter, p: number, size: number) =>
    http.post<ListResult<DeliverableLine>>(
      `${NOTES}/deliverable-lines/list`,
      {
        filter: { customerTenantId: filter.customerTenantId, orderNo: filter.orderNo, material: filter.material },
        pageParam: page(p, size),
      },
      quiet,
    ),
  customers: () => http.get<DeliveryCustomer[]>(`${NOTES}/customers`),
  get: (id: string) => http.get<DeliveryNoteDetail>(`${NOTES}/${id}`),
  create: (input: DeliveryNoteCreateInput, idempotencyKey: string) =>
    http.post<{ id: string; noteNo: string }>(NOTES, input, { idempotencyKey }),
  update: (id: string, input: DeliveryNoteUpdateInput) => http.put<DeliveryNoteDetail>(`${NOTES}/${id}`, input),
  act: (id: string, action: DeliveryNoteSupplierAction, version: number) =>
    http.post<DeliveryNoteDetail>(`${NOTES}/${id}/actions/${action}`, { version }),
};

/** The labels PDF comes back as bytes, not the JSON envelope; a refusal still arrives as the envelope. */
export async function downloadLabels(noteId: string, noteNo: string): Promise<void> {
  const headers = new Headers({ Accept: '*/*', 'Content-Type': 'application/json' });
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantId = useSession.getState().tenantId;
  if (tenantId) headers.set('TENANT_ID', tenantId);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/srm/labels/pdf`, {
      method: 'POST',
      headers,
      credentials: 'include',
      body: JSON.stringify({ noteId }),
    });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 0);
  }
  if (!res.ok) {
    const text = await res.text();
    const t = i18n.t.bind(i18n) as unknown as Parameters<typeof normalizeFailure>[2];
    const failure = normalizeFailure(res.status, text ? parseJson(text) : undefined, t);
    throw new ApiError(failure.message, failure.status, failure.errorCode, failure.data);
  }
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `labels-${noteNo}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
