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
import { downloadFile, http } from '../../api/http.ts';

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

/** The reply names every label file alike; the note number tells the saved files apart. */
export const downloadLabels = (noteId: string, noteNo: string): Promise<void> =>
  downloadFile('/srm/labels/pdf', {
    method: 'POST',
    json: { noteId },
    filename: `labels-${noteNo}.pdf`,
    keepName: true,
  });
