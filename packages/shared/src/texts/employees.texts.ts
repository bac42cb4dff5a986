import type { TextEntry } from './types.ts';

/** What the server writes for people about employees and invitations (issue 17); keys are `domain.event`. */
export const EMPLOYEE_TEXTS = {
  'employees.updated': {
    'en-US': 'Updated employee {{name}}: {{changes}}',
    'zh-CN': '修改了员工 {{name}}：{{changes}}',
    'zh-TW': '修改了員工 {{name}}：{{changes}}',
  },
  'employees.unchanged': {
    'en-US': 'Saved employee {{name}} without changes',
    'zh-CN': '保存了员工 {{name}}，没有字段变化',
    'zh-TW': '儲存了員工 {{name}}，沒有欄位變更',
  },
  'employees.left': {
    'en-US': '{{name}} ({{platformNo}}) left the enterprise',
    'zh-CN': '{{name}}（{{platformNo}}）离开了企业',
    'zh-TW': '{{name}}（{{platformNo}}）離開了企業',
  },
  'employees.leftUnbound': {
    'en-US': '{{name}} ({{platformNo}}) left the enterprise; the account was unbound',
    'zh-CN': '{{name}}（{{platformNo}}）离开了企业，账号已解绑',
    'zh-TW': '{{name}}（{{platformNo}}）離開了企業，帳號已解除綁定',
  },
  'employees.joinedWithCode': {
    'en-US': '{{username}} joined with the invite code',
    'zh-CN': '{{username}} 通过邀请码加入',
    'zh-TW': '{{username}} 透過邀請碼加入',
  },
  'employees.invited': {
    'en-US': 'Invited {{invitee}}',
    'zh-CN': '邀请了 {{invitee}}',
    'zh-TW': '邀請了 {{invitee}}',
  },
  'employees.invitationResent': {
    'en-US': 'Sent the invitation to {{invitee}} again',
    'zh-CN': '重新向 {{invitee}} 发送了邀请',
    'zh-TW': '重新向 {{invitee}} 傳送了邀請',
  },
  'employees.invitationRevoked': {
    'en-US': 'Revoked the invitation of {{invitee}}',
    'zh-CN': '撤销了对 {{invitee}} 的邀请',
    'zh-TW': '撤銷了對 {{invitee}} 的邀請',
  },
  'employees.invitationAccepted': {
    'en-US': '{{username}} accepted the invitation',
    'zh-CN': '{{username}} 接受了邀请',
    'zh-TW': '{{username}} 接受了邀請',
  },
  'employees.yourInvitationAccepted': {
    'en-US': '{{username}} accepted your invitation',
    'zh-CN': '{{username}} 接受了您的邀请',
    'zh-TW': '{{username}} 接受了您的邀請',
  },
  'employees.invitationAcceptedJoined': {
    'en-US': '{{username}} accepted the invitation and joined the enterprise.',
    'zh-CN': '{{username}} 接受了邀请并加入了企业。',
    'zh-TW': '{{username}} 接受了邀請並加入了企業。',
  },
  'employees.invitationSubject': {
    'en-US': 'Invitation to join {{enterprise}} on Concord SRM',
    'zh-CN': '邀请您在 Concord SRM 上加入 {{enterprise}}',
    'zh-TW': '邀請您在 Concord SRM 上加入 {{enterprise}}',
  },
  'employees.invitationBody': {
    'en-US': {
      one:
        '{{inviter}} invited you to join {{enterprise}} on Concord SRM. Open {{link}} within {{count}} day, sign in ' +
        '(or register) and accept the invitation.',
      other:
        '{{inviter}} invited you to join {{enterprise}} on Concord SRM. Open {{link}} within {{count}} days, sign in ' +
        '(or register) and accept the invitation.',
    },
    'zh-CN':
      '{{inviter}} 邀请您在 Concord SRM 上加入 {{enterprise}}。请在 {{count}} 天内打开 {{link}}，登录（或注册）后接受邀请。',
    'zh-TW':
      '{{inviter}} 邀請您在 Concord SRM 上加入 {{enterprise}}。請在 {{count}} 天內開啟 {{link}}，登入（或註冊）後接受邀請。',
  },
} as const satisfies Record<string, TextEntry>;
