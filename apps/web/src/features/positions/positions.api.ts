import type {
  ListResult,
  OrgSettingsUpdateInput,
  OrgSettingsView,
  PartnerRestrictionDetail,
  PartnerRestrictionEnterprise,
  PartnerRestrictionRow,
  PartnerRestrictionUpdateInput,
  PositionCreateInput,
  PositionDetail,
  PositionEmployeeOption,
  PositionHoldersInput,
  PositionRow,
  PositionUpdateInput,
} from '@concord/shared';
import { http } from '../../api/http.ts';

export interface PositionFilter {
  keyword?: string;
  dataPermission?: number;
}

export interface PositionOption {
  id: string;
  code: string;
  name: string;
  superiorId: string | null;
}

/** What this screen needs of a node of GET /srm/departments/tree (built by the departments module). */
export interface DepartmentTreeNode {
  id: string;
  deptName: string;
  deptCode?: string;
  children?: DepartmentTreeNode[];
}

export const positionKeys = {
  all: ['positions'] as const,
  list: (filter: PositionFilter, page: number, size: number) => ['positions', 'list', filter, page, size] as const,
  detail: (id: string) => ['positions', 'detail', id] as const,
  options: ['positions', 'options'] as const,
  employees: ['positions', 'employees'] as const,
  settings: ['positions', 'settings'] as const,
  departments: ['departments', 'tree'] as const,
  partners: (keyword: string | undefined, page: number, size: number) =>
    ['positions', 'partners', keyword, page, size] as const,
  partnerDetail: (employeeId: string) => ['positions', 'partners', 'detail', employeeId] as const,
};

const BASE = '/srm/positions';
// List reads are not changes; the global overlay would only flicker.
const quiet = { overlay: false };

export const positionsApi = {
  list: (filter: PositionFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<PositionRow>>(`${BASE}/list`, { filter, pageParam: { pageNum, pageSize } }, quiet),
  get: (id: string) => http.get<PositionDetail>(`${BASE}/${id}`),
  create: (input: PositionCreateInput) => http.post<PositionDetail>(BASE, input),
  update: (id: string, input: PositionUpdateInput) => http.put<PositionDetail>(`${BASE}/${id}`, input),
  remove: (id: string) => http.delete<null>(`${BASE}/${id}`),
  setHolders: (id: string, input: PositionHoldersInput) => http.put<PositionDetail>(`${BASE}/${id}/holders`, input),
  options: () => http.get<PositionOption[]>(`${BASE}/options`),
  employeeOptions: () => http.get<PositionEmployeeOption[]>(`${BASE}/employee-options`),
  departments: () => http.get<DepartmentTreeNode[]>('/srm/departments/tree'),
  settings: () => http.get<OrgSettingsView>(`${BASE}/settings`),
  saveSettings: (input: OrgSettingsUpdateInput) => http.put<OrgSettingsView>(`${BASE}/settings`, input),
  switchTo: (positionId: string) =>
    http.post<{ activePositionId: string }>(`${BASE}/switch`, { positionId }, { overlay: false }),
  partners: (keyword: string | undefined, pageNum: number, pageSize: number) =>
    http.get<ListResult<PartnerRestrictionRow>>(`${BASE}/trading-partners`, { keyword, pageNum, pageSize }),
  partnerDetail: (employeeId: string) => http.get<PartnerRestrictionDetail>(`${BASE}/trading-partners/${employeeId}`),
  savePartners: (employeeId: string, input: PartnerRestrictionUpdateInput) =>
    http.put<PartnerRestrictionDetail>(`${BASE}/trading-partners/${employeeId}`, input),
  lookupPartner: (compNo: string) =>
    http.get<PartnerRestrictionEnterprise>(`${BASE}/partner-lookup`, { compNo }, { overlay: false }),
};
