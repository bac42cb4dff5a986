import type {
  CustomerDetail,
  CustomerInviteInput,
  CustomerItem,
  CustomerUpdateInput,
  IncomingSupplierInvitation,
  ListResult,
  PartnerInvitationPreview,
  SupplierAcceptInput,
  SupplierActionInput,
  SupplierBuyerDetail,
  SupplierClass,
  SupplierClassBuyerOption,
  SupplierClassInput,
  SupplierClassUpdateInput,
  SupplierContactsUpdateInput,
  SupplierContactsView,
  SupplierCreateInput,
  SupplierInviteInput,
  SupplierInviteResult,
  SupplierListFilter,
  SupplierListItem,
  SupplierOperationRecord,
  SupplierRegistrationUpdateInput,
  SupplierRowAction,
  SupplierUpdateInput,
  SupplierView,
} from '@concord/shared';
import { http } from '../../api/http.ts';

export interface CustomerFilter {
  keyword?: string;
  relationState?: number;
}

export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (filter: SupplierListFilter, page: number, size: number) => ['suppliers', 'list', filter, page, size] as const,
  detail: (id: string) => ['suppliers', 'detail', id] as const,
  contacts: (id: string) => ['suppliers', 'contacts', id] as const,
  operations: (id: string) => ['suppliers', 'operations', id] as const,
  classes: ['suppliers', 'classes'] as const,
  classList: (keyword: string | undefined) => ['suppliers', 'classes', 'list', keyword] as const,
  buyerOptions: ['suppliers', 'classes', 'buyer-options'] as const,
  incoming: ['suppliers', 'incoming'] as const,
  preview: (token: string) => ['suppliers', 'preview', token] as const,
  customers: ['customers'] as const,
  customerList: (filter: CustomerFilter, page: number, size: number) =>
    ['customers', 'list', filter, page, size] as const,
  customer: (id: string) => ['customers', 'detail', id] as const,
};

// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

export const suppliersApi = {
  list: (filter: SupplierListFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<SupplierListItem>>('/srm/suppliers/list', { filter, pageParam: { pageNum, pageSize } }, quiet),
  get: (id: string) => http.get<SupplierView>(`/srm/suppliers/${id}`),
  create: (input: SupplierCreateInput) => http.post<SupplierBuyerDetail>('/srm/suppliers', input),
  update: (id: string, input: SupplierUpdateInput) => http.put<SupplierBuyerDetail>(`/srm/suppliers/${id}`, input),
  updateRegistration: (id: string, input: SupplierRegistrationUpdateInput) =>
    http.put<SupplierView>(`/srm/suppliers/${id}/registration`, input),
  act: (id: string, action: SupplierRowAction, input: SupplierActionInput = {}) =>
    http.post<SupplierBuyerDetail>(`/srm/suppliers/${id}/actions/${action}`, input),
  contacts: (id: string) => http.get<SupplierContactsView>(`/srm/suppliers/${id}/contacts`),
  saveContacts: (id: string, input: SupplierContactsUpdateInput) =>
    http.put<SupplierContactsView>(`/srm/suppliers/${id}/contacts`, input),
  operations: (id: string) => http.get<SupplierOperationRecord[]>(`/srm/suppliers/${id}/operations`),

  invite: (input: SupplierInviteInput) => http.post<SupplierInviteResult>('/srm/supplier-invitations', input),
  incoming: () => http.get<IncomingSupplierInvitation[]>('/srm/supplier-invitations/incoming'),
  preview: (token: string) =>
    http.post<PartnerInvitationPreview>('/srm/supplier-invitations/preview', { token }, quiet),
  accept: (input: SupplierAcceptInput) =>
    http.post<{ supplierId: string; customerId: string }>('/srm/supplier-invitations/accept', input),

  classes: (keyword?: string) =>
    http.post<ListResult<SupplierClass>>(
      '/srm/supplier-classes/list',
      { filter: { keyword }, pageParam: { pageNum: 1, pageSize: 100 } },
      quiet,
    ),
  buyerOptions: () => http.get<SupplierClassBuyerOption[]>('/srm/supplier-classes/buyer-options'),
  createClass: (input: SupplierClassInput) => http.post<SupplierClass>('/srm/supplier-classes', input),
  updateClass: (id: string, input: SupplierClassUpdateInput) =>
    http.put<SupplierClass>(`/srm/supplier-classes/${id}`, input),
  deleteClass: (id: string) => http.delete<null>(`/srm/supplier-classes/${id}`),

  customers: (filter: CustomerFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<CustomerItem>>('/srm/customers/list', { filter, pageParam: { pageNum, pageSize } }, quiet),
  customer: (id: string) => http.get<CustomerDetail>(`/srm/customers/${id}`),
  updateCustomer: (id: string, input: CustomerUpdateInput) => http.put<CustomerDetail>(`/srm/customers/${id}`, input),
  inviteCustomer: (input: CustomerInviteInput) => http.post<CustomerDetail>('/srm/customers/invite', input),
};

export const supplierDetailPath = (id: string, tab?: string) =>
  `/supplier/supfile/detail?id=${id}${tab ? `&tab=${tab}` : ''}`;
export const supplierContactsPath = (id: string) => `/supplier/supfile/supuserInfo?id=${id}`;
export const customerDetailPath = (id: string) => `/sale/profile/detail?id=${id}`;
