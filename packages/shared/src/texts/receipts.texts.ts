import type { TextEntry } from './types.ts';

/** What the server writes for people about receiving delivery notes and receipts (issue 17); keys are `domain.event`. */
export const RECEIPT_TEXTS = {
  'receipts.arrived': {
    'en-US': 'registered the arrival of delivery note {{noteNo}} on {{date}}',
    'zh-CN': '登记了送货单 {{noteNo}} 的到货，到货日期 {{date}}',
    'zh-TW': '登記了送貨單 {{noteNo}} 的到貨，到貨日期 {{date}}',
  },
  'receipts.arrivedByScan': {
    'en-US': 'registered the arrival of delivery note {{noteNo}} on {{date}} by scanning',
    'zh-CN': '扫码登记了送货单 {{noteNo}} 的到货，到货日期 {{date}}',
    'zh-TW': '掃碼登記了送貨單 {{noteNo}} 的到貨，到貨日期 {{date}}',
  },
  'receipts.inspectionFinished': {
    'en-US':
      'finished the inspection of delivery note {{noteNo}}: received {{received}}, qualified {{qualified}}, unqualified {{unqualified}}, short {{short}}',
    'zh-CN':
      '完成了送货单 {{noteNo}} 的检验：实收 {{received}}，合格 {{qualified}}，不合格 {{unqualified}}，短交 {{short}}',
    'zh-TW':
      '完成了送貨單 {{noteNo}} 的檢驗：實收 {{received}}，合格 {{qualified}}，不合格 {{unqualified}}，短交 {{short}}',
  },
  'receipts.warehoused': {
    'en-US': {
      one: 'warehoused delivery note {{noteNo}} as receipt {{receiptNo}}: {{count}} line, quantity {{totalQty}}',
      other: 'warehoused delivery note {{noteNo}} as receipt {{receiptNo}}: {{count}} lines, quantity {{totalQty}}',
    },
    'zh-CN': '将送货单 {{noteNo}} 入库为入库单 {{receiptNo}}：共 {{count}} 行，数量 {{totalQty}}',
    'zh-TW': '將送貨單 {{noteNo}} 入庫為入庫單 {{receiptNo}}：共 {{count}} 項，數量 {{totalQty}}',
  },
  'receipts.packageScanned': {
    'en-US': {
      one: 'received package {{code}} of delivery note {{noteNo}} by scanning: {{count}} package, quantity {{qty}}',
      other: 'received package {{code}} of delivery note {{noteNo}} by scanning: {{count}} packages, quantity {{qty}}',
    },
    'zh-CN': '扫码收到送货单 {{noteNo}} 的包装 {{code}}：共 {{count}} 个包装，数量 {{qty}}',
    'zh-TW': '掃碼收到送貨單 {{noteNo}} 的包裝 {{code}}：共 {{count}} 個包裝，數量 {{qty}}',
  },
  /** `lines` lists "#line: quantity" of each line received. */
  'receipts.receivedByHand': {
    'en-US': 'received goods of delivery note {{noteNo}} by hand: {{lines}}',
    'zh-CN': '手工收到送货单 {{noteNo}} 的货物：{{lines}}',
    'zh-TW': '手動收到送貨單 {{noteNo}} 的貨物：{{lines}}',
  },
  'receipts.inspected': {
    'en-US': 'inspected line {{lineNo}} ({{prdtNo}}) of delivery note {{noteNo}}: qualified {{qualified}}',
    'zh-CN': '检验了送货单 {{noteNo}} 第 {{lineNo}} 行（{{prdtNo}}）：合格 {{qualified}}',
    'zh-TW': '檢驗了送貨單 {{noteNo}} 第 {{lineNo}} 項（{{prdtNo}}）：合格 {{qualified}}',
  },
  'receipts.inspectedWithRejects': {
    'en-US':
      'inspected line {{lineNo}} ({{prdtNo}}) of delivery note {{noteNo}}: qualified {{qualified}}, unqualified {{unqualified}} ({{reasonName}}: {{reason}})',
    'zh-CN':
      '检验了送货单 {{noteNo}} 第 {{lineNo}} 行（{{prdtNo}}）：合格 {{qualified}}，不合格 {{unqualified}}（{{reasonName}}：{{reason}}）',
    'zh-TW':
      '檢驗了送貨單 {{noteNo}} 第 {{lineNo}} 項（{{prdtNo}}）：合格 {{qualified}}，不合格 {{unqualified}}（{{reasonName}}：{{reason}}）',
  },
  'receipts.reasons.appearance': { 'en-US': 'appearance', 'zh-CN': '外观不良', 'zh-TW': '外觀不良' },
  'receipts.reasons.dimension': { 'en-US': 'dimension', 'zh-CN': '尺寸不符', 'zh-TW': '尺寸不符' },
  'receipts.reasons.function': { 'en-US': 'function', 'zh-CN': '功能不良', 'zh-TW': '功能不良' },
  'receipts.reasons.packaging': { 'en-US': 'packaging', 'zh-CN': '包装破损', 'zh-TW': '包裝破損' },
  'receipts.reasons.documents': { 'en-US': 'documents', 'zh-CN': '单据不符', 'zh-TW': '單據不符' },
  'receipts.reasons.other': { 'en-US': 'other', 'zh-CN': '其他', 'zh-TW': '其他' },
  'receipts.arrivedTitle': {
    'en-US': '{{party}} registered the arrival of delivery note {{noteNo}}',
    'zh-CN': '{{party}} 登记了送货单 {{noteNo}} 的到货',
    'zh-TW': '{{party}} 登記了送貨單 {{noteNo}} 的到貨',
  },
  'receipts.receivingStarted': {
    'en-US': 'Receiving of delivery note {{noteNo}} has started.',
    'zh-CN': '送货单 {{noteNo}} 已开始收货。',
    'zh-TW': '送貨單 {{noteNo}} 已開始收貨。',
  },
  'receipts.inspectionFinishedTitle': {
    'en-US': '{{party}} finished the inspection of delivery note {{noteNo}}',
    'zh-CN': '{{party}} 完成了送货单 {{noteNo}} 的检验',
    'zh-TW': '{{party}} 完成了送貨單 {{noteNo}} 的檢驗',
  },
  'receipts.warehousedTitle': {
    'en-US': '{{party}} warehoused delivery note {{noteNo}}',
    'zh-CN': '{{party}} 已将送货单 {{noteNo}} 入库',
    'zh-TW': '{{party}} 已將送貨單 {{noteNo}} 入庫',
  },
  'receipts.rejectedTitle': {
    'en-US': '{{party}} rejected goods of delivery note {{noteNo}}',
    'zh-CN': '{{party}} 判定送货单 {{noteNo}} 的部分货物不合格',
    'zh-TW': '{{party}} 判定送貨單 {{noteNo}} 的部分貨物不合格',
  },
} as const satisfies Record<string, TextEntry>;
