import type { TextEntry } from './types.ts';

/** What the server writes for people about delivery notes (issue 17); keys are `domain.event`. */
export const DELIVERY_NOTE_TEXTS = {
  'deliveryNotes.created': {
    'en-US': {
      one: 'created delivery note {{noteNo}}: {{count}} line, packages: {{packageCount}}',
      other: 'created delivery note {{noteNo}}: {{count}} lines, packages: {{packageCount}}',
    },
    'zh-CN': '创建了送货单 {{noteNo}}：共 {{count}} 行，{{packageCount}} 个包装',
    'zh-TW': '建立了送貨單 {{noteNo}}：共 {{count}} 項，{{packageCount}} 個包裝',
  },
  'deliveryNotes.createdAndSent': {
    'en-US': {
      one: 'created and sent delivery note {{noteNo}}: {{count}} line, packages: {{packageCount}}',
      other: 'created and sent delivery note {{noteNo}}: {{count}} lines, packages: {{packageCount}}',
    },
    'zh-CN': '创建并发送了送货单 {{noteNo}}：共 {{count}} 行，{{packageCount}} 个包装',
    'zh-TW': '建立並傳送了送貨單 {{noteNo}}：共 {{count}} 項，{{packageCount}} 個包裝',
  },
  'deliveryNotes.edited': {
    'en-US': {
      one: 'edited delivery note {{noteNo}}: {{count}} line, packages: {{packageCount}}',
      other: 'edited delivery note {{noteNo}}: {{count}} lines, packages: {{packageCount}}',
    },
    'zh-CN': '修改了送货单 {{noteNo}}：共 {{count}} 行，{{packageCount}} 个包装',
    'zh-TW': '修改了送貨單 {{noteNo}}：共 {{count}} 項，{{packageCount}} 個包裝',
  },
  'deliveryNotes.sent': {
    'en-US': 'sent delivery note {{noteNo}}',
    'zh-CN': '发送了送货单 {{noteNo}}',
    'zh-TW': '傳送了送貨單 {{noteNo}}',
  },
  'deliveryNotes.cancelled': {
    'en-US': 'cancelled delivery note {{noteNo}}',
    'zh-CN': '取消了送货单 {{noteNo}}',
    'zh-TW': '取消了送貨單 {{noteNo}}',
  },
  /** A step and the comment its author gave with it. */
  'deliveryNotes.withComment': {
    'en-US': '{{text}} — {{comment}}',
    'zh-CN': '{{text}}（备注：{{comment}}）',
    'zh-TW': '{{text}}（備註：{{comment}}）',
  },
  'deliveryNotes.sentTitle': {
    'en-US': '{{party}} sent delivery note {{noteNo}}',
    'zh-CN': '{{party}} 发送了送货单 {{noteNo}}',
    'zh-TW': '{{party}} 傳送了送貨單 {{noteNo}}',
  },
  'deliveryNotes.sentBody': {
    'en-US': '{{party}} shipped delivery note {{noteNo}}; register its arrival when the goods come in.',
    'zh-CN': '{{party}} 已发出送货单 {{noteNo}} 的货物，货物到达后请登记到货。',
    'zh-TW': '{{party}} 已發出送貨單 {{noteNo}} 的貨物，貨物到達後請登記到貨。',
  },
  'deliveryNotes.cancelledTitle': {
    'en-US': '{{party}} cancelled delivery note {{noteNo}}',
    'zh-CN': '{{party}} 取消了送货单 {{noteNo}}',
    'zh-TW': '{{party}} 取消了送貨單 {{noteNo}}',
  },
  'deliveryNotes.cancelledBody': {
    'en-US': '{{party}} withdrew delivery note {{noteNo}}; its goods will not arrive.',
    'zh-CN': '{{party}} 撤回了送货单 {{noteNo}}，其货物不会送达。',
    'zh-TW': '{{party}} 撤回了送貨單 {{noteNo}}，其貨物不會送達。',
  },
} as const satisfies Record<string, TextEntry>;
