import type { TextEntry } from './types.ts';

/** What the server writes for people about accounts (issue 17); keys are `domain.event`. */
export const ACCOUNT_TEXTS = {
  'accounts.login': { 'en-US': 'Signed in', 'zh-CN': '登录了系统', 'zh-TW': '登入了系統' },
  'accounts.logout': { 'en-US': 'Signed out', 'zh-CN': '退出了登录', 'zh-TW': '登出了系統' },
  'accounts.codeSubject': {
    'en-US': 'Concord SRM verification code',
    'zh-CN': 'Concord SRM 验证码',
    'zh-TW': 'Concord SRM 驗證碼',
  },
  'accounts.codeSent': {
    'en-US': 'The verification code has been sent',
    'zh-CN': '验证码已发送',
    'zh-TW': '驗證碼已發送',
  },
  'accounts.codeBody': {
    'en-US': 'Your verification code is {{code}}. It is valid for {{minutes}} minutes.',
    'zh-CN': '您的验证码为 {{code}}，{{minutes}} 分钟内有效。',
    'zh-TW': '您的驗證碼為 {{code}}，{{minutes}} 分鐘內有效。',
  },
  /** The field named by "… is already in use" (DUPLICATE). */
  'accounts.fieldUsername': { 'en-US': 'Username', 'zh-CN': '用户名', 'zh-TW': '使用者名稱' },
  'accounts.fieldEmail': { 'en-US': 'E-mail', 'zh-CN': '邮箱', 'zh-TW': '電子郵件' },
  'accounts.fieldMobile': { 'en-US': 'Mobile', 'zh-CN': '手机号', 'zh-TW': '手機號碼' },
} as const satisfies Record<string, TextEntry>;
