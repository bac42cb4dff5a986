import type { TextEntry } from './types.ts';

/** What the server writes for people about notices to suppliers (issue 17); keys are `domain.event`. */
export const NOTICE_TEXTS = {
  /** Words a person wrote (a notice's text, a reply), carried into a message as they are. */
  'notices.written': { 'en-US': '{{text}}', 'zh-CN': '{{text}}', 'zh-TW': '{{text}}' },
  'notices.created': {
    'en-US': {
      one: 'Created notice {{noticeNo}} "{{title}}" to {{count}} supplier',
      other: 'Created notice {{noticeNo}} "{{title}}" to {{count}} suppliers',
    },
    'zh-CN': '创建了公告 {{noticeNo}}「{{title}}」，发给 {{count}} 家供应商',
    'zh-TW': '建立了公告 {{noticeNo}}「{{title}}」，發給 {{count}} 家供應商',
  },
  'notices.updated': {
    'en-US': {
      one: 'Updated notice {{noticeNo}} ({{count}} recipient): {{changes}}',
      other: 'Updated notice {{noticeNo}} ({{count}} recipients): {{changes}}',
    },
    'zh-CN': '修改了公告 {{noticeNo}}（{{count}} 家接收方）：{{changes}}',
    'zh-TW': '修改了公告 {{noticeNo}}（{{count}} 家接收方）：{{changes}}',
  },
  'notices.updatedWithContent': {
    'en-US': {
      one: 'Updated notice {{noticeNo}} and its content ({{count}} recipient): {{changes}}',
      other: 'Updated notice {{noticeNo}} and its content ({{count}} recipients): {{changes}}',
    },
    'zh-CN': '修改了公告 {{noticeNo}} 及其内容（{{count}} 家接收方）：{{changes}}',
    'zh-TW': '修改了公告 {{noticeNo}} 及其內容（{{count}} 家接收方）：{{changes}}',
  },
  'notices.contentUpdated': {
    'en-US': {
      one: 'Updated the content of notice {{noticeNo}} ({{count}} recipient)',
      other: 'Updated the content of notice {{noticeNo}} ({{count}} recipients)',
    },
    'zh-CN': '修改了公告 {{noticeNo}} 的内容（{{count}} 家接收方）',
    'zh-TW': '修改了公告 {{noticeNo}} 的內容（{{count}} 家接收方）',
  },
  'notices.saved': {
    'en-US': {
      one: 'Saved notice {{noticeNo}} ({{count}} recipient)',
      other: 'Saved notice {{noticeNo}} ({{count}} recipients)',
    },
    'zh-CN': '保存了公告 {{noticeNo}}（{{count}} 家接收方）',
    'zh-TW': '儲存了公告 {{noticeNo}}（{{count}} 家接收方）',
  },
  'notices.published': {
    'en-US': 'Published notice {{noticeNo}}',
    'zh-CN': '发布了公告 {{noticeNo}}',
    'zh-TW': '發布了公告 {{noticeNo}}',
  },
  'notices.withdrawn': {
    'en-US': 'Withdrew notice {{noticeNo}}',
    'zh-CN': '撤回了公告 {{noticeNo}}',
    'zh-TW': '撤回了公告 {{noticeNo}}',
  },
  'notices.abolished': {
    'en-US': 'Abolished notice {{noticeNo}}',
    'zh-CN': '作废了公告 {{noticeNo}}',
    'zh-TW': '作廢了公告 {{noticeNo}}',
  },
  'notices.publishedBy': {
    'en-US': '{{party}} published the notice {{noticeNo}} "{{title}}"',
    'zh-CN': '{{party}} 发布了公告 {{noticeNo}}「{{title}}」',
    'zh-TW': '{{party}} 發布了公告 {{noticeNo}}「{{title}}」',
  },
  'notices.withdrawnBy': {
    'en-US': '{{party}} withdrew the notice {{noticeNo}} "{{title}}"',
    'zh-CN': '{{party}} 撤回了公告 {{noticeNo}}「{{title}}」',
    'zh-TW': '{{party}} 撤回了公告 {{noticeNo}}「{{title}}」',
  },
  'notices.abolishedBy': {
    'en-US': '{{party}} abolished the notice {{noticeNo}} "{{title}}"',
    'zh-CN': '{{party}} 作废了公告 {{noticeNo}}「{{title}}」',
    'zh-TW': '{{party}} 作廢了公告 {{noticeNo}}「{{title}}」',
  },
  'notices.emailFooter': {
    'en-US':
      '{{party}} sent this notice through Concord SRM. Register your enterprise to read and reply to notices online.',
    'zh-CN': '{{party}} 通过 Concord SRM 发送了此公告。注册您的企业即可在线阅读和回复公告。',
    'zh-TW': '{{party}} 透過 Concord SRM 傳送了此公告。註冊您的企業即可線上閱讀和回覆公告。',
  },
  'notices.read': {
    'en-US': 'Read notice {{noticeNo}}',
    'zh-CN': '阅读了公告 {{noticeNo}}',
    'zh-TW': '閱讀了公告 {{noticeNo}}',
  },
  'notices.replied': {
    'en-US': 'Replied to notice {{noticeNo}}',
    'zh-CN': '回复了公告 {{noticeNo}}',
    'zh-TW': '回覆了公告 {{noticeNo}}',
  },
  'notices.retracted': {
    'en-US': 'Retracted the reply to notice {{noticeNo}}',
    'zh-CN': '撤回了对公告 {{noticeNo}} 的回复',
    'zh-TW': '撤回了對公告 {{noticeNo}} 的回覆',
  },
  'notices.returned': {
    'en-US': 'Returned the reply of {{supCode}} {{supName}} to notice {{noticeNo}}',
    'zh-CN': '退回了 {{supCode}} {{supName}} 对公告 {{noticeNo}} 的回复',
    'zh-TW': '退回了 {{supCode}} {{supName}} 對公告 {{noticeNo}} 的回覆',
  },
  'notices.repliedBy': {
    'en-US': '{{party}} replied to the notice {{noticeNo}} "{{title}}"',
    'zh-CN': '{{party}} 回复了公告 {{noticeNo}}「{{title}}」',
    'zh-TW': '{{party}} 回覆了公告 {{noticeNo}}「{{title}}」',
  },
  'notices.retractedBy': {
    'en-US': '{{party}} retracted its reply to the notice {{noticeNo}} "{{title}}"',
    'zh-CN': '{{party}} 撤回了对公告 {{noticeNo}}「{{title}}」的回复',
    'zh-TW': '{{party}} 撤回了對公告 {{noticeNo}}「{{title}}」的回覆',
  },
  'notices.returnedBy': {
    'en-US': '{{party}} returned your reply to the notice {{noticeNo}} "{{title}}"',
    'zh-CN': '{{party}} 退回了您对公告 {{noticeNo}}「{{title}}」的回复',
    'zh-TW': '{{party}} 退回了您對公告 {{noticeNo}}「{{title}}」的回覆',
  },
  'notices.reviseReply': {
    'en-US': 'Please revise your reply and send it again.',
    'zh-CN': '请修改您的回复后重新发送。',
    'zh-TW': '請修改您的回覆後重新傳送。',
  },
} as const satisfies Record<string, TextEntry>;
