import type { TextEntry } from './types.ts';

/** What the server writes for people about suppliers (issue 17); keys are `domain.event`. */
export const SUPPLIER_TEXTS = {
  // Supplier classes
  'suppliers.classCreated': {
    'en-US': 'created supplier class {{code}} {{name}}',
    'zh-CN': '创建了供应商分类 {{code}} {{name}}',
    'zh-TW': '建立了供應商分類 {{code}} {{name}}',
  },
  'suppliers.classUpdated': {
    'en-US': 'changed supplier class {{code}}: {{changes}}',
    'zh-CN': '修改了供应商分类 {{code}}：{{changes}}',
    'zh-TW': '修改了供應商分類 {{code}}：{{changes}}',
  },
  'suppliers.classDeleted': {
    'en-US': 'deleted supplier class {{code}} {{name}}',
    'zh-CN': '删除了供应商分类 {{code}} {{name}}',
    'zh-TW': '刪除了供應商分類 {{code}} {{name}}',
  },

  // The buyer's archive
  'suppliers.created': {
    'en-US': 'created supplier archive {{supCode}} {{supName}}',
    'zh-CN': '创建了供应商档案 {{supCode}} {{supName}}',
    'zh-TW': '建立了供應商檔案 {{supCode}} {{supName}}',
  },
  'suppliers.updated': {
    'en-US': 'changed supplier archive {{supCode}}: {{changes}}',
    'zh-CN': '修改了供应商档案 {{supCode}}：{{changes}}',
    'zh-TW': '修改了供應商檔案 {{supCode}}：{{changes}}',
  },
  'suppliers.registrationUpdated': {
    'en-US': 'changed the registration data submitted to {{name}}: {{changes}}',
    'zh-CN': '修改了提交给 {{name}} 的注册资料：{{changes}}',
    'zh-TW': '修改了提交給 {{name}} 的註冊資料：{{changes}}',
  },
  'suppliers.contactsChanged': {
    'en-US': 'changed the contacts: {{before}} → {{after}}',
    'zh-CN': '修改了联系人：{{before}} → {{after}}',
    'zh-TW': '修改了聯絡人：{{before}} → {{after}}',
  },
  /** A step with the note the buyer wrote for it (the audit comment, the reason of a blacklisting). */
  'suppliers.withReason': {
    'en-US': '{{what}}: {{reason}}',
    'zh-CN': '{{what}}：{{reason}}',
    'zh-TW': '{{what}}：{{reason}}',
  },

  // The buyer's steps on a relation, as logged
  'suppliers.approved': {
    'en-US': 'approved supplier {{supCode}} {{supName}}',
    'zh-CN': '审核通过了供应商 {{supCode}} {{supName}}',
    'zh-TW': '審核通過了供應商 {{supCode}} {{supName}}',
  },
  'suppliers.rejected': {
    'en-US': 'returned the registration data of supplier {{supCode}} {{supName}}',
    'zh-CN': '退回了供应商 {{supCode}} {{supName}} 的注册资料',
    'zh-TW': '退回了供應商 {{supCode}} {{supName}} 的註冊資料',
  },
  'suppliers.blacklisted': {
    'en-US': 'put supplier {{supCode}} {{supName}} on the blacklist',
    'zh-CN': '将供应商 {{supCode}} {{supName}} 列入了黑名单',
    'zh-TW': '將供應商 {{supCode}} {{supName}} 列入了黑名單',
  },
  'suppliers.restored': {
    'en-US': 'restored supplier {{supCode}} {{supName}}',
    'zh-CN': '恢复了供应商 {{supCode}} {{supName}}',
    'zh-TW': '恢復了供應商 {{supCode}} {{supName}}',
  },
  'suppliers.invalidated': {
    'en-US': 'invalidated supplier {{supCode}} {{supName}}',
    'zh-CN': '将供应商 {{supCode}} {{supName}} 设为失效',
    'zh-TW': '將供應商 {{supCode}} {{supName}} 設為失效',
  },
  'suppliers.stopped': {
    'en-US': 'stopped the relation with supplier {{supCode}} {{supName}}',
    'zh-CN': '停用了与供应商 {{supCode}} {{supName}} 的合作关系',
    'zh-TW': '停用了與供應商 {{supCode}} {{supName}} 的合作關係',
  },
  'suppliers.resumed': {
    'en-US': 'resumed the relation with supplier {{supCode}} {{supName}}',
    'zh-CN': '恢复了与供应商 {{supCode}} {{supName}} 的合作关系',
    'zh-TW': '恢復了與供應商 {{supCode}} {{supName}} 的合作關係',
  },

  // The same steps, as the supplier is told of them
  'suppliers.approvedTitle': {
    'en-US': '{{party}} approved your registration data',
    'zh-CN': '{{party}} 审核通过了贵司的注册资料',
    'zh-TW': '{{party}} 審核通過了貴司的註冊資料',
  },
  'suppliers.approvedContent': {
    'en-US': 'You are now a joined supplier of {{party}}.',
    'zh-CN': '贵司现已成为 {{party}} 的正式供应商。',
    'zh-TW': '貴司現已成為 {{party}} 的正式供應商。',
  },
  'suppliers.rejectedTitle': {
    'en-US': '{{party}} returned your registration data',
    'zh-CN': '{{party}} 退回了贵司的注册资料',
    'zh-TW': '{{party}} 退回了貴司的註冊資料',
  },
  'suppliers.rejectedContent': {
    'en-US': 'Reason: {{reason}}. Correct the data and submit it again.',
    'zh-CN': '原因：{{reason}}。请修改资料后重新提交。',
    'zh-TW': '原因：{{reason}}。請修改資料後重新提交。',
  },
  'suppliers.blacklistedTitle': {
    'en-US': '{{party}} put you on its blacklist',
    'zh-CN': '{{party}} 已将贵司列入黑名单',
    'zh-TW': '{{party}} 已將貴司列入黑名單',
  },
  'suppliers.blacklistedContent': {
    'en-US': '{{party}} will address no new documents to you.',
    'zh-CN': '{{party}} 将不再向贵司发送新的单据。',
    'zh-TW': '{{party}} 將不再向貴司傳送新的單據。',
  },
  'suppliers.restoredTitle': {
    'en-US': '{{party}} restored your supplier archive',
    'zh-CN': '{{party}} 恢复了贵司的供应商档案',
    'zh-TW': '{{party}} 恢復了貴司的供應商檔案',
  },
  'suppliers.restoredContent': {
    'en-US': 'The relation with {{party}} is active again.',
    'zh-CN': '与 {{party}} 的合作关系已恢复。',
    'zh-TW': '與 {{party}} 的合作關係已恢復。',
  },
  'suppliers.invalidatedTitle': {
    'en-US': '{{party}} invalidated your supplier archive',
    'zh-CN': '{{party}} 已将贵司的供应商档案设为失效',
    'zh-TW': '{{party}} 已將貴司的供應商檔案設為失效',
  },
  'suppliers.invalidatedContent': {
    'en-US': '{{party}} marked the relation invalid.',
    'zh-CN': '{{party}} 已将合作关系设为失效。',
    'zh-TW': '{{party}} 已將合作關係設為失效。',
  },
  'suppliers.stoppedTitle': {
    'en-US': '{{party}} stopped the relation',
    'zh-CN': '{{party}} 停用了合作关系',
    'zh-TW': '{{party}} 停用了合作關係',
  },
  'suppliers.stoppedContent': {
    'en-US': '{{party}} will address no new orders or inquiries to you.',
    'zh-CN': '{{party}} 将不再向贵司发送新的订单或询价。',
    'zh-TW': '{{party}} 將不再向貴司傳送新的訂單或詢價。',
  },
  'suppliers.resumedTitle': {
    'en-US': '{{party}} resumed the relation',
    'zh-CN': '{{party}} 恢复了合作关系',
    'zh-TW': '{{party}} 恢復了合作關係',
  },
  'suppliers.resumedContent': {
    'en-US': 'The relation with {{party}} is valid again.',
    'zh-CN': '与 {{party}} 的合作关系已重新生效。',
    'zh-TW': '與 {{party}} 的合作關係已重新生效。',
  },

  // Invitations: the buyer invites a supplier
  'suppliers.invitedByNumber': {
    'en-US': 'invited {{supName}} ({{compNo}}) to become a supplier, receiver {{receiver}}',
    'zh-CN': '邀请 {{supName}}（{{compNo}}）成为供应商，接收人 {{receiver}}',
    'zh-TW': '邀請 {{supName}}（{{compNo}}）成為供應商，接收人 {{receiver}}',
  },
  'suppliers.invitedByContact': {
    'en-US': 'invited {{supName}} to become a supplier through {{contact}}, receiver {{receiver}}',
    'zh-CN': '通过 {{contact}} 邀请 {{supName}} 成为供应商，接收人 {{receiver}}',
    'zh-TW': '透過 {{contact}} 邀請 {{supName}} 成為供應商，接收人 {{receiver}}',
  },
  'suppliers.invitedTitle': {
    'en-US': '{{party}} invites you to become its supplier',
    'zh-CN': '{{party}} 邀请贵司成为其供应商',
    'zh-TW': '{{party}} 邀請貴司成為其供應商',
  },
  'suppliers.invitedContent': {
    'en-US':
      '{{party}} invited your enterprise to become its supplier. Open the customer archive to submit your registration data.',
    'zh-CN': '{{party}} 邀请贵司成为其供应商，请在客户档案中提交注册资料。',
    'zh-TW': '{{party}} 邀請貴司成為其供應商，請在客戶檔案中提交註冊資料。',
  },
  /** The SMS and e-mail to a company not on the network yet, in the inviting user's language. */
  'suppliers.invitationSubject': {
    'en-US': '{{party}} invites your company to become its supplier on Concord SRM',
    'zh-CN': '{{party}} 邀请贵公司成为其供应商',
    'zh-TW': '{{party}} 邀請貴公司成為其供應商',
  },
  'suppliers.invitationBody': {
    'en-US':
      'Dear {{receiver}}, {{party}} invites your company to become its supplier on Concord SRM. Open {{link}} within {{days}} days, register (or sign in), create your enterprise and submit your registration data.',
    'zh-CN':
      '{{receiver}}，您好：{{party}} 邀请贵公司在 Concord SRM 上成为其供应商。请在 {{days}} 天内打开 {{link}}，注册（或登录）并创建企业后提交注册资料。',
    'zh-TW':
      '{{receiver}}，您好：{{party}} 邀請貴公司在 Concord SRM 上成為其供應商。請在 {{days}} 天內開啟 {{link}}，註冊（或登入）並建立企業後提交註冊資料。',
  },
  'suppliers.invitationAccepted': {
    'en-US': '{{supName}} accepted the invitation and submitted its registration data',
    'zh-CN': '{{supName}} 接受了邀请并提交了注册资料',
    'zh-TW': '{{supName}} 接受了邀請並提交了註冊資料',
  },
  'suppliers.acceptedInvitationOf': {
    'en-US': 'accepted the supplier invitation of {{name}} and submitted the registration data',
    'zh-CN': '接受了 {{name}} 的供应商邀请并提交了注册资料',
    'zh-TW': '接受了 {{name}} 的供應商邀請並提交了註冊資料',
  },
  'suppliers.registrationSubmittedTitle': {
    'en-US': '{{party}} submitted its registration data',
    'zh-CN': '{{party}} 提交了注册资料',
    'zh-TW': '{{party}} 提交了註冊資料',
  },
  'suppliers.registrationSubmittedContent': {
    'en-US': '{{name}} accepted your invitation; review its registration data to let it join.',
    'zh-CN': '{{name}} 接受了贵司的邀请，请审核其注册资料以完成加入。',
    'zh-TW': '{{name}} 接受了貴司的邀請，請審核其註冊資料以完成加入。',
  },

  // Invitations: the supplier asks a customer to list it
  'suppliers.askedToJoin': {
    'en-US': '{{supName}} asked to become a supplier with the invite code and submitted its registration data',
    'zh-CN': '{{supName}} 通过邀请码申请成为供应商并提交了注册资料',
    'zh-TW': '{{supName}} 透過邀請碼申請成為供應商並提交了註冊資料',
  },
  'suppliers.askedToJoinTitle': {
    'en-US': '{{party}} asks to become your supplier',
    'zh-CN': '{{party}} 申请成为贵司的供应商',
    'zh-TW': '{{party}} 申請成為貴司的供應商',
  },
  'suppliers.askedToJoinContent': {
    'en-US':
      '{{name}} entered your enterprise number and invite code; review its registration data in the supplier archive.',
    'zh-CN': '{{name}} 输入了贵司的企业编号和邀请码，请在供应商档案中审核其注册资料。',
    'zh-TW': '{{name}} 輸入了貴司的企業編號和邀請碼，請在供應商檔案中審核其註冊資料。',
  },
  'suppliers.customerInvited': {
    'en-US': 'invited customer {{name}} ({{compNo}})',
    'zh-CN': '邀请了客户 {{name}}（{{compNo}}）',
    'zh-TW': '邀請了客戶 {{name}}（{{compNo}}）',
  },
  'suppliers.customerUpdated': {
    'en-US': 'changed customer archive {{poCode}}: {{changes}}',
    'zh-CN': '修改了客户档案 {{poCode}}：{{changes}}',
    'zh-TW': '修改了客戶檔案 {{poCode}}：{{changes}}',
  },
} as const satisfies Record<string, TextEntry>;
