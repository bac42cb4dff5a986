/** Error codes of this domain, spread into the catalogue of errors.ts (same shape and rules). */
export const DELIVERY_NOTE_ERRORS = {
  DELIVERY_NOTE_STATE_CHANGED: {
    status: 409,
    en: 'The delivery note’s status has changed, so this step is no longer possible; reload and try again',
    cn: '送货单状态已变化，无法执行此操作，请刷新后重试',
    tw: '送貨單狀態已變更，無法執行此操作，請重新整理後重試',
  },
  DELIVERY_NOTE_NOT_EDITABLE: {
    status: 409,
    en: 'Only a delivery note that has not been sent can be edited',
    cn: '只有未发送的送货单可以修改',
    tw: '只有未發送的送貨單可以修改',
  },
  DELIVERY_NOTE_WRONG_SIDE: {
    status: 403,
    en: 'This step belongs to the other party of the delivery note',
    cn: '此操作属于送货单的另一方',
    tw: '此操作屬於送貨單的另一方',
  },
  DELIVERY_LINE_NOT_DELIVERABLE: {
    status: 409,
    en: 'Order {{orderNo}} line {{lineNo}} is not open for delivery (not confirmed, closed or cancelled)',
    cn: '订单 {{orderNo}} 第 {{lineNo}} 行不可送货（未确认、已关闭或已取消）',
    tw: '訂單 {{orderNo}} 第 {{lineNo}} 項不可送貨（未確認、已關閉或已取消）',
  },
  DELIVERY_LINE_OTHER_CUSTOMER: {
    status: 400,
    en: 'Order {{orderNo}} belongs to another customer: one delivery note serves one customer',
    cn: '订单 {{orderNo}} 属于其他客户：一张送货单只能对应一个客户',
    tw: '訂單 {{orderNo}} 屬於其他客戶：一張送貨單只能對應一個客戶',
  },
  DELIVERY_LINE_PLANNED: {
    status: 400,
    en: 'Order {{orderNo}} line {{lineNo}} is scheduled by a receiving plan: deliver against its plan lines',
    cn: '订单 {{orderNo}} 第 {{lineNo}} 行已有收货计划，请按计划行送货',
    tw: '訂單 {{orderNo}} 第 {{lineNo}} 項已有收貨計畫，請按計畫行送貨',
  },
  DELIVERY_OVER_OPEN: {
    status: 409,
    en: 'Order {{orderNo}} line {{lineNo}}: {{qty}} exceeds the open quantity {{max}}',
    cn: '订单 {{orderNo}} 第 {{lineNo}} 行：送货数量 {{qty}} 超过可送数量 {{max}}',
    tw: '訂單 {{orderNo}} 第 {{lineNo}} 項：送貨數量 {{qty}} 超過可送數量 {{max}}',
  },
  DELIVERY_OVER_PLAN: {
    status: 409,
    en: 'Order {{orderNo}} line {{lineNo}}: {{qty}} exceeds what its receiving plan line still allows ({{max}})',
    cn: '订单 {{orderNo}} 第 {{lineNo}} 行：送货数量 {{qty}} 超过收货计划行剩余数量 {{max}}',
    tw: '訂單 {{orderNo}} 第 {{lineNo}} 項：送貨數量 {{qty}} 超過收貨計畫行剩餘數量 {{max}}',
  },
  DELIVERY_TOO_MANY_PACKAGES: {
    status: 400,
    en: 'The note would need {{count}} packages; at most {{max}} fit in one delivery note',
    cn: '该送货单需要 {{count}} 个包装，一张送货单最多 {{max}} 个',
    tw: '該送貨單需要 {{count}} 個包裝，一張送貨單最多 {{max}} 個',
  },
} as const satisfies Record<string, { status: number; en: string; cn: string; tw: string }>;
