/** Error codes of this domain, spread into the catalogue of errors.ts (same shape and rules). */
export const QUOTATION_ERRORS = {
  QUOTATION_STATE_CHANGED: {
    status: 409,
    en: 'The quotation’s status has changed, so this step is no longer possible; reload and try again',
    cn: '报价单状态已变化，无法执行此操作，请刷新后重试',
    tw: '報價單狀態已變更，無法執行此操作，請重新整理後重試',
  },
  QUOTATION_WRONG_SIDE: {
    status: 403,
    en: 'This step belongs to the other party of the quotation: the supplier writes its bids, the buyer never does',
    cn: '此操作属于报价单的另一方：报价由供应商填写，采购方不能填写',
    tw: '此操作屬於報價單的另一方：報價由供應商填寫，採購方不能填寫',
  },
  QUOTATION_DEADLINE_PASSED: {
    status: 409,
    en: 'Quoting has ended (the deadline passed or the inquiry closed); the quotation can no longer change',
    cn: '报价已结束（已过截止时间或询价已截止），报价单不能再修改',
    tw: '報價已結束（已過截止時間或詢價已截止），報價單不能再修改',
  },
  QUOTATION_LINE_UNPRICED: {
    status: 400,
    en: 'Line {{lineNo}} has neither a price nor “no bid”',
    cn: '第 {{lineNo}} 行既没有报价也没有标记为不报价',
    tw: '第 {{lineNo}} 項既沒有報價也沒有標記為不報價',
  },
  QUOTATION_NO_BID_REASON: {
    status: 400,
    en: 'Line {{lineNo}}: give a reason for not bidding',
    cn: '第 {{lineNo}} 行：请填写不报价的原因',
    tw: '第 {{lineNo}} 項：請填寫不報價的原因',
  },
  QUOTATION_BREAKS_NOT_ASCENDING: {
    status: 400,
    en: 'Line {{lineNo}}: price breaks must rise by quantity',
    cn: '第 {{lineNo}} 行：阶梯价格的数量必须递增',
    tw: '第 {{lineNo}} 項：階梯價格的數量必須遞增',
  },
  QUOTATION_BUYER_FIELDS: {
    status: 400,
    en: '“{{field}}” belongs to the buyer’s inquiry; a quotation carries only the bids',
    cn: '“{{field}}”属于采购方的询价内容，报价只能填写报价信息',
    tw: '「{{field}}」屬於採購方的詢價內容，報價只能填寫報價資訊',
  },
  QUOTATION_LINE_UNKNOWN: {
    status: 400,
    en: 'A line of the bid is not a line of this quotation',
    cn: '报价中有不属于该报价单的行',
    tw: '報價中有不屬於該報價單的項目',
  },
  QUOTATION_NOT_OFFLINE: {
    status: 409,
    en: 'The buyer records the quotes of suppliers off the network only; this supplier quotes itself',
    cn: '采购方只能代录未上线供应商的报价，该供应商需自行报价',
    tw: '採購方只能代錄未上線供應商的報價，該供應商需自行報價',
  },
  QUOTATION_IMPORT_EMPTY: {
    status: 400,
    en: 'The workbook has no bids: fill in a unit price or “no bid” on at least one line',
    cn: '工作簿中没有报价：请至少为一行填写单价或标记不报价',
    tw: '活頁簿中沒有報價：請至少為一個項次填寫單價或標記不報價',
  },
  QUOTATION_REASON_REQUIRED: {
    status: 400,
    en: 'Give a reason for declining to quote',
    cn: '请填写放弃报价的原因',
    tw: '請填寫放棄報價的原因',
  },
} as const satisfies Record<string, { status: number; en: string; cn: string; tw: string }>;
