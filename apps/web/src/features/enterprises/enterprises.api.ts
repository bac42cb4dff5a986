import type { EnterpriseInfo, EnterpriseUpdateInput } from '@concord/shared';
import { http } from '../../api/http.ts';

export const enterpriseKeys = { info: ['enterprise'] as const };

export const enterprisesApi = {
  get: () => http.get<EnterpriseInfo>('/srm/enterprise'),
  update: (input: EnterpriseUpdateInput) => http.put<EnterpriseInfo>('/srm/enterprise', input),
  rotateInviteCode: () => http.post<{ inviteCode: string }>('/srm/enterprise/actions/rotate-invite-code'),
};
