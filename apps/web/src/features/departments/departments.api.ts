import type { Department, DepartmentInput, DepartmentNode, DepartmentUpdateInput } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../api/http.ts';

export const departmentKeys = { tree: ['departments', 'tree'] as const };

export const departmentsApi = {
  tree: () => http.get<DepartmentNode[]>('/srm/departments/tree'),
  create: (input: DepartmentInput) => http.post<Department>('/srm/departments', input),
  update: (id: string, input: DepartmentUpdateInput) => http.put<Department>(`/srm/departments/${id}`, input),
  remove: (id: string) => http.delete<null>(`/srm/departments/${id}`),
};

/** The enterprise's department tree; every member may read it (pickers on other screens use it too). */
export function useDepartmentTree() {
  return useQuery({ queryKey: departmentKeys.tree, queryFn: departmentsApi.tree });
}
