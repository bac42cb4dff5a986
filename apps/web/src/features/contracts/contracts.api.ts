import type {
  ContractAction,
  ContractActionInput,
  ContractCreated,
  ContractCreateInput,
  ContractDetail,
  ContractFromInquiryInput,
  ContractKind,
  ContractListItem,
  ContractUpdateInput,
  ListResult,
  MaterialPriceLookup,
} from '@concord/shared';
import { fetchFile, http } from '../../api/http.ts';

/** Which party reads: the buyer's supplier contracts or the supplier's customer contracts. */
export type ContractSide = 'buyer' | 'supplier';

export interface ContractFilter {
  contractNo?: string;
  supplierId?: string;
  kind?: ContractKind;
  statuses?: number[];
  material?: string;
  validOn?: string;
}

export const contractKeys = {
  all: ['contracts'] as const,
  list: (side: ContractSide, filter: ContractFilter, page: number, size: number) =>
    ['contracts', 'list', side, filter, page, size] as const,
  detail: (id: string) => ['contracts', 'detail', id] as const,
  lookup: (materialId: string, supplierId: string) => ['material-prices', 'lookup', materialId, supplierId] as const,
};

const BASE = '/srm/contracts';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

export const contractsApi = {
  list: (side: ContractSide, filter: ContractFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<ContractListItem>>(
      `${BASE}/list`,
      { filter: { ...filter, side }, pageParam: { pageNum, pageSize } },
      quiet,
    ),
  get: (id: string) => http.get<ContractDetail>(`${BASE}/${id}`),
  create: (input: ContractCreateInput, idempotencyKey?: string) =>
    http.post<ContractCreated>(BASE, input, { idempotencyKey }),
  /** A draft with what an awarded inquiry awarded to one supplier (docs/contracts.md). */
  fromInquiry: (input: ContractFromInquiryInput, idempotencyKey?: string) =>
    http.post<ContractCreated>(`${BASE}/from-inquiry`, input, { idempotencyKey }),
  update: (id: string, input: ContractUpdateInput) => http.put<ContractDetail>(`${BASE}/${id}`, input),
  act: (id: string, action: ContractAction, body: ContractActionInput) =>
    http.post<ContractDetail>(`${BASE}/${id}/actions/${action}`, body),
  pdf: (id: string, contractNo: string) => fetchFile(`${BASE}/${id}/pdf`, { filename: `${contractNo}.pdf` }),
};

/** The price library: the default price of a new order line and where it comes from (or null). */
export const materialPricesApi = {
  lookup: (materialId: string, supplierId: string) =>
    http.get<MaterialPriceLookup>('/srm/material-prices/lookup', { materialId, supplierId }, { overlay: false }),
};

export const CONTRACT_PATHS = {
  buyer: { list: '/contract/supplier', detail: '/contract/supplier/detail', add: '/contract/supplier/add' },
  supplier: { list: '/contract/customer', detail: '/contract/customer/detail' },
} as const;
export const contractPath = (side: ContractSide, id: string) => `${CONTRACT_PATHS[side].detail}?id=${id}`;
