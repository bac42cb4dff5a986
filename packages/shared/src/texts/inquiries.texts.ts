import type { TextEntry } from './types.ts';

/** What the server writes for people about inquiries (issue 21); keys are `domain.event`. */
export const INQUIRY_TEXTS = {
  'inquiries.created': {
    'en-US': {
      one: 'drafted inquiry {{inquiryNo}} with {{count}} line',
      other: 'drafted inquiry {{inquiryNo}} with {{count}} lines',
    },
    'zh-CN': '起草了询价单 {{inquiryNo}}：共 {{count}} 行',
    'zh-TW': '起草了詢價單 {{inquiryNo}}：共 {{count}} 項',
  },
  'inquiries.edited': {
    'en-US': {
      one: 'edited draft inquiry {{inquiryNo}}: {{count}} line',
      other: 'edited draft inquiry {{inquiryNo}}: {{count}} lines',
    },
    'zh-CN': '修改了询价单草稿 {{inquiryNo}}：共 {{count}} 行',
    'zh-TW': '修改了詢價單草稿 {{inquiryNo}}：共 {{count}} 項',
  },
  'inquiries.deleted': {
    'en-US': 'deleted draft inquiry {{inquiryNo}}',
    'zh-CN': '删除了询价单草稿 {{inquiryNo}}',
    'zh-TW': '刪除了詢價單草稿 {{inquiryNo}}',
  },
  /* The steps, each also the verb of the note the suppliers receive. */
  'inquiries.step.publish': {
    'en-US': {
      one: 'published inquiry {{inquiryNo}} to {{count}} supplier',
      other: 'published inquiry {{inquiryNo}} to {{count}} suppliers',
    },
    'zh-CN': '发布了询价单 {{inquiryNo}}，邀请 {{count}} 家供应商报价',
    'zh-TW': '發佈了詢價單 {{inquiryNo}}，邀請 {{count}} 家供應商報價',
  },
  'inquiries.step.extend': {
    'en-US': 'extended the quote deadline of inquiry {{inquiryNo}}',
    'zh-CN': '延长了询价单 {{inquiryNo}} 的报价截止时间',
    'zh-TW': '延長了詢價單 {{inquiryNo}} 的報價截止時間',
  },
  'inquiries.step.close': {
    'en-US': 'closed inquiry {{inquiryNo}} before its deadline',
    'zh-CN': '提前截止了询价单 {{inquiryNo}}',
    'zh-TW': '提前截止了詢價單 {{inquiryNo}}',
  },
  'inquiries.step.expire': {
    'en-US': 'inquiry {{inquiryNo}} closed at its deadline',
    'zh-CN': '询价单 {{inquiryNo}} 已到报价截止时间',
    'zh-TW': '詢價單 {{inquiryNo}} 已到報價截止時間',
  },
  'inquiries.step.open': {
    'en-US': 'opened the bids of inquiry {{inquiryNo}}',
    'zh-CN': '对询价单 {{inquiryNo}} 进行了开标',
    'zh-TW': '對詢價單 {{inquiryNo}} 進行了開標',
  },
  'inquiries.step.new-round': {
    'en-US': {
      one: 'started round {{round}} of inquiry {{inquiryNo}} with {{count}} supplier',
      other: 'started round {{round}} of inquiry {{inquiryNo}} with {{count}} suppliers',
    },
    'zh-CN': '发起了询价单 {{inquiryNo}} 的第 {{round}} 轮报价，邀请 {{count}} 家供应商',
    'zh-TW': '發起了詢價單 {{inquiryNo}} 的第 {{round}} 輪報價，邀請 {{count}} 家供應商',
  },
  'inquiries.step.award': {
    'en-US': {
      one: 'awarded {{count}} line of inquiry {{inquiryNo}}',
      other: 'awarded {{count}} lines of inquiry {{inquiryNo}}',
    },
    'zh-CN': '对询价单 {{inquiryNo}} 的 {{count}} 行进行了定标',
    'zh-TW': '對詢價單 {{inquiryNo}} 的 {{count}} 項進行了決標',
  },
  'inquiries.step.cancel': {
    'en-US': 'cancelled inquiry {{inquiryNo}}',
    'zh-CN': '取消了询价单 {{inquiryNo}}',
    'zh-TW': '取消了詢價單 {{inquiryNo}}',
  },
  /** A step and the reason its author gave with it. */
  'inquiries.withReason': {
    'en-US': '{{text}} — {{reason}}',
    'zh-CN': '{{text}}（原因：{{reason}}）',
    'zh-TW': '{{text}}（原因：{{reason}}）',
  },
  'inquiries.ordersMade': {
    'en-US': {
      one: 'made {{count}} draft purchase order from inquiry {{inquiryNo}}',
      other: 'made {{count}} draft purchase orders from inquiry {{inquiryNo}}',
    },
    'zh-CN': '由询价单 {{inquiryNo}} 生成了 {{count}} 张采购订单草稿',
    'zh-TW': '由詢價單 {{inquiryNo}} 產生了 {{count}} 張採購訂單草稿',
  },
  /* Notes to the suppliers; `party` is the buyer. */
  'inquiries.invitedTitle': {
    'en-US': '{{party}} invites you to quote on inquiry {{inquiryNo}} “{{title}}”',
    'zh-CN': '{{party}} 邀请您对询价单 {{inquiryNo}}「{{title}}」报价',
    'zh-TW': '{{party}} 邀請您對詢價單 {{inquiryNo}}「{{title}}」報價',
  },
  'inquiries.invitedBody': {
    'en-US': {
      one: 'Quote {{count}} line before the deadline: open the quotation, type your bid and submit it.',
      other: 'Quote {{count}} lines before the deadline: open the quotation, type your bids and submit them.',
    },
    'zh-CN': '请在截止时间前对 {{count}} 行物料报价：打开报价单，填写报价并提交。',
    'zh-TW': '請在截止時間前對 {{count}} 項物料報價：開啟報價單，填寫報價並提交。',
  },
  'inquiries.partyStep': {
    'en-US': '{{party}} {{step}}',
    'zh-CN': '{{party}} {{step}}',
    'zh-TW': '{{party}} {{step}}',
  },
  'inquiries.resultTitle': {
    'en-US': '{{party}} announced the result of inquiry {{inquiryNo}}',
    'zh-CN': '{{party}} 公布了询价单 {{inquiryNo}} 的定标结果',
    'zh-TW': '{{party}} 公佈了詢價單 {{inquiryNo}} 的決標結果',
  },
  'inquiries.awardedBody': {
    'en-US': 'Your quotation won: see the quantities and prices awarded to you in it.',
    'zh-CN': '您的报价已中标：请在报价单中查看授予您的数量和价格。',
    'zh-TW': '您的報價已得標：請在報價單中查看授予您的數量和價格。',
  },
  'inquiries.notAwardedBody': {
    'en-US': 'Your quotation was not awarded this time. Thank you for quoting.',
    'zh-CN': '您的报价本次未中标，感谢您的参与。',
    'zh-TW': '您的報價本次未得標，感謝您的參與。',
  },
} as const satisfies Record<string, TextEntry>;
