import type { TextEntry } from './types.ts';

/** What the server writes for people about purchase orders and their changes (issue 17); keys are `domain.event`. */
export const PURCHASE_ORDER_TEXTS = {
  'purchaseOrders.created': {
    'en-US': {
      one: 'drafted order {{orderNo}} with {{count}} line',
      other: 'drafted order {{orderNo}} with {{count}} lines',
    },
    'zh-CN': '起草了采购订单 {{orderNo}}：共 {{count}} 行',
    'zh-TW': '起草了採購訂單 {{orderNo}}：共 {{count}} 項',
  },
  'purchaseOrders.createdAndSent': {
    'en-US': {
      one: 'created and sent order {{orderNo}} with {{count}} line',
      other: 'created and sent order {{orderNo}} with {{count}} lines',
    },
    'zh-CN': '创建并发送了采购订单 {{orderNo}}：共 {{count}} 行',
    'zh-TW': '建立並傳送了採購訂單 {{orderNo}}：共 {{count}} 項',
  },
  'purchaseOrders.edited': {
    'en-US': {
      one: 'edited draft order {{orderNo}}: {{count}} line',
      other: 'edited draft order {{orderNo}}: {{count}} lines',
    },
    'zh-CN': '修改了采购订单草稿 {{orderNo}}：共 {{count}} 行',
    'zh-TW': '修改了採購訂單草稿 {{orderNo}}：共 {{count}} 項',
  },
  'purchaseOrders.copied': {
    'en-US': 'copied from order {{orderNo}}',
    'zh-CN': '复制自采购订单 {{orderNo}}',
    'zh-TW': '複製自採購訂單 {{orderNo}}',
  },
  'purchaseOrders.exported': {
    'en-US': { one: 'exported {{count}} order line', other: 'exported {{count}} order lines' },
    'zh-CN': '导出了 {{count}} 行采购订单明细',
    'zh-TW': '匯出了 {{count}} 項採購訂單明細',
  },
  /* The steps on a sent order, each also the verb of the note the other side receives. */
  'purchaseOrders.step.send': {
    'en-US': 'sent order {{orderNo}}',
    'zh-CN': '发送了采购订单 {{orderNo}}',
    'zh-TW': '傳送了採購訂單 {{orderNo}}',
  },
  'purchaseOrders.step.confirm': {
    'en-US': 'answered order {{orderNo}}',
    'zh-CN': '答复了采购订单 {{orderNo}}',
    'zh-TW': '回覆了採購訂單 {{orderNo}}',
  },
  'purchaseOrders.step.accept': {
    'en-US': 'accepted counter-proposals on order {{orderNo}}',
    'zh-CN': '接受了采购订单 {{orderNo}} 的反建议',
    'zh-TW': '接受了採購訂單 {{orderNo}} 的反建議',
  },
  'purchaseOrders.step.reject': {
    'en-US': 'rejected counter-proposals on order {{orderNo}}',
    'zh-CN': '拒绝了采购订单 {{orderNo}} 的反建议',
    'zh-TW': '拒絕了採購訂單 {{orderNo}} 的反建議',
  },
  'purchaseOrders.step.close': {
    'en-US': 'closed order {{orderNo}}',
    'zh-CN': '关闭了采购订单 {{orderNo}}',
    'zh-TW': '關閉了採購訂單 {{orderNo}}',
  },
  'purchaseOrders.step.cancel': {
    'en-US': 'cancelled order {{orderNo}}',
    'zh-CN': '取消了采购订单 {{orderNo}}',
    'zh-TW': '取消了採購訂單 {{orderNo}}',
  },
  /** The supplier's answer: `count` lines answered, of them `confirmed` as ordered and `proposed` otherwise. */
  'purchaseOrders.answered': {
    'en-US': {
      one: 'answered {{count}} line of order {{orderNo}}: {{confirmed}} confirmed, {{proposed}} counter-proposed',
      other: 'answered {{count}} lines of order {{orderNo}}: {{confirmed}} confirmed, {{proposed}} counter-proposed',
    },
    'zh-CN': '答复了采购订单 {{orderNo}} 的 {{count}} 行：确认 {{confirmed}} 行，反建议 {{proposed}} 行',
    'zh-TW': '回覆了採購訂單 {{orderNo}} 的 {{count}} 項：確認 {{confirmed}} 項，反建議 {{proposed}} 項',
  },
  /** `lines` lists the lines answered (purchaseOrders.lineProposal joined by purchaseOrders.list). */
  'purchaseOrders.accepted': {
    'en-US': {
      one: 'accepted the counter-proposal on {{count}} line of order {{orderNo}}: {{lines}}',
      other: 'accepted the counter-proposals on {{count}} lines of order {{orderNo}}: {{lines}}',
    },
    'zh-CN': '接受了采购订单 {{orderNo}} 中 {{count}} 行的反建议：{{lines}}',
    'zh-TW': '接受了採購訂單 {{orderNo}} 中 {{count}} 項的反建議：{{lines}}',
  },
  'purchaseOrders.rejected': {
    'en-US': {
      one: 'rejected the counter-proposal on {{count}} line of order {{orderNo}}: {{lines}}',
      other: 'rejected the counter-proposals on {{count}} lines of order {{orderNo}}: {{lines}}',
    },
    'zh-CN': '拒绝了采购订单 {{orderNo}} 中 {{count}} 行的反建议：{{lines}}',
    'zh-TW': '拒絕了採購訂單 {{orderNo}} 中 {{count}} 項的反建議：{{lines}}',
  },
  'purchaseOrders.lineProposal': {
    'en-US': 'line {{lineNo}}: {{qty}} on {{date}}',
    'zh-CN': '第 {{lineNo}} 行：{{qty}}，{{date}}',
    'zh-TW': '第 {{lineNo}} 項：{{qty}}，{{date}}',
  },
  /** Two parts of a list; a longer list nests in `rest`. */
  'purchaseOrders.list': {
    'en-US': '{{first}}; {{rest}}',
    'zh-CN': '{{first}}；{{rest}}',
    'zh-TW': '{{first}}；{{rest}}',
  },
  /** A step and the comment its author gave with it. */
  'purchaseOrders.withComment': {
    'en-US': '{{text}} — {{comment}}',
    'zh-CN': '{{text}}（备注：{{comment}}）',
    'zh-TW': '{{text}}（備註：{{comment}}）',
  },
  /** The title of the note the other side receives: `step` is one of purchaseOrders.step.*. */
  'purchaseOrders.partyStep': {
    'en-US': '{{party}} {{step}}',
    'zh-CN': '{{party}} {{step}}',
    'zh-TW': '{{party}} {{step}}',
  },
  'purchaseOrders.sentTitle': {
    'en-US': '{{party}} sent you order {{orderNo}}',
    'zh-CN': '{{party}} 向您发送了采购订单 {{orderNo}}',
    'zh-TW': '{{party}} 向您傳送了採購訂單 {{orderNo}}',
  },
  'purchaseOrders.sentBody': {
    'en-US': {
      one: '{{count}} line. Please confirm each line or propose another quantity or date.',
      other: '{{count}} lines. Please confirm each line or propose another quantity or date.',
    },
    'zh-CN': '共 {{count}} 行，请逐行确认或建议其他数量或日期。',
    'zh-TW': '共 {{count}} 項，請逐項確認或建議其他數量或日期。',
  },
  /* Changes of a sent order: `changed`, `added` and `cancelled` count the lines the change touches. */
  'purchaseOrders.changeDrafted': {
    'en-US':
      'drafted change {{changeNo}} of order {{orderNo}}: {{changed}} changed, {{added}} added, {{cancelled}} cancelled — {{reason}}',
    'zh-CN':
      '起草了采购订单 {{orderNo}} 的变更 {{changeNo}}：修改 {{changed}} 行，新增 {{added}} 行，取消 {{cancelled}} 行（原因：{{reason}}）',
    'zh-TW':
      '起草了採購訂單 {{orderNo}} 的變更 {{changeNo}}：修改 {{changed}} 項，新增 {{added}} 項，取消 {{cancelled}} 項（原因：{{reason}}）',
  },
  'purchaseOrders.changeEdited': {
    'en-US': 'edited change {{changeNo}}: {{changed}} changed, {{added}} added, {{cancelled}} cancelled — {{reason}}',
    'zh-CN':
      '修改了变更 {{changeNo}}：修改 {{changed}} 行，新增 {{added}} 行，取消 {{cancelled}} 行（原因：{{reason}}）',
    'zh-TW':
      '修改了變更 {{changeNo}}：修改 {{changed}} 項，新增 {{added}} 項，取消 {{cancelled}} 項（原因：{{reason}}）',
  },
  'purchaseOrders.changeSent': {
    'en-US':
      'sent change {{changeNo}}: revision {{revision}}, {{changed}} changed, {{added}} added, {{cancelled}} cancelled — {{reason}}',
    'zh-CN':
      '发送了变更 {{changeNo}}：第 {{revision}} 版，修改 {{changed}} 行，新增 {{added}} 行，取消 {{cancelled}} 行（原因：{{reason}}）',
    'zh-TW':
      '傳送了變更 {{changeNo}}：第 {{revision}} 版，修改 {{changed}} 項，新增 {{added}} 項，取消 {{cancelled}} 項（原因：{{reason}}）',
  },
  'purchaseOrders.changeCancelled': {
    'en-US': 'cancelled change {{changeNo}}',
    'zh-CN': '取消了变更 {{changeNo}}',
    'zh-TW': '取消了變更 {{changeNo}}',
  },
  'purchaseOrders.changeConfirmed': {
    'en-US': 'confirmed change {{changeNo}} (revision {{revision}}) of order {{orderNo}}',
    'zh-CN': '确认了采购订单 {{orderNo}} 的变更 {{changeNo}}（第 {{revision}} 版）',
    'zh-TW': '確認了採購訂單 {{orderNo}} 的變更 {{changeNo}}（第 {{revision}} 版）',
  },
  'purchaseOrders.changeSentTitle': {
    'en-US': '{{party}} changed order {{orderNo}} (revision {{revision}})',
    'zh-CN': '{{party}} 变更了采购订单 {{orderNo}}（第 {{revision}} 版）',
    'zh-TW': '{{party}} 變更了採購訂單 {{orderNo}}（第 {{revision}} 版）',
  },
  'purchaseOrders.changeSentBody': {
    'en-US':
      '{{changed}} changed, {{added}} added, {{cancelled}} cancelled. Reason: {{reason}}. Please confirm the changed lines.',
    'zh-CN': '修改 {{changed}} 行，新增 {{added}} 行，取消 {{cancelled}} 行。原因：{{reason}}。请确认变更的明细。',
    'zh-TW': '修改 {{changed}} 項，新增 {{added}} 項，取消 {{cancelled}} 項。原因：{{reason}}。請確認變更的明細。',
  },
  'purchaseOrders.changeConfirmedTitle': {
    'en-US': '{{party}} confirmed change {{changeNo}} of order {{orderNo}}',
    'zh-CN': '{{party}} 确认了采购订单 {{orderNo}} 的变更 {{changeNo}}',
    'zh-TW': '{{party}} 確認了採購訂單 {{orderNo}} 的變更 {{changeNo}}',
  },
  'purchaseOrders.changeConfirmedBody': {
    'en-US': 'Revision {{revision}} is confirmed.',
    'zh-CN': '第 {{revision}} 版已确认。',
    'zh-TW': '第 {{revision}} 版已確認。',
  },
} as const satisfies Record<string, TextEntry>;
