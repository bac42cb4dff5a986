import type {
  CompRegisterInput,
  QrRequester,
  QrStatus,
  QrTicket,
  RegisterInput,
  TenantItem,
  TokenReply,
  UserInfo,
  UserSettings,
} from '@concord/shared';
import { http, request } from '../../api/http.ts';

const TOKEN_PATH = '/auth/oauth/token';

export const accountsApi = {
  passwordLogin: (username: string, password: string) =>
    request<TokenReply>(`${TOKEN_PATH}?grant_type=password&scope=server`, {
      method: 'POST',
      form: { username, password, isPhone: 'false' },
      enveloped: false,
      skipTenant: true,
    }),
  smsLogin: (mobileArea: string, mobile: string, code: string) =>
    request<TokenReply>(`${TOKEN_PATH}?grant_type=sms&scope=server`, {
      method: 'POST',
      form: { mobileArea, mobile, code },
      enveloped: false,
      skipTenant: true,
    }),
  logout: () => http.get<null>('/auth/token/logout'),
  loginCode: (mobileArea: string, mobile: string) =>
    http.get<null>('/admin/sysuserinfo/getLoginCode', { mobileArea, mobile }),
  registerCode: (mobileArea: string, mobile: string) =>
    http.get<null>('/admin/sysuserinfo/getRegisterCode', { mobileArea, mobile }),
  register: (input: RegisterInput) =>
    http.post<{ userId: string; username: string }>('/admin/sysuserinfo/userRegister', input),
  forgetCode: (account: string) => http.get<null>('/admin/sysuserinfo/getForgetPswdCode', { account }),
  validateForgetCode: (account: string, code: string) =>
    http.post<{ ticket: string }>('/admin/sysuserinfo/validateForgetPswdCode', { account, code }),
  resetPassword: (input: { account: string; ticket: string; password: string; password2: string }) =>
    http.post<null>('/admin/sysuserinfo/resetPaswd', input),
  userInfo: () => http.get<UserInfo>('/admin/user/info'),
  changePassword: (input: { password: string; newpassword1: string; newpassword2: string }) =>
    http.post<null>('/admin/user/editPassword', input),
  validatePassword: (password: string) => http.post<null>('/admin/sysuserinfo/validatePassword', { password }),
  modifyMobileCode: (mobileArea: string, newMobile: string) =>
    http.get<null>('/admin/sysuserinfo/getModifyMobileCode', { mobileArea, newMobile }),
  modifyMobile: (input: { mobileArea: string; newMobile: string; newMobileCode: string }) =>
    http.post<null>('/admin/sysuserinfo/modifyMobile', input),
  updatePersonalData: (input: { name?: string; introduction?: string; avatarUrl?: string | null }) =>
    http.post<null>('/admin/sysuserinfo/updatePersonalData', input),
  saveSettings: (settings: UserSettings) =>
    http.post<UserSettings>('/admin/user/settings', settings, { overlay: false }),
  upload: (file: File) => http.upload<{ url: string; name: string }>('/system/oss/upload', file),
  compRegister: (input: CompRegisterInput) =>
    http.post<{ tenantId: string; compNo: string; inviteCode: string }>('/admin/syscompanyinfo/compRegister', input),
  companyForInvite: (sysCompNo: string) =>
    http.get<{ name: string; shortName: string }>('/admin/syscompanyinfo/getCompForEmpInvite', { sysCompNo }),
  acceptInvite: (sysCompNo: string, empInviteCode: string) =>
    http.post<{ tenantId: string; username: string }>('/admin/sysuserinfo/acceptInvite', { sysCompNo, empInviteCode }),
  myCompanies: () => http.get<TenantItem[]>('/admin/sysuserinfo/myCompPage'),
  createQr: () => http.post<QrTicket>('/auth/qr', {}, { overlay: false }),
  pollQr: (id: string, secret: string) =>
    http.get<{ status: QrStatus; access_token?: string; expires_in?: number }>(`/auth/qr/${id}`, { secret }),
  qrRequester: (id: string, secret: string) => http.get<QrRequester>(`/auth/qr/${id}/requester`, { secret }),
  confirmQr: (id: string, secret: string) => http.post<null>(`/auth/qr/${id}/confirm`, { secret }),
  oidcConfig: () => http.get<{ enabled: boolean; name: string }>('/auth/oidc/config'),
  outbox: () => http.get<OutboxItem[]>('/dev/outbox'),
};

export interface OutboxItem {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

export const OIDC_START_PATH = '/gateway/auth/oidc/start';
