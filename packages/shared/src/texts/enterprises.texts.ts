import type { TextEntry } from './types.ts';

/** What the server writes for people about enterprises (issue 17); keys are `domain.event`. */
export const ENTERPRISE_TEXTS = {
  'enterprises.created': {
    'en-US': 'Created enterprise {{name}} ({{compNo}})',
    'zh-CN': '创建了企业 {{name}}（{{compNo}}）',
    'zh-TW': '建立了企業 {{name}}（{{compNo}}）',
  },
  'enterprises.updated': {
    'en-US': 'Updated the enterprise information: {{changes}}',
    'zh-CN': '修改了企业信息：{{changes}}',
    'zh-TW': '修改了企業資訊：{{changes}}',
  },
  'enterprises.unchanged': {
    'en-US': 'Saved the enterprise information without changes',
    'zh-CN': '保存了企业信息，没有字段变化',
    'zh-TW': '儲存了企業資訊，沒有欄位變更',
  },
  'enterprises.inviteCodeRotated': {
    'en-US': 'Rotated the invite code',
    'zh-CN': '更换了邀请码',
    'zh-TW': '更換了邀請碼',
  },
  'enterprises.inviteGuesses': {
    'en-US': {
      one: '{{count}} wrong invite code for {{enterprise}} within an hour',
      other: '{{count}} wrong invite codes for {{enterprise}} within an hour',
    },
    'zh-CN': '一小时内 {{enterprise}} 的邀请码被输错 {{count}} 次',
    'zh-TW': '一小時內 {{enterprise}} 的邀請碼被輸錯 {{count}} 次',
  },
  'enterprises.inviteGuessesAdvice': {
    'en-US':
      'Someone has entered a wrong invite code for {{name}} ({{compNo}}) at least {{count}} times within an hour. ' +
      'If you did not expect this, rotate the invite code on the enterprise information page; people who already ' +
      'joined are not affected.',
    'zh-CN':
      '一小时内有人为 {{name}}（{{compNo}}）输入了至少 {{count}} 次错误的邀请码。如非预期，请在企业信息页面更换邀请码；' +
      '已加入的成员不受影响。',
    'zh-TW':
      '一小時內有人為 {{name}}（{{compNo}}）輸入了至少 {{count}} 次錯誤的邀請碼。如非預期，請在企業資訊頁面更換邀請碼；' +
      '已加入的成員不受影響。',
  },
  'enterprises.memberJoined': {
    'en-US': '{{username}} joined {{enterprise}}',
    'zh-CN': '{{username}} 加入了 {{enterprise}}',
    'zh-TW': '{{username}} 加入了 {{enterprise}}',
  },
  'enterprises.memberJoinedWithCode': {
    'en-US': '{{username}} joined the enterprise with the invite code.',
    'zh-CN': '{{username}} 通过邀请码加入了企业。',
    'zh-TW': '{{username}} 透過邀請碼加入了企業。',
  },
  'enterprises.welcome': {
    'en-US': 'Welcome to Concord SRM',
    'zh-CN': '欢迎使用 Concord SRM',
    'zh-TW': '歡迎使用 Concord SRM',
  },
  'enterprises.welcomeAdvice': {
    'en-US':
      'Your enterprise number is {{compNo}}. Colleagues join with it and the invite code shown on the enterprise ' +
      'information page.',
    'zh-CN': '您的企业编号是 {{compNo}}。同事凭企业编号和企业信息页面上显示的邀请码加入。',
    'zh-TW': '您的企業編號是 {{compNo}}。同事憑企業編號和企業資訊頁面上顯示的邀請碼加入。',
  },
  'enterprises.capabilityExpiring': {
    'en-US': '{{number}} certificate expires on {{expiryDate}}',
    'zh-CN': '{{number}} 证书将于 {{expiryDate}} 到期',
    'zh-TW': '{{number}} 證書將於 {{expiryDate}} 到期',
  },
  'enterprises.capabilityRenewAdvice': {
    'en-US': 'Upload the renewed certificate on the enterprise information page before it expires.',
    'zh-CN': '请在到期前于企业信息页面上传更新后的证书。',
    'zh-TW': '請在到期前於企業資訊頁面上傳更新後的證書。',
  },
  'enterprises.agreementShared': {
    'en-US': 'Framework agreement {{year}} ready for review',
    'zh-CN': '{{year}} 年框架协议待审阅',
    'zh-TW': '{{year}} 年框架協議待審閱',
  },
  'enterprises.agreementSharedAdvice': {
    'en-US':
      'The draft framework agreement for {{year}} has been shared; please review the payment and delivery terms.',
    'zh-CN': '{{year}} 年框架协议草案已共享，请审阅其中的付款和交货条款。',
    'zh-TW': '{{year}} 年框架協議草案已共用，請審閱其中的付款和交貨條款。',
  },
} as const satisfies Record<string, TextEntry>;
