import type { TextEntry } from './types.ts';

/** What the server writes for people about reconciliation statements (issue 17); keys are `domain.event`. */
export const RECONCILIATION_TEXTS = {
  'reconciliations.drafted': {
    'en-US': {
      one: 'drafted statement {{statementNo}} for {{periodFrom}} – {{periodTo}}: {{count}} receipt line',
      other: 'drafted statement {{statementNo}} for {{periodFrom}} – {{periodTo}}: {{count}} receipt lines',
    },
    'zh-CN': '起草了对账单 {{statementNo}}（{{periodFrom}} 至 {{periodTo}}）：共 {{count}} 行收货明细',
    'zh-TW': '起草了對帳單 {{statementNo}}（{{periodFrom}} 至 {{periodTo}}）：共 {{count}} 項收貨明細',
  },
  /** `changes` is one or more of reconciliations.removedLines, .acceptedLines, .remarkUpdated (joined by .list). */
  'reconciliations.edited': {
    'en-US': 'edited statement {{statementNo}}: {{changes}}',
    'zh-CN': '修改了对账单 {{statementNo}}：{{changes}}',
    'zh-TW': '修改了對帳單 {{statementNo}}：{{changes}}',
  },
  'reconciliations.editedNothing': {
    'en-US': 'edited statement {{statementNo}}: no change',
    'zh-CN': '修改了对账单 {{statementNo}}：无变化',
    'zh-TW': '修改了對帳單 {{statementNo}}：無變化',
  },
  'reconciliations.removedLines': {
    'en-US': { one: 'removed line {{lineNos}}', other: 'removed lines {{lineNos}}' },
    'zh-CN': '删除了第 {{lineNos}} 行',
    'zh-TW': '刪除了第 {{lineNos}} 項',
  },
  /** `lines` lists reconciliations.acceptedLine. */
  'reconciliations.acceptedLines': {
    'en-US': {
      one: 'accepted the proposal on {{count}} line: {{lines}}',
      other: 'accepted the proposals on {{count}} lines: {{lines}}',
    },
    'zh-CN': '接受了 {{count}} 行的对方建议：{{lines}}',
    'zh-TW': '接受了 {{count}} 項的對方建議：{{lines}}',
  },
  'reconciliations.acceptedLine': {
    'en-US': 'line {{lineNo}} ({{qty}} × {{price}})',
    'zh-CN': '第 {{lineNo}} 行（{{qty}} × {{price}}）',
    'zh-TW': '第 {{lineNo}} 項（{{qty}} × {{price}}）',
  },
  'reconciliations.remarkUpdated': {
    'en-US': 'remark updated',
    'zh-CN': '更新了备注',
    'zh-TW': '更新了備註',
  },
  /* The steps of a statement, each also the verb of the note the other side receives. */
  'reconciliations.step.send': {
    'en-US': 'sent reconciliation statement {{statementNo}}',
    'zh-CN': '发送了对账单 {{statementNo}}',
    'zh-TW': '傳送了對帳單 {{statementNo}}',
  },
  'reconciliations.step.answer': {
    'en-US': 'answered reconciliation statement {{statementNo}}',
    'zh-CN': '答复了对账单 {{statementNo}}',
    'zh-TW': '回覆了對帳單 {{statementNo}}',
  },
  'reconciliations.step.confirm': {
    'en-US': 'confirmed reconciliation statement {{statementNo}}',
    'zh-CN': '确认了对账单 {{statementNo}}',
    'zh-TW': '確認了對帳單 {{statementNo}}',
  },
  'reconciliations.step.finalize': {
    'en-US': 'finally confirmed reconciliation statement {{statementNo}}',
    'zh-CN': '最终确认了对账单 {{statementNo}}',
    'zh-TW': '最終確認了對帳單 {{statementNo}}',
  },
  'reconciliations.step.cancel': {
    'en-US': 'cancelled reconciliation statement {{statementNo}}',
    'zh-CN': '取消了对账单 {{statementNo}}',
    'zh-TW': '取消了對帳單 {{statementNo}}',
  },
  /** The counterpart's answer: `count` lines answered; `reasons` lists reconciliations.lineReason of the disputed ones. */
  'reconciliations.answered': {
    'en-US': {
      one: 'answered {{count}} line of statement {{statementNo}}: {{agreed}} agreed, {{disputed}} disputed',
      other: 'answered {{count}} lines of statement {{statementNo}}: {{agreed}} agreed, {{disputed}} disputed',
    },
    'zh-CN': '答复了对账单 {{statementNo}} 的 {{count}} 行：同意 {{agreed}} 行，异议 {{disputed}} 行',
    'zh-TW': '回覆了對帳單 {{statementNo}} 的 {{count}} 項：同意 {{agreed}} 項，異議 {{disputed}} 項',
  },
  'reconciliations.answeredWithReasons': {
    'en-US': {
      one: 'answered {{count}} line of statement {{statementNo}}: {{agreed}} agreed, {{disputed}} disputed ({{reasons}})',
      other:
        'answered {{count}} lines of statement {{statementNo}}: {{agreed}} agreed, {{disputed}} disputed ({{reasons}})',
    },
    'zh-CN': '答复了对账单 {{statementNo}} 的 {{count}} 行：同意 {{agreed}} 行，异议 {{disputed}} 行（{{reasons}}）',
    'zh-TW': '回覆了對帳單 {{statementNo}} 的 {{count}} 項：同意 {{agreed}} 項，異議 {{disputed}} 項（{{reasons}}）',
  },
  'reconciliations.lineReason': {
    'en-US': 'line {{lineNo}}: {{reason}}',
    'zh-CN': '第 {{lineNo}} 行：{{reason}}',
    'zh-TW': '第 {{lineNo}} 項：{{reason}}',
  },
  /** Two parts of a list; a longer list nests in `rest`. */
  'reconciliations.list': {
    'en-US': '{{first}}; {{rest}}',
    'zh-CN': '{{first}}；{{rest}}',
    'zh-TW': '{{first}}；{{rest}}',
  },
  'reconciliations.withComment': {
    'en-US': '{{text}} — {{comment}}',
    'zh-CN': '{{text}}（备注：{{comment}}）',
    'zh-TW': '{{text}}（備註：{{comment}}）',
  },
  /** The title of the note the other side receives: `step` is one of reconciliations.step.*. */
  'reconciliations.partyStep': {
    'en-US': '{{party}} {{step}}',
    'zh-CN': '{{party}} {{step}}',
    'zh-TW': '{{party}} {{step}}',
  },
  'reconciliations.period': {
    'en-US': 'Statement {{statementNo}}, {{periodFrom}} – {{periodTo}}.',
    'zh-CN': '对账单 {{statementNo}}，{{periodFrom}} 至 {{periodTo}}。',
    'zh-TW': '對帳單 {{statementNo}}，{{periodFrom}} 至 {{periodTo}}。',
  },
  'reconciliations.exported': {
    'en-US': {
      one: 'exported statement {{statementNo}} ({{count}} line)',
      other: 'exported statement {{statementNo}} ({{count}} lines)',
    },
    'zh-CN': '导出了对账单 {{statementNo}}（{{count}} 行）',
    'zh-TW': '匯出了對帳單 {{statementNo}}（{{count}} 項）',
  },
  'reconciliations.invoiceExported': {
    'en-US': {
      one: 'exported the invoice lines of statement {{statementNo}} ({{count}} line)',
      other: 'exported the invoice lines of statement {{statementNo}} ({{count}} lines)',
    },
    'zh-CN': '导出了对账单 {{statementNo}} 的开票明细（{{count}} 行）',
    'zh-TW': '匯出了對帳單 {{statementNo}} 的開票明細（{{count}} 項）',
  },
} as const satisfies Record<string, TextEntry>;
