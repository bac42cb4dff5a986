import type {
  ListResult,
  QualificationAction,
  QualificationActionInput,
  QualificationDetail,
  QualificationExpiryResult,
  QualificationListItem,
  QualificationOptions,
  QualificationRequestInput,
  QualificationRequestResult,
  QualificationRequirement,
  QualificationRequirementInput,
  QualificationRequirementUpdateInput,
  QualificationUpdateInput,
} from '@concord/shared';
import { http } from '../../api/http.ts';

export interface QualificationFilter {
  supplierId?: string;
  customerTenantId?: string;
  statuses?: number[];
  fileName?: string;
  dueFrom?: string;
  dueTo?: string;
}

export interface RequirementFilter {
  scopeType?: 'class' | 'supplier' | 'material';
  fileName?: string;
}

export const qualificationKeys = {
  all: ['qualifications'] as const,
  list: (side: 'buyer' | 'supplier', filter: QualificationFilter, page: number, size: number) =>
    ['qualifications', 'list', side, filter, page, size] as const,
  detail: (id: string) => ['qualifications', 'detail', id] as const,
  options: ['qualifications', 'options'] as const,
  requirements: (filter: RequirementFilter, page: number, size: number) =>
    ['qualifications', 'requirements', filter, page, size] as const,
  applicable: (supplierId: string) => ['qualifications', 'applicable', supplierId] as const,
};

const BASE = '/srm/qualification-documents';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

export const qualificationsApi = {
  list: (side: 'buyer' | 'supplier', filter: QualificationFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<QualificationListItem>>(
      `${BASE}/list`,
      { filter: { ...filter, side }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  get: (id: string) => http.get<QualificationDetail>(`${BASE}/${id}`),
  options: () => http.get<QualificationOptions>(`${BASE}/options`),
  request: (input: QualificationRequestInput) => http.post<QualificationRequestResult>(BASE, input),
  update: (id: string, input: QualificationUpdateInput) => http.put<QualificationDetail>(`${BASE}/${id}`, input),
  act: (id: string, action: QualificationAction, body: QualificationActionInput = {}) =>
    http.post<QualificationDetail>(`${BASE}/${id}/actions/${action}`, body),
  runExpiry: (asOf?: string) => http.post<QualificationExpiryResult>(`${BASE}/run-expiry`, asOf ? { asOf } : {}),
  requirements: (filter: RequirementFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<QualificationRequirement>>(
      `${BASE}/requirements/list`,
      { filter, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  applicable: (supplierId: string) =>
    http.get<QualificationRequirement[]>(`${BASE}/requirements/applicable`, { supplierId }),
  createRequirement: (input: QualificationRequirementInput) =>
    http.post<QualificationRequirement>(`${BASE}/requirements`, input),
  updateRequirement: (id: string, input: QualificationRequirementUpdateInput) =>
    http.put<QualificationRequirement>(`${BASE}/requirements/${id}`, input),
  deleteRequirement: (id: string) => http.delete<null>(`${BASE}/requirements/${id}`),
};

export const BUYER_LIST_PATH = '/supplier/qualification';
export const SUPPLIER_LIST_PATH = '/sale/customer/qualification';
export const buyerDetailPath = (id: string) => `/supplier/qualification/detail?id=${id}`;
export const supplierDetailPath = (id: string) => `/sale/customer/detail?id=${id}`;
export const addForSupplierPath = (supId: string) => `/supplier/supfile/add-qualifications?supId=${supId}`;
