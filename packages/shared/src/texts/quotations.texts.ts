import type { TextEntry } from './types.ts';

/**
 * What the server writes for people about quotations (issue 21); keys are `domain.event`. None of them
 * carries a bid figure: the buyer reads the supplier's history before the bids are opened.
 */
export const QUOTATION_TEXTS = {
  'quotations.saved': {
    'en-US': {
      one: 'saved the bid on {{count}} line of inquiry {{inquiryNo}}',
      other: 'saved the bids on {{count}} lines of inquiry {{inquiryNo}}',
    },
    'zh-CN': '保存了询价单 {{inquiryNo}} 中 {{count}} 行的报价',
    'zh-TW': '儲存了詢價單 {{inquiryNo}} 中 {{count}} 項的報價',
  },
  'quotations.step.submit': {
    'en-US': 'submitted the quotation for inquiry {{inquiryNo}}',
    'zh-CN': '提交了询价单 {{inquiryNo}} 的报价',
    'zh-TW': '提交了詢價單 {{inquiryNo}} 的報價',
  },
  'quotations.step.revise': {
    'en-US': 'reopened the quotation for inquiry {{inquiryNo}} to revise it',
    'zh-CN': '撤回了询价单 {{inquiryNo}} 的报价以便修改',
    'zh-TW': '撤回了詢價單 {{inquiryNo}} 的報價以便修改',
  },
  'quotations.step.decline': {
    'en-US': 'declined to quote on inquiry {{inquiryNo}}',
    'zh-CN': '放弃了询价单 {{inquiryNo}} 的报价',
    'zh-TW': '放棄了詢價單 {{inquiryNo}} 的報價',
  },
  'quotations.step.record': {
    'en-US': 'recorded the quote of {{supCode}} received off the network for inquiry {{inquiryNo}}',
    'zh-CN': '代录了 {{supCode}} 线下提供的询价单 {{inquiryNo}} 报价',
    'zh-TW': '代錄了 {{supCode}} 線下提供的詢價單 {{inquiryNo}} 報價',
  },
  'quotations.withReason': {
    'en-US': '{{text}} — {{reason}}',
    'zh-CN': '{{text}}（原因：{{reason}}）',
    'zh-TW': '{{text}}（原因：{{reason}}）',
  },
  /* Notes to the buyer; `party` is the supplier. */
  'quotations.partyStep': {
    'en-US': '{{party}} {{step}}',
    'zh-CN': '{{party}} {{step}}',
    'zh-TW': '{{party}} {{step}}',
  },
  /* The close of an inquiry with a revision left unsubmitted, logged and told to the supplier. */
  'quotations.revisionDiscarded': {
    'en-US': 'the revision of the quotation for inquiry {{inquiryNo}} was not submitted before the close',
    'zh-CN': '询价单 {{inquiryNo}} 的报价修改未在截止前提交',
    'zh-TW': '詢價單 {{inquiryNo}} 的報價修改未在截止前提交',
  },
  'quotations.revisionDiscardedBody': {
    'en-US': 'Your revision was discarded; the bid you submitted last is the one that counts.',
    'zh-CN': '您的修改已作废，以您最后一次提交的报价为准。',
    'zh-TW': '您的修改已作廢，以您最後一次提交的報價為準。',
  },
} as const satisfies Record<string, TextEntry>;
