import type {
  CustomerItem,
  DrawingPublishInput,
  ListResult,
  Material,
  MaterialCustomer,
  MaterialCustomerInput,
  MaterialCustomerUpdateInput,
  MaterialDrawing,
  MaterialExport,
  MaterialImport,
  MaterialImportTarget,
  MaterialInput,
  MaterialOption,
  MaterialSupplier,
  MaterialSupplierInput,
  MaterialSupplierUpdateInput,
  MaterialUpdateInput,
  QualificationRequirement,
  SupplierListItem,
} from '@concord/shared';
import { fetchFile, http } from '../../api/http.ts';

export interface MaterialFilter {
  keyword?: string;
  classId?: string;
  status?: 0 | 1;
}

export interface MaterialOperation {
  id: string;
  username: string;
  operationType: number;
  summary: string;
  createdAt: string;
}

/** A basic-data choice of the material form: dictionary items, classes and warehouses. */
export interface CodeOption {
  id: string;
  code: string;
  name: string;
}

export const materialKeys = {
  all: ['materials'] as const,
  list: (filter: MaterialFilter, page: number, size: number) => ['materials', 'list', filter, page, size] as const,
  detail: (id: string) => ['materials', 'detail', id] as const,
  search: (q: string) => ['materials', 'search', q] as const,
  drawings: (id: string) => ['materials', 'drawings', id] as const,
  suppliers: (id: string) => ['materials', 'suppliers', id] as const,
  qualifications: (id: string) => ['materials', 'qualifications', id] as const,
  operations: (id: string) => ['materials', 'operations', id] as const,
  import: (id: string) => ['materials', 'import', id] as const,
  export: (id: string) => ['materials', 'export', id] as const,
  options: (kind: string) => ['materials', 'options', kind] as const,
  customers: (filter: object, page: number, size: number) => ['material-customers', filter, page, size] as const,
  customer: (id: string) => ['material-customers', 'detail', id] as const,
};

const BASE = '/srm/materials';
// Reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

const listOf = <T>(path: string, filter: object, pageNum = 1, pageSize = 100) =>
  http.post<ListResult<T>>(path, { filter, pageParam: { pageNum, pageSize } }, quiet);

export const materialsApi = {
  list: (filter: MaterialFilter, pageNum: number, pageSize: number) =>
    listOf<Material>(`${BASE}/list`, filter, pageNum, pageSize),
  get: (id: string) => http.get<Material>(`${BASE}/${id}`, undefined, quiet),
  create: (input: MaterialInput) => http.post<Material>(BASE, input),
  update: (id: string, input: MaterialUpdateInput) => http.put<Material>(`${BASE}/${id}`, input),
  search: (q: string) => http.get<MaterialOption[]>(`${BASE}/search`, { q }, quiet),

  drawings: (id: string) => http.get<MaterialDrawing[]>(`${BASE}/${id}/drawings`, undefined, quiet),
  publishDrawing: (id: string, input: DrawingPublishInput) =>
    http.post<MaterialDrawing>(`${BASE}/${id}/drawings`, input),
  qualifications: (id: string) =>
    http.get<QualificationRequirement[]>(`${BASE}/${id}/qualifications`, undefined, quiet),
  operations: (id: string) => http.get<MaterialOperation[]>(`${BASE}/${id}/operations`, undefined, quiet),
  uploadFile: (file: File) => http.upload<{ url: string; name: string }>('/system/oss/upload', file),

  suppliers: (materialId: string) =>
    listOf<MaterialSupplier>('/srm/material-suppliers/list', { materialId }).then((r) => r.dataList),
  addSupplier: (input: MaterialSupplierInput) => http.post<MaterialSupplier>('/srm/material-suppliers', input),
  updateSupplier: (id: string, input: MaterialSupplierUpdateInput) =>
    http.put<MaterialSupplier>(`/srm/material-suppliers/${id}`, input),
  removeSupplier: (id: string) => http.delete<null>(`/srm/material-suppliers/${id}`),

  template: (target: MaterialImportTarget) =>
    fetchFile(`${BASE}/template`, { query: { target }, filename: `${target}-template.xlsx` }),
  startExport: (target: MaterialImportTarget, filter: MaterialFilter = {}) =>
    http.post<MaterialExport>(`${BASE}/exports`, { target, ...filter }),
  exportStatus: (id: string) => http.get<MaterialExport>(`${BASE}/exports/${id}`, undefined, quiet),
  exportFile: (state: MaterialExport) =>
    fetchFile(`${BASE}/exports/${state.id}/file`, { filename: state.fileName ?? `${state.target}.xlsx` }),
  startImport: (target: MaterialImportTarget, file: File) =>
    http.upload<MaterialImport>(`${BASE}/import?target=${target}`, file),
  importStatus: (id: string) => http.get<MaterialImport>(`${BASE}/imports/${id}`, undefined, quiet),

  units: () => dictionary('unit'),
  taxRates: () => dictionary('taxRate'),
  deliveryTypes: () => dictionary('deliveryType'),
  classes: () => listOf<CodeOption>('/srm/material-classes/list', {}).then((r) => r.dataList),
  warehouses: () => listOf<CodeOption>('/srm/warehouses/list', {}).then((r) => r.dataList),
  supplierOptions: (keyword: string) =>
    listOf<SupplierListItem>('/srm/suppliers/list', { keyword }, 1, 50).then((r) => r.dataList),

  customers: (filter: { keyword?: string; customerId?: string }, pageNum: number, pageSize: number) =>
    listOf<MaterialCustomer>('/srm/material-customers/list', filter, pageNum, pageSize),
  customer: (id: string) => http.get<MaterialCustomer>(`/srm/material-customers/${id}`, undefined, quiet),
  createCustomer: (input: MaterialCustomerInput) => http.post<MaterialCustomer>('/srm/material-customers', input),
  updateCustomer: (id: string, input: MaterialCustomerUpdateInput) =>
    http.put<MaterialCustomer>(`/srm/material-customers/${id}`, input),
  removeCustomer: (id: string) => http.delete<null>(`/srm/material-customers/${id}`),
  customerOptions: () => listOf<CustomerItem>('/srm/customers/list', {}).then((r) => r.dataList),
};

function dictionary(dictType: string) {
  return listOf<CodeOption>('/srm/dictionaries/list', { dictType, enabled: true }).then((r) => r.dataList);
}

export const materialPath = (id: string) => `/basicdatasetting/materialfile/detail?id=${id}`;
export const materialFormPath = (id?: string) => `/basicdatasetting/materialfile/adddetail${id ? `?id=${id}` : ''}`;
export const materialCustomerPath = (id?: string) => `/sale/prod-customer/detail${id ? `?id=${id}` : ''}`;
