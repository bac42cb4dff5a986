/** Error codes of this domain, spread into the catalogue of errors.ts (same shape and rules). */
export const RECEIPT_ERRORS = {
  RECEIPT_NOTE_STATE_CHANGED: {
    status: 409,
    en: 'The delivery notice’s status has changed, so this step is no longer possible; reload and try again',
    cn: '送货通知状态已变化，无法执行此操作，请刷新后重试',
    tw: '送貨通知狀態已變更，無法執行此操作，請重新整理後重試',
  },
  RECEIPT_NOTE_NOT_ARRIVED: {
    status: 409,
    en: 'Goods of delivery notice {{noteNo}} can be received and inspected only after the arrival is registered and before inspection is finished',
    cn: '送货通知 {{noteNo}} 需先登记到货，且在完成检验前才能收货和检验',
    tw: '送貨通知 {{noteNo}} 需先登記到貨，且在完成檢驗前才能收貨和檢驗',
  },
  RECEIPT_ARRIVAL_IN_FUTURE: {
    status: 400,
    en: 'The arrival date {{date}} is in the future',
    cn: '到货日期 {{date}} 不能晚于今天',
    tw: '到貨日期 {{date}} 不能晚於今天',
  },
  RECEIPT_DATE_INVALID: {
    status: 400,
    en: 'The warehousing date {{date}} must lie between the arrival date {{arrivalDate}} and today',
    cn: '入库日期 {{date}} 必须在到货日期 {{arrivalDate}} 与今天之间',
    tw: '入庫日期 {{date}} 必須在到貨日期 {{arrivalDate}} 與今天之間',
  },
  RECEIPT_PACKAGE_UNKNOWN: {
    status: 404,
    en: 'No package with the code “{{code}}” was found',
    cn: '未找到编码为“{{code}}”的包装',
    tw: '找不到編碼為「{{code}}」的包裝',
  },
  RECEIPT_PACKAGE_OTHER_NOTE: {
    status: 409,
    en: 'Package {{code}} belongs to delivery notice {{noteNo}}, not to this one',
    cn: '包装 {{code}} 属于送货通知 {{noteNo}}，不属于当前通知',
    tw: '包裝 {{code}} 屬於送貨通知 {{noteNo}}，不屬於目前通知',
  },
  RECEIPT_PACKAGE_ALREADY_RECEIVED: {
    status: 409,
    en: 'Package {{code}} was already received at {{at}} by {{by}}',
    cn: '包装 {{code}} 已于 {{at}} 由 {{by}} 收货',
    tw: '包裝 {{code}} 已於 {{at}} 由 {{by}} 收貨',
  },
  RECEIPT_OVER_DELIVERED: {
    status: 409,
    en: 'Line {{lineNo}}: receiving {{qty}} more would exceed the delivered quantity {{delivered}} (received so far {{received}})',
    cn: '第 {{lineNo}} 行：再收 {{qty}} 将超过送货数量 {{delivered}}（已收 {{received}}）',
    tw: '第 {{lineNo}} 項：再收 {{qty}} 將超過送貨數量 {{delivered}}（已收 {{received}}）',
  },
  RECEIPT_INSPECTION_OVER_RECEIVED: {
    status: 409,
    en: 'Line {{lineNo}}: inspected quantities ({{inspected}} so far plus {{qty}}) may not exceed the received quantity {{received}}',
    cn: '第 {{lineNo}} 行：检验数量（已检 {{inspected}}，本次 {{qty}}）不能超过收货数量 {{received}}',
    tw: '第 {{lineNo}} 項：檢驗數量（已檢 {{inspected}}，本次 {{qty}}）不能超過收貨數量 {{received}}',
  },
  RECEIPT_INSPECTION_INCOMPLETE: {
    status: 409,
    en: 'Line {{lineNo}} ({{prdtNo}}) needs inspection: {{inspected}} of the received {{received}} inspected',
    cn: '第 {{lineNo}} 行（{{prdtNo}}）需要检验：收货 {{received}}，已检 {{inspected}}',
    tw: '第 {{lineNo}} 項（{{prdtNo}}）需要檢驗：收貨 {{received}}，已檢 {{inspected}}',
  },
  RECEIPT_NOTHING_QUALIFIED: {
    status: 409,
    en: 'Nothing of delivery notice {{noteNo}} is qualified, so there is nothing to warehouse',
    cn: '送货通知 {{noteNo}} 没有合格数量，无可入库',
    tw: '送貨通知 {{noteNo}} 沒有合格數量，無可入庫',
  },
  RECEIPT_WAREHOUSE_UNKNOWN: {
    status: 400,
    en: 'The chosen warehouse does not exist',
    cn: '所选仓库不存在',
    tw: '所選倉庫不存在',
  },
} as const satisfies Record<string, { status: number; en: string; cn: string; tw: string }>;
