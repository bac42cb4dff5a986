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
import { fetchFile, http } from '../../api/http.ts';

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
  pdf: (id: string, orderNo: string) => fetchFile(`${BASE}/${id}/pdf`, { filename: `${orderNo}.pdf` }),
  export: (side: PurchaseOrderSide, filter: OrderFilter) =>
    fetchFile(`${BASE}/export`, {
      query: {
        side,
        orderNo: filter.orderNo,
        status: filter.statuses?.length === 1 ? String(filter.statuses[0]) : undefined,
        dateFrom: filter.dateFrom,
        dateTo: filter.dateTo,
      },
      filename: 'purchase-orders.xlsx',
    }),
  template: () => fetchFile(`${BASE}/template`, { filename: 'purchase-order-template.xlsx' }),
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
  buyer: {
    list: '/procurementConsignment/order',
    detail: '/procurementConsignment/order/detail',
    add: '/procurementConsignment/order/add',
  },
  supplier: { list: '/customer/order', detail: '/customer/order/detail' },
} as const;
export const CHANGE_PATHS = {
  buyer: { list: '/purchasechange/order', detail: '/purchasechange/order/detail' },
  supplier: { list: '/orderchange/order', detail: '/orderchange/order/detail' },
} as const;
export const orderPath = (side: PurchaseOrderSide, id: string) => `${ORDER_PATHS[side].detail}?id=${id}`;
export const changePath = (side: PurchaseOrderSide, id: string) => `${CHANGE_PATHS[side].detail}?id=${id}`;
export const newOrderPath = () => ORDER_PATHS.buyer.add;
export const newChangePath = (orderId: string) => `${CHANGE_PATHS.buyer.detail}?orderId=${orderId}`;
