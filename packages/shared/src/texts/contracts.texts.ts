import type { TextEntry } from './types.ts';

/** What the server writes for people about contracts and the price library (issue 22); keys are `domain.event`. */
export const CONTRACT_TEXTS = {
  'contracts.created': {
    'en-US': {
      one: 'drafted contract {{contractNo}} with {{count}} line',
      other: 'drafted contract {{contractNo}} with {{count}} lines',
    },
    'zh-CN': '起草了合同 {{contractNo}}：共 {{count}} 行',
    'zh-TW': '起草了合約 {{contractNo}}：共 {{count}} 項',
  },
  'contracts.createdAndSent': {
    'en-US': {
      one: 'created and sent contract {{contractNo}} with {{count}} line',
      other: 'created and sent contract {{contractNo}} with {{count}} lines',
    },
    'zh-CN': '创建并发送了合同 {{contractNo}}：共 {{count}} 行',
    'zh-TW': '建立並傳送了合約 {{contractNo}}：共 {{count}} 項',
  },
  'contracts.edited': {
    'en-US': {
      one: 'edited contract {{contractNo}}: {{count}} line',
      other: 'edited contract {{contractNo}}: {{count}} lines',
    },
    'zh-CN': '修改了合同 {{contractNo}}：共 {{count}} 行',
    'zh-TW': '修改了合約 {{contractNo}}：共 {{count}} 項',
  },
  /* The steps of the transition table, each also the verb of the note the other side receives. */
  'contracts.step.send': {
    'en-US': 'sent contract {{contractNo}} for signature',
    'zh-CN': '发送了合同 {{contractNo}} 待签署',
    'zh-TW': '傳送了合約 {{contractNo}} 待簽署',
  },
  'contracts.step.sign': {
    'en-US': 'signed contract {{contractNo}}',
    'zh-CN': '签署了合同 {{contractNo}}',
    'zh-TW': '簽署了合約 {{contractNo}}',
  },
  'contracts.step.return': {
    'en-US': 'returned contract {{contractNo}}',
    'zh-CN': '退回了合同 {{contractNo}}',
    'zh-TW': '退回了合約 {{contractNo}}',
  },
  'contracts.step.countersign': {
    'en-US': 'countersigned contract {{contractNo}}; it is in effect',
    'zh-CN': '会签了合同 {{contractNo}}，合同已生效',
    'zh-TW': '會簽了合約 {{contractNo}}，合約已生效',
  },
  'contracts.step.terminate': {
    'en-US': 'terminated contract {{contractNo}}',
    'zh-CN': '终止了合同 {{contractNo}}',
    'zh-TW': '終止了合約 {{contractNo}}',
  },
  'contracts.step.cancel': {
    'en-US': 'cancelled contract {{contractNo}}',
    'zh-CN': '作废了合同 {{contractNo}}',
    'zh-TW': '作廢了合約 {{contractNo}}',
  },
  'contracts.step.expire': {
    'en-US': 'contract {{contractNo}} expired at the end of {{validTo}}',
    'zh-CN': '合同 {{contractNo}} 已于 {{validTo}} 结束时到期',
    'zh-TW': '合約 {{contractNo}} 已於 {{validTo}} 結束時到期',
  },
  'contracts.withReason': {
    'en-US': '{{text}}; reason: {{reason}}',
    'zh-CN': '{{text}}；原因：{{reason}}',
    'zh-TW': '{{text}}；原因：{{reason}}',
  },
  /** A cap passed where the enterprise makes contract caps a warning (the order went through). */
  'contracts.qtyCapWarning': {
    'en-US':
      'warning: order {{orderNo}} takes {{qty}} of {{prdtNo}} under contract {{contractNo}}, past its cap {{cap}} ({{ordered}} already ordered)',
    'zh-CN':
      '警告：订单 {{orderNo}} 按合同 {{contractNo}} 订购 {{prdtNo}} {{qty}}，超出数量上限 {{cap}}（已下单 {{ordered}}）',
    'zh-TW':
      '警告：訂單 {{orderNo}} 按合約 {{contractNo}} 訂購 {{prdtNo}} {{qty}}，超出數量上限 {{cap}}（已下單 {{ordered}}）',
  },
  'contracts.amountCapWarning': {
    'en-US':
      'warning: order {{orderNo}} adds {{amount}} under contract {{contractNo}}, past its amount cap {{amountCap}} ({{orderedAmount}} already ordered)',
    'zh-CN':
      '警告：订单 {{orderNo}} 按合同 {{contractNo}} 增加金额 {{amount}}，超出金额上限 {{amountCap}}（已下单 {{orderedAmount}}）',
    'zh-TW':
      '警告：訂單 {{orderNo}} 按合約 {{contractNo}} 增加金額 {{amount}}，超出金額上限 {{amountCap}}（已下單 {{orderedAmount}}）',
  },
  'contracts.createdFromInquiry': {
    'en-US': {
      one: 'drafted contract {{contractNo}} from inquiry {{inquiryNo}} with {{count}} awarded line',
      other: 'drafted contract {{contractNo}} from inquiry {{inquiryNo}} with {{count}} awarded lines',
    },
    'zh-CN': '由询价单 {{inquiryNo}} 起草了合同 {{contractNo}}：共 {{count}} 个授标行',
    'zh-TW': '由詢價單 {{inquiryNo}} 起草了合約 {{contractNo}}：共 {{count}} 個授標項',
  },
  /** The title of the note the other party receives: who took which step. */
  'contracts.partyStep': {
    'en-US': '{{party}} {{step}}',
    'zh-CN': '{{party}} {{step}}',
    'zh-TW': '{{party}} {{step}}',
  },
  'contracts.sentBody': {
    'en-US': {
      one: '{{count}} line, valid {{validFrom}} to {{validTo}}; please sign it or return it with a reason',
      other: '{{count}} lines, valid {{validFrom}} to {{validTo}}; please sign it or return it with a reason',
    },
    'zh-CN': '共 {{count}} 行，有效期 {{validFrom}} 至 {{validTo}}，请签署或填写原因退回',
    'zh-TW': '共 {{count}} 項，有效期 {{validFrom}} 至 {{validTo}}，請簽署或填寫原因退回',
  },
} as const satisfies Record<string, TextEntry>;
