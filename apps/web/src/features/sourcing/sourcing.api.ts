import type {
  ListResult,
  PotentialCustomer,
  PotentialCustomerDetail,
  PotentialSupplier,
  PotentialSupplierDetail,
  ProspectAuditInput,
  ProspectCreateInput,
  ProspectUpdateInput,
} from '@concord/shared';
import { http } from '../../api/http.ts';

export interface ProspectFilter {
  keyword?: string;
  auditState?: number;
  supplierClassId?: string;
}

export interface ClassOption {
  id: string;
  code: string;
  name: string;
}

export interface ConvertResult {
  prospect: PotentialSupplierDetail;
  supplierId: string;
}

export const sourcingKeys = {
  all: ['potential-suppliers'] as const,
  list: (queue: boolean, filter: ProspectFilter, page: number, size: number) =>
    ['potential-suppliers', queue ? 'queue' : 'pool', filter, page, size] as const,
  detail: (queue: boolean, id: string) => ['potential-suppliers', 'detail', queue ? 'queue' : 'pool', id] as const,
  classes: ['potential-suppliers', 'classes'] as const,
};

const BASE = '/srm/potential-suppliers';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

export const sourcingApi = {
  list: (filter: ProspectFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<PotentialSupplier>>(`${BASE}/list`, { filter, pageParam: { pageNum, pageSize } }, quiet),
  auditQueue: (filter: ProspectFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<PotentialSupplier>>(
      `${BASE}/audit-queue/list`,
      { filter, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  get: (id: string) => http.get<PotentialSupplierDetail>(`${BASE}/${id}`),
  getForAudit: (id: string) => http.get<PotentialSupplierDetail>(`${BASE}/audit-queue/${id}`),
  classOptions: () => http.get<ClassOption[]>(`${BASE}/class-options`),
  create: (input: ProspectCreateInput) => http.post<PotentialSupplierDetail>(BASE, input),
  update: (id: string, input: ProspectUpdateInput) => http.put<PotentialSupplierDetail>(`${BASE}/${id}`, input),
  act: (id: string, action: 'submit' | 'recall') =>
    http.post<PotentialSupplierDetail>(`${BASE}/${id}/actions/${action}`),
  audit: (id: string, input: ProspectAuditInput) => http.post<PotentialSupplierDetail>(`${BASE}/${id}/audits`, input),
  convert: (id: string) => http.post<ConvertResult>(`${BASE}/${id}/convert`),
};

export const prospectPath = (id: string) => `/purchase/sourcing/detail?id=${id}`;
export const editProspectPath = (id: string) => `/purchase/sourcing/add?id=${id}`;
export const auditPath = (id: string) => `/purchase/supplier-audit/detail?id=${id}`;
export const supplierArchivePath = (id: string) => `/supplier/supfile/detail?id=${id}`;

export const potentialCustomerKeys = {
  list: (keyword: string | undefined, page: number, size: number) =>
    ['potential-customers', 'list', keyword, page, size] as const,
  detail: (id: string) => ['potential-customers', 'detail', id] as const,
};

export const potentialCustomersApi = {
  list: (keyword: string | undefined, pageNum: number, pageSize: number) =>
    http.post<ListResult<PotentialCustomer>>(
      '/srm/potential-customers/list',
      { filter: { keyword }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  get: (id: string) => http.get<PotentialCustomerDetail>(`/srm/potential-customers/${id}`),
};

export const potentialCustomerPath = (id: string) => `/opportunity/potentialcustomers/detail?id=${id}`;
/** Where the supplier answers an invitation with its registration data (the customer archive). */
export const ANSWER_INVITATION_PATH = '/sale/profile';
