/** Error codes of this domain, spread into the catalogue of errors.ts (same shape and rules). */
export const RECONCILIATION_ERRORS = {
  RECONCILIATION_STATE_CHANGED: {
    status: 409,
    en: 'The statement has changed meanwhile; please reload it',
    cn: '对账单已被他人处理，请刷新后重试',
    tw: '對帳單已被他人處理，請重新整理後再試',
  },
  RECONCILIATION_WRONG_ROLE: {
    status: 403,
    en: 'This step belongs to the other party of the statement',
    cn: '此操作属于对账单的另一方',
    tw: '此操作屬於對帳單的另一方',
  },
  RECONCILIATION_LINES_TAKEN: {
    status: 409,
    en: 'Some receipt lines are already on another statement or no longer reconcilable',
    cn: '部分入库明细已在其他对账单中或不可对账',
    tw: '部分入庫明細已在其他對帳單中或不可對帳',
  },
  RECONCILIATION_NOTHING_TO_RECONCILE: {
    status: 409,
    en: 'There are no reconcilable receipt lines in this period',
    cn: '该期间没有可对账的入库明细',
    tw: '該期間沒有可對帳的入庫明細',
  },
  RECONCILIATION_LINES_DISPUTED: {
    status: 409,
    en: 'Lines of the statement are still disputed',
    cn: '对账单仍有异议明细',
    tw: '對帳單仍有異議明細',
  },
  RECONCILIATION_LINE_NOT_DISPUTED: {
    status: 409,
    en: 'Line {{lineNo}} has no dispute to accept',
    cn: '第 {{lineNo}} 行没有可接受的异议',
    tw: '第 {{lineNo}} 行沒有可接受的異議',
  },
  RECONCILIATION_LAST_LINE: {
    status: 409,
    en: 'A statement keeps at least one line; cancel it instead',
    cn: '对账单至少保留一行明细，如需放弃请作废',
    tw: '對帳單至少保留一行明細，如需放棄請作廢',
  },
  RECONCILIATION_NOT_EDITABLE: {
    status: 409,
    en: 'Only a draft or disputed statement can be edited',
    cn: '只有草稿或有异议的对账单可以修改',
    tw: '只有草稿或有異議的對帳單可以修改',
  },
  RECONCILIATION_MIXED_CURRENCIES: {
    status: 409,
    en: 'A statement holds one currency, but these receipt lines are in {{currencies}}; choose the lines of one currency',
    cn: '一张对账单只能有一种币种，所选入库明细包含 {{currencies}}，请只选择同一币种的明细',
    tw: '一張對帳單只能有一種幣別，所選入庫明細包含 {{currencies}}，請只選擇同一幣別的明細',
  },
  RECONCILIATION_NOT_CONFIRMED: {
    status: 409,
    en: 'Invoice lines are exported from a confirmed statement only',
    cn: '只有已确认的对账单可以导出开票明细',
    tw: '只有已確認的對帳單可以匯出開票明細',
  },
} as const satisfies Record<string, { status: number; en: string; cn: string; tw: string }>;
