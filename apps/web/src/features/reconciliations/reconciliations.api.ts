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
import { downloadFile, http } from '../../api/http.ts';

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
  // The reply names every statement alike; the statement number tells the saved files apart.
  export: (id: string, statementNo: string) =>
    downloadFile(`${BASE}/${id}/export`, { filename: `${statementNo}.xlsx`, keepName: true }),
  /** The seller's invoice lines of a confirmed statement (supplier side only). */
  exportInvoice: (id: string, statementNo: string) =>
    downloadFile(`${BASE}/${id}/invoice/export`, { filename: `${statementNo}-invoice.xlsx`, keepName: true }),
};
