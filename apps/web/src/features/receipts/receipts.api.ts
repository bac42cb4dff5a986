import type {
  DeliveryNoteDetail,
  DeliveryNoteListItem,
  InspectionCreateInput,
  InspectionResult,
  ListResult,
  ManualReceiptInput,
  PackageScanResult,
  ReceiptDetail,
  ReceiptListItem,
  ReceiptNoteAction,
  ReceiptNoteActionInput,
  ReceiptStepResult,
} from '@concord/shared';
import { http } from '../../api/http.ts';

export interface DeliveryNoticeFilter {
  noteNo?: string;
  orderNo?: string;
  supplierId?: string;
  material?: string;
  statuses?: number[];
  dateFrom?: string;
  dateTo?: string;
}

export interface WarehouseOption {
  id: string;
  code: string;
  name: string;
}

export const receiptKeys = {
  all: ['receipts'] as const,
  deliveryNotices: (filter: DeliveryNoticeFilter, page: number, size: number) =>
    ['receipts', 'delivery-notices', filter, page, size] as const,
  counts: (filter: DeliveryNoticeFilter) => ['receipts', 'counts', filter] as const,
  deliveryNotice: (id: string) => ['receipts', 'delivery-notice', id] as const,
  receipt: (id: string) => ['receipts', 'receipt', id] as const,
  receiptsOfNote: (noteNo: string) => ['receipts', 'of-note', noteNo] as const,
  warehouses: ['receipts', 'warehouses'] as const,
};

const NOTES = '/srm/delivery-notes';
const RECEIPTS = '/srm/receipts';
// Reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

/**
 * The buyer's delivery notices are the supplier's delivery notes read from the buyer's side
 * (`/srm/delivery-notes`, side 'buyer'); the buyer's steps on them live under `/srm/receipts/notes`.
 */
export const receiptsApi = {
  deliveryNotices: (filter: DeliveryNoticeFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<DeliveryNoteListItem>>(
      `${NOTES}/list`,
      { filter: { ...filter, side: 'buyer' }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  deliveryNotice: (id: string) => http.get<DeliveryNoteDetail>(`${NOTES}/${id}`),
  act: (id: string, action: ReceiptNoteAction, body: ReceiptNoteActionInput, idempotencyKey?: string) =>
    http.post<ReceiptStepResult>(`${RECEIPTS}/notes/${id}/actions/${action}`, body, { idempotencyKey }),
  scan: (id: string, code: string) => http.post<PackageScanResult>(`${RECEIPTS}/notes/${id}/scan`, { code }, quiet),
  receive: (id: string, body: ManualReceiptInput) =>
    http.post<{ lines: PackageScanResult['lines'] }>(`${RECEIPTS}/notes/${id}/receive`, body),
  inspect: (id: string, body: InspectionCreateInput) =>
    http.post<InspectionResult>(`${RECEIPTS}/notes/${id}/inspections`, body),
  receiptsOfNote: (noteNo: string) =>
    http.post<ListResult<ReceiptListItem>>(
      `${RECEIPTS}/list`,
      { filter: { side: 'buyer', noteNo }, pageParam: { pageNum: 1, pageSize: 20 } },
      quiet,
    ),
  receipt: (id: string) => http.get<ReceiptDetail>(`${RECEIPTS}/${id}`),
  warehouses: async () =>
    (
      await http.post<ListResult<WarehouseOption>>(
        '/srm/warehouses/list',
        { pageParam: { pageNum: 1, pageSize: 100 } },
        quiet,
      )
    ).dataList,
};
