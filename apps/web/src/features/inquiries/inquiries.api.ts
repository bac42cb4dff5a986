import type {
  InquiryAction,
  InquiryActionInput,
  InquiryComparison,
  InquiryCreated,
  InquiryCreateInput,
  InquiryDetail,
  InquiryInviteeOptions,
  InquiryListItem,
  InquiryOrders,
  InquiryUpdateInput,
  ListResult,
  QuotationAction,
  QuotationActionInput,
  QuotationDetail,
  QuotationImportResult,
  QuotationListItem,
  QuotationSide,
  QuotationUpdateInput,
} from '@concord/shared';
import { fetchFile, http } from '../../api/http.ts';

export interface InquiryFilter {
  inquiryNo?: string;
  title?: string;
  statuses?: number[];
  material?: string;
  dateFrom?: string;
  dateTo?: string;
}

export interface QuotationFilter {
  inquiryNo?: string;
  statuses?: number[];
}

export const inquiryKeys = {
  all: ['inquiries'] as const,
  list: (filter: InquiryFilter, page: number, size: number) => ['inquiries', 'list', filter, page, size] as const,
  detail: (id: string) => ['inquiries', 'detail', id] as const,
  comparison: (id: string) => ['inquiries', 'comparison', id] as const,
  quotations: (side: QuotationSide, filter: QuotationFilter, page: number, size: number) =>
    ['inquiries', 'quotations', side, filter, page, size] as const,
  quotation: (id: string) => ['inquiries', 'quotation', id] as const,
  invitees: (materialIds: string) => ['inquiries', 'invitees', materialIds] as const,
};

const BASE = '/srm/inquiries';
const QUOTATIONS = '/srm/quotations';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

export const inquiriesApi = {
  list: (filter: InquiryFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<InquiryListItem>>(`${BASE}/list`, { filter, pageParam: { pageNum, pageSize } }, quiet),
  get: (id: string) => http.get<InquiryDetail>(`${BASE}/${id}`),
  create: (input: InquiryCreateInput, idempotencyKey?: string) =>
    http.post<InquiryCreated>(BASE, input, { idempotencyKey }),
  update: (id: string, input: InquiryUpdateInput) => http.put<InquiryDetail>(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete<null>(`${BASE}/${id}`),
  act: (id: string, action: InquiryAction, body: InquiryActionInput = {}) =>
    http.post<InquiryDetail>(`${BASE}/${id}/actions/${action}`, body),
  comparison: (id: string) => http.get<InquiryComparison>(`${BASE}/${id}/comparison`),
  /** Whom the form may invite; with the form's materials, who is approved for each. */
  inviteeOptions: (materialIds: readonly string[]) =>
    http.get<InquiryInviteeOptions>(
      `${BASE}/invitee-options`,
      materialIds.length ? { materialIds: materialIds.join(',') } : undefined,
      quiet,
    ),
  pdf: (id: string, inquiryNo: string) => fetchFile(`${BASE}/${id}/pdf`, { filename: `${inquiryNo}.pdf` }),
  quotationTemplate: (id: string, inquiryNo: string) =>
    fetchFile(`${QUOTATIONS}/${id}/template`, { filename: `${inquiryNo}-quotation.xlsx` }),
  importBids: (id: string, file: File) => http.upload<QuotationImportResult>(`${QUOTATIONS}/${id}/import`, file),
  makeOrders: (id: string, idempotencyKey?: string) =>
    http.post<InquiryOrders>(`${BASE}/${id}/orders`, {}, { idempotencyKey }),
  quotations: (side: QuotationSide, filter: QuotationFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<QuotationListItem>>(
      `${QUOTATIONS}/list`,
      { filter: { ...filter, side }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  quotation: (id: string) => http.get<QuotationDetail>(`${QUOTATIONS}/${id}`),
  saveQuotation: (id: string, input: QuotationUpdateInput) => http.put<QuotationDetail>(`${QUOTATIONS}/${id}`, input),
  actOnQuotation: (id: string, action: QuotationAction, body: QuotationActionInput = {}) =>
    http.post<QuotationDetail>(`${QUOTATIONS}/${id}/actions/${action}`, body),
};

export const INQUIRY_PATHS = {
  list: '/prdiversion/inquirynote',
  add: '/prdiversion/inquirynote/add',
  detail: '/prdiversion/inquirynote/detail',
  comparisons: '/prdiversion/pricecom',
  comparison: '/prdiversion/pricecom/detail',
  quotations: '/inquiryoffer/offerin',
  quotation: '/inquiryoffer/offerin/detail',
} as const;
export const inquiryPath = (id: string) => `${INQUIRY_PATHS.detail}?id=${id}`;
export const comparisonPath = (id: string) => `${INQUIRY_PATHS.comparison}?id=${id}`;
export const quotationPath = (id: string) => `${INQUIRY_PATHS.quotation}?id=${id}`;
