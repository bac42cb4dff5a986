import type { TextEntry } from './types.ts';

/** Texts every domain uses: the parties as a reader sees them, and rows written before issue 17. */
export const COMMON_TEXTS = {
  /** A notification or log entry stored as a sentence before texts had keys; kept as it was written. */
  'common.verbatim': { 'en-US': '{{text}}', 'zh-CN': '{{text}}', 'zh-TW': '{{text}}' },
  'party.buyer': { 'en-US': 'Buyer', 'zh-CN': '采购方', 'zh-TW': '採購方' },
  'party.supplier': { 'en-US': 'Supplier', 'zh-CN': '供应商', 'zh-TW': '供應商' },
  'party.customer': { 'en-US': 'Customer', 'zh-CN': '客户', 'zh-TW': '客戶' },
  'party.own': { 'en-US': 'Us', 'zh-CN': '我方', 'zh-TW': '我方' },
} as const satisfies Record<string, TextEntry>;
