import type {
  InventoryCustomer,
  InventoryImportResult,
  InventoryMaterial,
  InventoryReportCreateInput,
  InventoryReportDetail,
  InventoryReportItem,
  InventoryRequestInput,
  ListResult,
  PlannableLines,
  PlannableOrder,
  ReceivingPlanAction,
  ReceivingPlanActionInput,
  ReceivingPlanCreateInput,
  ReceivingPlanDetail,
  ReceivingPlanListItem,
  ReceivingPlanScheduleItem,
  ReceivingPlanUpdateInput,
  UrgentDeliveryAction,
  UrgentDeliveryActionInput,
  UrgentDeliveryCreateInput,
  UrgentDeliveryDetail,
  UrgentDeliveryListItem,
  UrgentOrderLine,
} from '@concord/shared';
import { fetchFile, http } from '../../api/http.ts';

export type Side = 'buyer' | 'supplier';

export interface PlanFilter {
  planNo?: string;
  orderNo?: string;
  supplierId?: string;
  customerTenantId?: string;
  statuses?: number[];
  material?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface UrgentFilter {
  noticeNo?: string;
  statuses?: number[];
  material?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface InventoryFilter {
  supplierId?: string;
  customerTenantId?: string;
  material?: string;
}

export const planKeys = {
  all: ['receiving-plans'] as const,
  list: (side: Side, filter: PlanFilter, page: number, size: number) =>
    ['receiving-plans', 'list', side, filter, page, size] as const,
  schedule: (side: Side, filter: PlanFilter, page: number, size: number) =>
    ['receiving-plans', 'schedule', side, filter, page, size] as const,
  detail: (id: string) => ['receiving-plans', 'detail', id] as const,
  orders: (keyword: string) => ['receiving-plans', 'orders', keyword] as const,
  plannable: (orderId: string, planId: string | null) => ['receiving-plans', 'plannable', orderId, planId] as const,
};

export const urgentKeys = {
  all: ['urgent-deliveries'] as const,
  list: (side: Side, filter: UrgentFilter, page: number, size: number) =>
    ['urgent-deliveries', 'list', side, filter, page, size] as const,
  detail: (id: string) => ['urgent-deliveries', 'detail', id] as const,
  suppliers: ['urgent-deliveries', 'suppliers'] as const,
  lines: (supplierId: string, keyword: string) => ['urgent-deliveries', 'lines', supplierId, keyword] as const,
};

export const inventoryKeys = {
  all: ['inventory-reports'] as const,
  list: (side: Side, filter: InventoryFilter, page: number, size: number) =>
    ['inventory-reports', 'list', side, filter, page, size] as const,
  detail: (id: string) => ['inventory-reports', 'detail', id] as const,
  customers: ['inventory-reports', 'customers'] as const,
  suppliers: ['inventory-reports', 'suppliers'] as const,
  materials: (customerTenantId: string, keyword: string) =>
    ['inventory-reports', 'materials', customerTenantId, keyword] as const,
};

const PLANS = '/srm/receiving-plans';
const URGENT = '/srm/urgent-deliveries';
const INVENTORY = '/srm/inventory-reports';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };
const page = (pageNum: number, pageSize: number) => ({ pageNum, pageSize });

export const plansApi = {
  list: (side: Side, filter: PlanFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<ReceivingPlanListItem>>(
      `${PLANS}/list`,
      { filter: { ...filter, side }, pageParam: page(pageNum, pageSize) },
      quiet,
    ),
  schedule: (side: Side, filter: PlanFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<ReceivingPlanScheduleItem>>(
      `${PLANS}/lines/list`,
      { filter: { ...filter, side }, pageParam: page(pageNum, pageSize) },
      quiet,
    ),
  exportSchedule: (side: Side, filter: PlanFilter) =>
    fetchFile(`${PLANS}/lines/export`, {
      query: {
        side,
        planNo: filter.planNo,
        orderNo: filter.orderNo,
        material: filter.material,
        dateFrom: filter.dateFrom,
        dateTo: filter.dateTo,
      },
      filename: 'receiving-schedule.xlsx',
    }),
  get: (id: string) => http.get<ReceivingPlanDetail>(`${PLANS}/${id}`),
  orders: (orderNo: string) =>
    http.post<ListResult<PlannableOrder>>(
      `${PLANS}/orders/list`,
      { filter: orderNo ? { orderNo } : {}, pageParam: page(1, 50) },
      quiet,
    ),
  plannable: (orderId: string, planId: string | null) =>
    http.get<PlannableLines>(`${PLANS}/orders/${orderId}/lines`, { planId }),
  create: (input: ReceivingPlanCreateInput, idempotencyKey?: string) =>
    http.post<{ id: string; planNo: string }>(PLANS, input, { idempotencyKey }),
  update: (id: string, input: ReceivingPlanUpdateInput) => http.put<ReceivingPlanDetail>(`${PLANS}/${id}`, input),
  act: (id: string, action: ReceivingPlanAction, body: ReceivingPlanActionInput = {}) =>
    http.post<ReceivingPlanDetail>(`${PLANS}/${id}/actions/${action}`, body),
};

export const urgentApi = {
  list: (side: Side, filter: UrgentFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<UrgentDeliveryListItem>>(
      `${URGENT}/list`,
      { filter: { ...filter, side }, pageParam: page(pageNum, pageSize) },
      quiet,
    ),
  get: (id: string) => http.get<UrgentDeliveryDetail>(`${URGENT}/${id}`),
  suppliers: () => http.get<{ id: string; supCode: string; supName: string }[]>(`${URGENT}/suppliers`),
  orderLines: (supplierId: string, keyword: string) =>
    http.get<UrgentOrderLine[]>(`${URGENT}/order-lines`, { supplierId, keyword }),
  create: (input: UrgentDeliveryCreateInput, idempotencyKey?: string) =>
    http.post<{ id: string; noticeNo: string }>(URGENT, input, { idempotencyKey }),
  act: (id: string, action: UrgentDeliveryAction, body: UrgentDeliveryActionInput = {}) =>
    http.post<UrgentDeliveryDetail>(`${URGENT}/${id}/actions/${action}`, body),
};

export const inventoryApi = {
  list: (side: Side, filter: InventoryFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<InventoryReportItem>>(
      `${INVENTORY}/list`,
      { filter: { ...filter, side }, pageParam: page(pageNum, pageSize) },
      quiet,
    ),
  get: (id: string) => http.get<InventoryReportDetail>(`${INVENTORY}/${id}`),
  customers: () => http.get<InventoryCustomer[]>(`${INVENTORY}/customers`),
  suppliers: () => http.get<{ id: string; supCode: string; supName: string }[]>(`${INVENTORY}/suppliers`),
  materials: (customerTenantId: string, keyword: string) =>
    http.get<InventoryMaterial[]>(`${INVENTORY}/materials`, { customerTenantId, keyword }),
  create: (input: InventoryReportCreateInput, idempotencyKey?: string) =>
    http.post<InventoryImportResult>(INVENTORY, input, { idempotencyKey }),
  importFile: (customerTenantId: string, file: File) =>
    http.upload<InventoryImportResult>(`${INVENTORY}/import?customerTenantId=${customerTenantId}`, file),
  template: () => fetchFile(`${INVENTORY}/template`, { filename: 'inventory-template.xlsx' }),
  request: (input: InventoryRequestInput) => http.post<{ count: number }>(`${INVENTORY}/requests`, input),
};
