import type { TextEntry } from './types.ts';

/**
 * What the server writes for people about receiving plans, urgent delivery notices and shared stock
 * (issue 17); keys are `domain.event`.
 */
export const RECEIVING_PLAN_TEXTS = {
  'receivingPlans.created': {
    'en-US': {
      one: 'created receiving plan {{planNo}} for order {{orderNo}}: {{count}} delivery',
      other: 'created receiving plan {{planNo}} for order {{orderNo}}: {{count}} deliveries',
    },
    'zh-CN': '为采购订单 {{orderNo}} 创建了收货计划 {{planNo}}：共 {{count}} 批交货',
    'zh-TW': '為採購訂單 {{orderNo}} 建立了收貨計畫 {{planNo}}：共 {{count}} 批交貨',
  },
  'receivingPlans.createdAndSent': {
    'en-US': {
      one: 'created and sent receiving plan {{planNo}} for order {{orderNo}}: {{count}} delivery',
      other: 'created and sent receiving plan {{planNo}} for order {{orderNo}}: {{count}} deliveries',
    },
    'zh-CN': '为采购订单 {{orderNo}} 创建并发送了收货计划 {{planNo}}：共 {{count}} 批交货',
    'zh-TW': '為採購訂單 {{orderNo}} 建立並傳送了收貨計畫 {{planNo}}：共 {{count}} 批交貨',
  },
  'receivingPlans.edited': {
    'en-US': {
      one: 'edited draft receiving plan {{planNo}}: {{count}} delivery',
      other: 'edited draft receiving plan {{planNo}}: {{count}} deliveries',
    },
    'zh-CN': '修改了收货计划草稿 {{planNo}}：共 {{count}} 批交货',
    'zh-TW': '修改了收貨計畫草稿 {{planNo}}：共 {{count}} 批交貨',
  },
  'receivingPlans.sent': {
    'en-US': 'sent receiving plan {{planNo}}',
    'zh-CN': '发送了收货计划 {{planNo}}',
    'zh-TW': '傳送了收貨計畫 {{planNo}}',
  },
  'receivingPlans.answered': {
    'en-US': 'answered receiving plan {{planNo}}: confirmed {{confirmed}}, another date proposed for {{proposed}}',
    'zh-CN': '答复了收货计划 {{planNo}}：确认 {{confirmed}} 批，{{proposed}} 批建议了其他日期',
    'zh-TW': '回覆了收貨計畫 {{planNo}}：確認 {{confirmed}} 批，{{proposed}} 批建議了其他日期',
  },
  /** `dates` lists "#delivery date" of each delivery answered. */
  'receivingPlans.accepted': {
    'en-US': {
      one: 'accepted the proposed date of {{count}} delivery on receiving plan {{planNo}}: {{dates}}',
      other: 'accepted the proposed dates of {{count}} deliveries on receiving plan {{planNo}}: {{dates}}',
    },
    'zh-CN': '接受了收货计划 {{planNo}} 中 {{count}} 批交货的建议日期：{{dates}}',
    'zh-TW': '接受了收貨計畫 {{planNo}} 中 {{count}} 批交貨的建議日期：{{dates}}',
  },
  'receivingPlans.rejected': {
    'en-US': {
      one: 'rejected the proposed date of {{count}} delivery on receiving plan {{planNo}}: {{dates}}',
      other: 'rejected the proposed dates of {{count}} deliveries on receiving plan {{planNo}}: {{dates}}',
    },
    'zh-CN': '拒绝了收货计划 {{planNo}} 中 {{count}} 批交货的建议日期：{{dates}}',
    'zh-TW': '拒絕了收貨計畫 {{planNo}} 中 {{count}} 批交貨的建議日期：{{dates}}',
  },
  'receivingPlans.cancelled': {
    'en-US': 'cancelled receiving plan {{planNo}}',
    'zh-CN': '取消了收货计划 {{planNo}}',
    'zh-TW': '取消了收貨計畫 {{planNo}}',
  },
  /** `side` is the party whose schedule was exported (party.buyer or party.supplier). */
  'receivingPlans.exported': {
    'en-US': {
      one: 'exported {{count}} planned delivery ({{side}})',
      other: 'exported {{count}} planned deliveries ({{side}})',
    },
    'zh-CN': '导出了 {{count}} 批计划交货（{{side}}）',
    'zh-TW': '匯出了 {{count}} 批計畫交貨（{{side}}）',
  },
  /** A step and the comment or remark its author gave with it. */
  'receivingPlans.withComment': {
    'en-US': '{{text}} — {{comment}}',
    'zh-CN': '{{text}}（备注：{{comment}}）',
    'zh-TW': '{{text}}（備註：{{comment}}）',
  },
  'receivingPlans.sentTitle': {
    'en-US': '{{party}} sent receiving plan {{planNo}}',
    'zh-CN': '{{party}} 发送了收货计划 {{planNo}}',
    'zh-TW': '{{party}} 傳送了收貨計畫 {{planNo}}',
  },
  'receivingPlans.answeredTitle': {
    'en-US': '{{party}} answered receiving plan {{planNo}}',
    'zh-CN': '{{party}} 答复了收货计划 {{planNo}}',
    'zh-TW': '{{party}} 回覆了收貨計畫 {{planNo}}',
  },
  'receivingPlans.acceptedTitle': {
    'en-US': '{{party}} accepted proposed dates on receiving plan {{planNo}}',
    'zh-CN': '{{party}} 接受了收货计划 {{planNo}} 的建议日期',
    'zh-TW': '{{party}} 接受了收貨計畫 {{planNo}} 的建議日期',
  },
  'receivingPlans.rejectedTitle': {
    'en-US': '{{party}} rejected proposed dates on receiving plan {{planNo}}',
    'zh-CN': '{{party}} 拒绝了收货计划 {{planNo}} 的建议日期',
    'zh-TW': '{{party}} 拒絕了收貨計畫 {{planNo}} 的建議日期',
  },
  'receivingPlans.cancelledTitle': {
    'en-US': '{{party}} cancelled receiving plan {{planNo}}',
    'zh-CN': '{{party}} 取消了收货计划 {{planNo}}',
    'zh-TW': '{{party}} 取消了收貨計畫 {{planNo}}',
  },

  'urgentDeliveries.sent': {
    'en-US': {
      one: 'sent urgent delivery notice {{noticeNo}}: {{count}} line needed by {{date}}',
      other: 'sent urgent delivery notice {{noticeNo}}: {{count}} lines needed by {{date}}',
    },
    'zh-CN': '发送了紧急送货通知 {{noticeNo}}：共 {{count}} 行，需于 {{date}} 前送达',
    'zh-TW': '傳送了緊急送貨通知 {{noticeNo}}：共 {{count}} 項，需於 {{date}} 前送達',
  },
  'urgentDeliveries.needed': {
    'en-US': { one: '{{count}} line needed by {{date}}.', other: '{{count}} lines needed by {{date}}.' },
    'zh-CN': '共 {{count}} 行，需于 {{date}} 前送达。',
    'zh-TW': '共 {{count}} 項，需於 {{date}} 前送達。',
  },
  'urgentDeliveries.neededWithReason': {
    'en-US': {
      one: '{{count}} line needed by {{date}}: {{reason}}',
      other: '{{count}} lines needed by {{date}}: {{reason}}',
    },
    'zh-CN': '共 {{count}} 行，需于 {{date}} 前送达。原因：{{reason}}',
    'zh-TW': '共 {{count}} 項，需於 {{date}} 前送達。原因：{{reason}}',
  },
  'urgentDeliveries.acknowledged': {
    'en-US': 'acknowledged urgent delivery notice {{noticeNo}}',
    'zh-CN': '确认收到了紧急送货通知 {{noticeNo}}',
    'zh-TW': '確認收到了緊急送貨通知 {{noticeNo}}',
  },
  /** `answers` lists "#line quantity (date)" of each line answered. */
  'urgentDeliveries.answered': {
    'en-US': 'answered urgent delivery notice {{noticeNo}}: {{answers}}',
    'zh-CN': '答复了紧急送货通知 {{noticeNo}}：{{answers}}',
    'zh-TW': '回覆了緊急送貨通知 {{noticeNo}}：{{answers}}',
  },
  'urgentDeliveries.closed': {
    'en-US': 'closed urgent delivery notice {{noticeNo}}',
    'zh-CN': '关闭了紧急送货通知 {{noticeNo}}',
    'zh-TW': '關閉了緊急送貨通知 {{noticeNo}}',
  },
  'urgentDeliveries.cancelled': {
    'en-US': 'cancelled urgent delivery notice {{noticeNo}}',
    'zh-CN': '取消了紧急送货通知 {{noticeNo}}',
    'zh-TW': '取消了緊急送貨通知 {{noticeNo}}',
  },
  'urgentDeliveries.sentTitle': {
    'en-US': '{{party}} sent urgent delivery notice {{noticeNo}}',
    'zh-CN': '{{party}} 发送了紧急送货通知 {{noticeNo}}',
    'zh-TW': '{{party}} 傳送了緊急送貨通知 {{noticeNo}}',
  },
  'urgentDeliveries.acknowledgedTitle': {
    'en-US': '{{party}} acknowledged urgent delivery notice {{noticeNo}}',
    'zh-CN': '{{party}} 确认收到了紧急送货通知 {{noticeNo}}',
    'zh-TW': '{{party}} 確認收到了緊急送貨通知 {{noticeNo}}',
  },
  'urgentDeliveries.answeredTitle': {
    'en-US': '{{party}} answered urgent delivery notice {{noticeNo}}',
    'zh-CN': '{{party}} 答复了紧急送货通知 {{noticeNo}}',
    'zh-TW': '{{party}} 回覆了緊急送貨通知 {{noticeNo}}',
  },
  'urgentDeliveries.closedTitle': {
    'en-US': '{{party}} closed urgent delivery notice {{noticeNo}}',
    'zh-CN': '{{party}} 关闭了紧急送货通知 {{noticeNo}}',
    'zh-TW': '{{party}} 關閉了緊急送貨通知 {{noticeNo}}',
  },
  'urgentDeliveries.cancelledTitle': {
    'en-US': '{{party}} cancelled urgent delivery notice {{noticeNo}}',
    'zh-CN': '{{party}} 取消了紧急送货通知 {{noticeNo}}',
    'zh-TW': '{{party}} 取消了緊急送貨通知 {{noticeNo}}',
  },

  /** `items` lists "material code quantity" of the first materials shared. */
  'inventory.shared': {
    'en-US': {
      one: 'shared the stock of {{count}} material with {{customer}}: {{items}}',
      other: 'shared the stock of {{count}} materials with {{customer}}: {{items}}',
    },
    'zh-CN': '向 {{customer}} 上传了 {{count}} 种物料的库存：{{items}}',
    'zh-TW': '向 {{customer}} 上傳了 {{count}} 種物料的庫存：{{items}}',
  },
  'inventory.sharedTitle': {
    'en-US': {
      one: '{{party}} shared its stock of {{count}} material',
      other: '{{party}} shared its stock of {{count}} materials',
    },
    'zh-CN': '{{party}} 上传了 {{count}} 种物料的库存',
    'zh-TW': '{{party}} 上傳了 {{count}} 種物料的庫存',
  },
  'inventory.sharedBody': {
    'en-US': '{{party}} reported its stock of {{count}} of your materials.',
    'zh-CN': '{{party}} 上传了贵司 {{count}} 种物料的库存。',
    'zh-TW': '{{party}} 上傳了貴司 {{count}} 種物料的庫存。',
  },
  'inventory.requested': {
    'en-US': {
      one: 'asked {{count}} supplier to share its stock',
      other: 'asked {{count}} suppliers to share their stock',
    },
    'zh-CN': '请 {{count}} 家供应商上传库存',
    'zh-TW': '請 {{count}} 家供應商上傳庫存',
  },
  'inventory.requestedWithMessage': {
    'en-US': {
      one: 'asked {{count}} supplier to share its stock — {{message}}',
      other: 'asked {{count}} suppliers to share their stock — {{message}}',
    },
    'zh-CN': '请 {{count}} 家供应商上传库存（留言：{{message}}）',
    'zh-TW': '請 {{count}} 家供應商上傳庫存（留言：{{message}}）',
  },
  'inventory.requestedTitle': {
    'en-US': '{{party}} asks you to share your stock of its materials',
    'zh-CN': '{{party}} 请您上传其物料的库存',
    'zh-TW': '{{party}} 請您上傳其物料的庫存',
  },
  'inventory.requestedBody': {
    'en-US': 'Share your stock of the materials you supply to {{party}}.',
    'zh-CN': '请上传您供应给 {{party}} 的物料的库存。',
    'zh-TW': '請上傳您供應給 {{party}} 的物料的庫存。',
  },
  /** The buyer's own words to the suppliers it asks. */
  'inventory.requestMessage': {
    'en-US': '{{message}}',
    'zh-CN': '{{message}}',
    'zh-TW': '{{message}}',
  },
} as const satisfies Record<string, TextEntry>;
