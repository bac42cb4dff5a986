import type { TextEntry } from './types.ts';

/** What the server writes for people about sourcing (issue 17); keys are `domain.event`. */
export const SOURCING_TEXTS = {
  'sourcing.prospectCreated': {
    'en-US': 'created prospect {{code}} {{name}}',
    'zh-CN': '创建了潜在供应商 {{code}} {{name}}',
    'zh-TW': '建立了潛在供應商 {{code}} {{name}}',
  },
  'sourcing.prospectUpdated': {
    'en-US': 'changed prospect {{code}}: {{changes}}',
    'zh-CN': '修改了潜在供应商 {{code}}：{{changes}}',
    'zh-TW': '修改了潛在供應商 {{code}}：{{changes}}',
  },
  'sourcing.prospectSaved': {
    'en-US': 'saved prospect {{code}} without changing a field',
    'zh-CN': '保存了潜在供应商 {{code}}，未修改任何字段',
    'zh-TW': '儲存了潛在供應商 {{code}}，未修改任何欄位',
  },

  // The steps of PROSPECT_TRANSITIONS, as logged
  'sourcing.submitted': {
    'en-US': 'submitted prospect {{code}} {{name}} for audit',
    'zh-CN': '将潜在供应商 {{code}} {{name}} 提交审核',
    'zh-TW': '將潛在供應商 {{code}} {{name}} 提交審核',
  },
  'sourcing.recalled': {
    'en-US': 'recalled prospect {{code}} {{name}} from audit',
    'zh-CN': '撤回了潜在供应商 {{code}} {{name}} 的审核申请',
    'zh-TW': '撤回了潛在供應商 {{code}} {{name}} 的審核申請',
  },
  'sourcing.passed': {
    'en-US': 'passed prospect {{code}} {{name}} in the supplier audit',
    'zh-CN': '审核通过了潜在供应商 {{code}} {{name}}',
    'zh-TW': '審核通過了潛在供應商 {{code}} {{name}}',
  },
  'sourcing.failed': {
    'en-US': 'failed prospect {{code}} {{name}} in the supplier audit',
    'zh-CN': '审核驳回了潜在供应商 {{code}} {{name}}',
    'zh-TW': '審核駁回了潛在供應商 {{code}} {{name}}',
  },
  'sourcing.converted': {
    'en-US': 'invited prospect {{code}} {{name}} to become a supplier',
    'zh-CN': '邀请潜在供应商 {{code}} {{name}} 成为供应商',
    'zh-TW': '邀請潛在供應商 {{code}} {{name}} 成為供應商',
  },
  'sourcing.inviteFailed': {
    'en-US': 'inviting prospect {{code}} failed ({{errorCode}}); it is approved again',
    'zh-CN': '邀请潜在供应商 {{code}} 失败（{{errorCode}}），已恢复为审核通过',
    'zh-TW': '邀請潛在供應商 {{code}} 失敗（{{errorCode}}），已恢復為審核通過',
  },
  'sourcing.inviteFailedUnexpectedly': {
    'en-US': 'inviting prospect {{code}} failed unexpectedly; it is approved again',
    'zh-CN': '邀请潜在供应商 {{code}} 时发生意外错误，已恢复为审核通过',
    'zh-TW': '邀請潛在供應商 {{code}} 時發生意外錯誤，已恢復為審核通過',
  },

  // The purchaser who owns a prospect hears of its audit
  'sourcing.auditPassedTitle': {
    'en-US': 'Prospect {{code}} {{name}} passed the supplier audit (score {{score}})',
    'zh-CN': '潜在供应商 {{code}} {{name}} 通过了供应商审核（得分 {{score}}）',
    'zh-TW': '潛在供應商 {{code}} {{name}} 通過了供應商審核（得分 {{score}}）',
  },
  'sourcing.auditFailedTitle': {
    'en-US': 'Prospect {{code}} {{name}} failed the supplier audit (score {{score}})',
    'zh-CN': '潜在供应商 {{code}} {{name}} 未通过供应商审核（得分 {{score}}）',
    'zh-TW': '潛在供應商 {{code}} {{name}} 未通過供應商審核（得分 {{score}}）',
  },
  'sourcing.auditComment': {
    'en-US': 'Comment of {{auditor}}: {{comment}}',
    'zh-CN': '{{auditor}} 的审核意见：{{comment}}',
    'zh-TW': '{{auditor}} 的審核意見：{{comment}}',
  },
  'sourcing.auditPassedBy': {
    'en-US': 'The audit by {{auditor}} passed.',
    'zh-CN': '{{auditor}} 的审核已通过。',
    'zh-TW': '{{auditor}} 的審核已通過。',
  },
  'sourcing.auditFailedBy': {
    'en-US': 'The audit by {{auditor}} failed.',
    'zh-CN': '{{auditor}} 的审核未通过。',
    'zh-TW': '{{auditor}} 的審核未通過。',
  },
} as const satisfies Record<string, TextEntry>;
