import type { TextEntry } from './types.ts';

export const OPERATION_LOG_TEXTS = {
  'operationLogs.exported': {
    'en-US': { one: 'Exported {{count}} operation log', other: 'Exported {{count}} operation logs' },
    'zh-CN': '导出了 {{count}} 条操作日志',
    'zh-TW': '匯出了 {{count}} 筆操作日誌',
  },
  'operationLogs.exportedWhere': {
    'en-US': {
      one: 'Exported {{count}} operation log where {{criteria}}',
      other: 'Exported {{count}} operation logs where {{criteria}}',
    },
    'zh-CN': '导出了 {{count}} 条操作日志（条件：{{criteria}}）',
    'zh-TW': '匯出了 {{count}} 筆操作日誌（條件：{{criteria}}）',
  },
} as const satisfies Record<string, TextEntry>;
