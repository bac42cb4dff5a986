import type {
  ListResult,
  PurchaseChangeAction,
  PurchaseChangeActionInput,
  PurchaseChangeCreateInput,
  PurchaseChangeDetail,
  PurchaseChangeListItem,
  PurchaseChangeUpdateInput,
  PurchaseOrderAction,
  PurchaseOrderActionInput,
  PurchaseOrderCreateInput,
  PurchaseOrderDetail,
  PurchaseOrderImportResult,
  PurchaseOrderListItem,
  PurchaseOrderOptions,
  PurchaseOrderSide,
  PurchaseOrderUpdateInput,
} from '@concord/shared';
import i18n from 'i18next';
import { API_BASE, ApiError, http, normalizeFailure } from '../../api/http.ts';
import { parseJson } from '../../lib/json.ts';
import { currentToken, useSession } from '../../stores/session.ts';

export interface OrderFilter {
  orderNo?: string;
  supplierId?: string;
  customerTenantId?: string;
  statuses?: number[];
  material?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface ChangeFilter {
  orderId?: string;
  orderNo?: string;
  changeNo?: string;
  statuses?: number[];
}

export const orderKeys = {
  all: ['purchase-orders'] as const,
  list: (side: PurchaseOrderSide, filter: OrderFilter, page: number, size: number) =>
    ['purchase-orders', 'list', side, filter, page, size] as const,
  detail: (id: string) => ['purchase-orders', 'detail', id] as const,
  options: ['purchase-orders', 'options'] as const,
  changes: (side: PurchaseOrderSide, filter: ChangeFilter, page: number, size: number) =>
    ['purchase-orders', 'changes', side, filter, page, size] as const,
  change: (id: string) => ['purchase-orders', 'change', id] as const,
};

const BASE = '/srm/purchase-orders';
const CHANGES = '/srm/purchase-order-changes';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

/** A file reply (PDF, xlsx) fetched with the session's headers; failures carry the catalogue message. */
async function getFile(path: string, query: Record<string, string | undefined> = {}): Promise<Blob> {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
  const headers = new Headers();
  const token = currentToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantId = useSession.getState().tenantId;
  if (tenantId) headers.set('TENANT_ID', tenantId);
  headers.set('Accept-Language', i18n.language);
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${params.size ? `?${params}` : ''}`, { headers, credentials: 'include' });
  } catch {
    throw new ApiError(i18n.t('errors.network'), 0);
  }
  if (!res.ok) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? parseJson(text) : undefined;
    } catch {
      body = text;
    }
    const failure = normalizeFailure(
      res.status,
      body,
      i18n.t.bind(i18n) as unknown as Parameters<typeof normalizeFailure>[2],
    );
    throw new ApiError(failure.message, failure.status, failure.errorCode, failure.data);
  }
  return res.blob();
}

/** Hands a blob to the browser: a PDF opens in a new tab, anything else is saved. */
export function openBlob(blob: Blob, filename: string, inline: boolean): void {
  const url = URL.createObjectURL(blob);
  if (inline) {
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const ordersApi = {
  list: (side: PurchaseOrderSide, filter: OrderFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<PurchaseOrderListItem>>(
      `${BASE}/list`,
      { filter: { ...filter, side }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  get: (id: string) => http.get<PurchaseOrderDetail>(`${BASE}/${id}`),
  options: () => http.get<PurchaseOrderOptions>(`${BASE}/options`),
  create: (input: PurchaseOrderCreateInput, idempotencyKey?: string) =>
    http.post<{ id: string; orderNo: string }>(BASE, input, { idempotencyKey }),
  update: (id: string, input: PurchaseOrderUpdateInput) => http.put<PurchaseOrderDetail>(`${BASE}/${id}`, input),
  copy: (id: string) => http.post<{ id: string; orderNo: string }>(`${BASE}/${id}/copy`, {}),
  act: (id: string, action: PurchaseOrderAction, body: PurchaseOrderActionInput = {}) =>
    http.post<PurchaseOrderDetail>(`${BASE}/${id}/actions/${action}`, body),
  pdf: (id: string) => getFile(`${BASE}/${id}/pdf`),
  export: (side: PurchaseOrderSide, filter: OrderFilter) =>
    getFile(`${BASE}/export`, {
      side,
      orderNo: filter.orderNo,
      status: filter.statuses?.length === 1 ? String(filter.statuses[0]) : undefined,
      dateFrom: filter.dateFrom,
      dateTo: filter.dateTo,
    }),
  template: () => getFile(`${BASE}/template`),
  import: (file: File) => http.upload<PurchaseOrderImportResult>(`${BASE}/import`, file),
  changes: (side: PurchaseOrderSide, filter: ChangeFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<PurchaseChangeListItem>>(
      `${CHANGES}/list`,
      { filter: { ...filter, side }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  change: (id: string) => http.get<PurchaseChangeDetail>(`${CHANGES}/${id}`),
  createChange: (input: PurchaseChangeCreateInput, idempotencyKey?: string) =>
    http.post<{ id: string; changeNo: string }>(CHANGES, input, { idempotencyKey }),
  updateChange: (id: string, input: PurchaseChangeUpdateInput) =>
    http.put<PurchaseChangeDetail>(`${CHANGES}/${id}`, input),
  actOnChange: (id: string, action: PurchaseChangeAction, body: PurchaseChangeActionInput = {}) =>
    http.post<PurchaseChangeDetail>(`${CHANGES}/${id}/actions/${action}`, body),
};

export const ORDER_PATHS = {
  buyer: { list: '/procurementConsignment/order', detail: '/procurementConsignment/order/detail' },
  supplier: { list: '/customer/order', detail: '/customer/order/detail' },
} as const;
export const CHANGE_PATHS = {
  buyer: { list: '/purchasechange/order', detail: '/purchasechange/order/detail' },
  supplier: { list: '/orderchange/order', detail: '/orderchange/order/detail' },
} as const;
export const orderPath = (side: PurchaseOrderSide, id: string) => `${ORDER_PATHS[side].detail}?id=${id}`;
export const changePath = (side: PurchaseOrderSide, id: string) => `${CHANGE_PATHS[side].detail}?id=${id}`;
export const newOrderPath = () => `${ORDER_PATHS.buyer.detail}?mode=new`;
export const newChangePath = (orderId: string) => `${CHANGE_PATHS.buyer.detail}?orderId=${orderId}`;
