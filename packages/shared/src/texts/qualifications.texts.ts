import type { TextEntry } from './types.ts';

/** What the server writes for people about qualifications (issue 17); keys are `domain.event`. */
export const QUALIFICATION_TEXTS = {
  // Requirements
  'qualifications.requirementAddedForClass': {
    'en-US': 'added the requirement "{{fileName}}" for supplier class {{className}}',
    'zh-CN': '为供应商分类 {{className}} 添加了资质要求“{{fileName}}”',
    'zh-TW': '為供應商分類 {{className}} 新增了資質要求「{{fileName}}」',
  },
  'qualifications.requirementAddedForSupplier': {
    'en-US': 'added the requirement "{{fileName}}" for supplier {{supName}}',
    'zh-CN': '为供应商 {{supName}} 添加了资质要求“{{fileName}}”',
    'zh-TW': '為供應商 {{supName}} 新增了資質要求「{{fileName}}」',
  },
  'qualifications.requirementAddedForMaterial': {
    'en-US': 'added the requirement "{{fileName}}" for material {{prdtNo}}',
    'zh-CN': '为物料 {{prdtNo}} 添加了资质要求“{{fileName}}”',
    'zh-TW': '為物料 {{prdtNo}} 新增了資質要求「{{fileName}}」',
  },
  'qualifications.requirementUpdated': {
    'en-US': 'changed the requirement "{{fileName}}": {{changes}}',
    'zh-CN': '修改了资质要求“{{fileName}}”：{{changes}}',
    'zh-TW': '修改了資質要求「{{fileName}}」：{{changes}}',
  },
  'qualifications.requirementSaved': {
    'en-US': 'saved the requirement "{{fileName}}" without changing a field',
    'zh-CN': '保存了资质要求“{{fileName}}”，未修改任何字段',
    'zh-TW': '儲存了資質要求「{{fileName}}」，未修改任何欄位',
  },
  'qualifications.requirementDeleted': {
    'en-US': 'deleted the requirement "{{fileName}}"',
    'zh-CN': '删除了资质要求“{{fileName}}”',
    'zh-TW': '刪除了資質要求「{{fileName}}」',
  },

  // Documents: the buyer's request
  'qualifications.requested': {
    'en-US': 'requested the qualification document {{fileCode}} "{{fileName}}" from supplier {{supName}}',
    'zh-CN': '向供应商 {{supName}} 请求了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '向供應商 {{supName}} 請求了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.drafted': {
    'en-US': 'drafted the qualification document {{fileCode}} "{{fileName}}" for supplier {{supName}}',
    'zh-CN': '为供应商 {{supName}} 起草了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '為供應商 {{supName}} 起草了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.updated': {
    'en-US': 'changed the qualification document {{fileCode}}: {{changes}}',
    'zh-CN': '修改了资质文件 {{fileCode}}：{{changes}}',
    'zh-TW': '修改了資質文件 {{fileCode}}：{{changes}}',
  },
  'qualifications.saved': {
    'en-US': 'saved the qualification document {{fileCode}} without changing a field',
    'zh-CN': '保存了资质文件 {{fileCode}}，未修改任何字段',
    'zh-TW': '儲存了資質文件 {{fileCode}}，未修改任何欄位',
  },
  'qualifications.requestedTitle': {
    'en-US': {
      one: '{{party}} requests {{count}} qualification document',
      other: '{{party}} requests {{count}} qualification documents',
    },
    'zh-CN': '{{party}} 请求提供 {{count}} 份资质文件',
    'zh-TW': '{{party}} 請求提供 {{count}} 份資質文件',
  },
  'qualifications.documentLine': {
    'en-US': '{{fileCode}} {{fileName}}',
    'zh-CN': '{{fileCode}} {{fileName}}',
    'zh-TW': '{{fileCode}} {{fileName}}',
  },
  /** Two parts of a list, one below the other (a list of any length nests these). */
  'qualifications.lines': {
    'en-US': '{{first}}\n{{rest}}',
    'zh-CN': '{{first}}\n{{rest}}',
    'zh-TW': '{{first}}\n{{rest}}',
  },

  // Documents: the steps of QUALIFICATION_TRANSITIONS, as logged (and, after the party, as told)
  'qualifications.sent': {
    'en-US': 'sent the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '发送了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '傳送了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.withdrawn': {
    'en-US': 'withdrew the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '撤回了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '撤回了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.replied': {
    'en-US': 'replied to the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '回复了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '回覆了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.renewed': {
    'en-US': 'renewed the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '更新了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '更新了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.replyWithdrawn': {
    'en-US': 'withdrew the reply to the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '撤回了对资质文件 {{fileCode}}“{{fileName}}”的回复',
    'zh-TW': '撤回了對資質文件 {{fileCode}}「{{fileName}}」的回覆',
  },
  'qualifications.passed': {
    'en-US': 'passed the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '审核通过了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '審核通過了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.failed': {
    'en-US': 'failed the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '驳回了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '駁回了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.invalidated': {
    'en-US': 'invalidated the qualification document {{fileCode}} "{{fileName}}"',
    'zh-CN': '作废了资质文件 {{fileCode}}“{{fileName}}”',
    'zh-TW': '作廢了資質文件 {{fileCode}}「{{fileName}}」',
  },
  'qualifications.replyDetails': {
    'en-US': {
      one: '{{what}}: document code {{documentCode}}, issued {{buildDate}}, valid until {{validUntil}}, {{count}} file',
      other:
        '{{what}}: document code {{documentCode}}, issued {{buildDate}}, valid until {{validUntil}}, {{count}} files',
    },
    'zh-CN': '{{what}}：文件编号 {{documentCode}}，出具日期 {{buildDate}}，有效期至 {{validUntil}}，{{count}} 个附件',
    'zh-TW': '{{what}}：文件編號 {{documentCode}}，出具日期 {{buildDate}}，有效期至 {{validUntil}}，{{count}} 個附件',
  },
  'qualifications.withComment': {
    'en-US': '{{what}}: {{comment}}',
    'zh-CN': '{{what}}：{{comment}}',
    'zh-TW': '{{what}}：{{comment}}',
  },
  'qualifications.longTerm': { 'en-US': 'long-term', 'zh-CN': '长期有效', 'zh-TW': '長期有效' },

  // Documents: what the other side is told
  'qualifications.byParty': {
    'en-US': '{{party}} {{what}}',
    'zh-CN': '{{party}} {{what}}',
    'zh-TW': '{{party}} {{what}}',
  },
  'qualifications.pleaseConfirm': {
    'en-US': 'Document code {{documentCode}}, valid until {{validUntil}}. Please confirm it.',
    'zh-CN': '文件编号 {{documentCode}}，有效期至 {{validUntil}}。请确认。',
    'zh-TW': '文件編號 {{documentCode}}，有效期至 {{validUntil}}。請確認。',
  },
  'qualifications.replyWithdrawnContent': {
    'en-US': '{{party}} withdrew its reply; it will answer again.',
    'zh-CN': '{{party}} 撤回了回复，将重新回复。',
    'zh-TW': '{{party}} 撤回了回覆，將重新回覆。',
  },
  'qualifications.pleaseReply': {
    'en-US': '{{description}}. Please reply with the document.',
    'zh-CN': '{{description}}。请回复该文件。',
    'zh-TW': '{{description}}。請回覆該文件。',
  },
  'qualifications.pleaseCorrect': {
    'en-US': 'Reason: {{reason}}. Please correct the document and reply again.',
    'zh-CN': '原因：{{reason}}。请修正文件后重新回复。',
    'zh-TW': '原因：{{reason}}。請修正文件後重新回覆。',
  },
  'qualifications.acceptedUntil': {
    'en-US': 'The document is accepted, valid until {{validUntil}}.',
    'zh-CN': '文件已审核通过，有效期至 {{validUntil}}。',
    'zh-TW': '文件已審核通過，有效期至 {{validUntil}}。',
  },

  // The daily expiry check
  'qualifications.nowExpired': {
    'en-US': '{{fileCode}} expired (valid until {{validUntil}}, checked {{asOf}})',
    'zh-CN': '{{fileCode}} 已过期（有效期至 {{validUntil}}，检查日期 {{asOf}}）',
    'zh-TW': '{{fileCode}} 已過期（有效期至 {{validUntil}}，檢查日期 {{asOf}}）',
  },
  'qualifications.nowExpiring': {
    'en-US': '{{fileCode}} is expiring (valid until {{validUntil}}, checked {{asOf}})',
    'zh-CN': '{{fileCode}} 即将到期（有效期至 {{validUntil}}，检查日期 {{asOf}}）',
    'zh-TW': '{{fileCode}} 即將到期（有效期至 {{validUntil}}，檢查日期 {{asOf}}）',
  },
  'qualifications.expiredCount': {
    'en-US': {
      one: '{{count}} qualification document expired',
      other: '{{count}} qualification documents expired',
    },
    'zh-CN': '{{count}} 份资质文件已过期',
    'zh-TW': '{{count}} 份資質文件已過期',
  },
  'qualifications.expiringCount': {
    'en-US': {
      one: '{{count}} qualification document expires within {{days}} days',
      other: '{{count}} qualification documents expire within {{days}} days',
    },
    'zh-CN': '{{count}} 份资质文件将在 {{days}} 天内到期',
    'zh-TW': '{{count}} 份資質文件將在 {{days}} 天內到期',
  },
  'qualifications.fromParty': {
    'en-US': '{{party}}: {{headline}}',
    'zh-CN': '{{party}}：{{headline}}',
    'zh-TW': '{{party}}：{{headline}}',
  },
  'qualifications.dueLine': {
    'en-US': '{{fileCode}} "{{fileName}}" ({{supCode}}) valid until {{validUntil}}',
    'zh-CN': '{{fileCode}}“{{fileName}}”（{{supCode}}）有效期至 {{validUntil}}',
    'zh-TW': '{{fileCode}}「{{fileName}}」（{{supCode}}）有效期至 {{validUntil}}',
  },
  'qualifications.yourDueLine': {
    'en-US': '{{fileCode}} "{{fileName}}" valid until {{validUntil}}',
    'zh-CN': '{{fileCode}}“{{fileName}}”有效期至 {{validUntil}}',
    'zh-TW': '{{fileCode}}「{{fileName}}」有效期至 {{validUntil}}',
  },
  'qualifications.renewRequest': {
    'en-US': '{{documents}}\nPlease reply with the renewed documents.',
    'zh-CN': '{{documents}}\n请回复更新后的文件。',
    'zh-TW': '{{documents}}\n請回覆更新後的文件。',
  },
} as const satisfies Record<string, TextEntry>;
