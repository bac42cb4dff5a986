import type {
  AcceptInvitationInput,
  EmployeeAction,
  EmployeeDetail,
  EmployeeItem,
  EmployeeListQuery,
  EmployeeUpdateInput,
  InviteEmployeeInput,
  ListResult,
  MyInvitation,
} from '@concord/shared';
import { http } from '../../api/http.ts';

export type EmployeeFilter = NonNullable<EmployeeListQuery['filter']>;

/** What the positions screen lists; only the fields a picker needs. */
export interface PositionOption {
  id: string;
  code: string;
  name: string;
}

export const staffKeys = {
  all: ['employees'] as const,
  list: (filter: EmployeeFilter, page: number, size: number) => ['employees', 'list', filter, page, size] as const,
  detail: (id: string) => ['employees', 'detail', id] as const,
  myInvitations: ['employees', 'my-invitations'] as const,
  preview: (token: string) => ['employees', 'invitation', token] as const,
  positions: ['positions', 'options'] as const,
};

export const staffApi = {
  list: (filter: EmployeeFilter, pageNum: number, pageSize: number) =>
    http.post<ListResult<EmployeeItem>>(
      '/srm/employees/list',
      { filter, pageParam: { pageNum, pageSize } },
      { overlay: false },
    ),
  get: (id: string) => http.get<EmployeeDetail>(`/srm/employees/${id}`),
  invite: (input: InviteEmployeeInput) => http.post<EmployeeItem>('/srm/employees', input),
  update: (id: string, input: EmployeeUpdateInput) => http.put<EmployeeDetail>(`/srm/employees/${id}`, input),
  act: (id: string, action: EmployeeAction) => http.post<EmployeeItem>(`/srm/employees/${id}/actions/${action}`),
  myInvitations: () => http.get<MyInvitation[]>('/srm/employees/my-invitations'),
  preview: (token: string) =>
    http.post<MyInvitation>('/srm/employees/invitations/preview', { token }, { overlay: false }),
  accept: (input: AcceptInvitationInput) =>
    http.post<{ tenantId: string; username: string }>('/srm/employees/invitations/accept', input),
  positionOptions: () =>
    http.post<ListResult<PositionOption>>(
      '/srm/positions/list',
      { pageParam: { pageNum: 1, pageSize: 100 }, orderParam: [{ fieldName: 'code', asc: true }] },
      { overlay: false },
    ),
};
