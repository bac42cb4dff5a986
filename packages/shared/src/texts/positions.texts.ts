import type { TextEntry } from './types.ts';

/** What the server writes for people about positions, trading partners and org settings (issue 17). */
export const POSITION_TEXTS = {
  'positions.created': {
    'en-US': 'Created position {{code}} {{name}}',
    'zh-CN': '创建了岗位 {{code}} {{name}}',
    'zh-TW': '建立了職位 {{code}} {{name}}',
  },
  'positions.updated': {
    'en-US': 'Updated position {{code}}: {{changes}}',
    'zh-CN': '修改了岗位 {{code}}：{{changes}}',
    'zh-TW': '修改了職位 {{code}}：{{changes}}',
  },
  'positions.unchanged': {
    'en-US': 'Saved position {{code}} without changes',
    'zh-CN': '保存了岗位 {{code}}，没有字段变化',
    'zh-TW': '儲存了職位 {{code}}，沒有欄位變更',
  },
  'positions.deleted': {
    'en-US': 'Deleted position {{code}} {{name}}',
    'zh-CN': '删除了岗位 {{code}} {{name}}',
    'zh-TW': '刪除了職位 {{code}} {{name}}',
  },
  'positions.holdersAdded': {
    'en-US': 'Added holders to position {{code}}: {{names}}',
    'zh-CN': '为岗位 {{code}} 添加了任职人员：{{names}}',
    'zh-TW': '為職位 {{code}} 新增了任職人員：{{names}}',
  },
  'positions.holdersRemoved': {
    'en-US': 'Removed holders from position {{code}}: {{names}}',
    'zh-CN': '从岗位 {{code}} 移除了任职人员：{{names}}',
    'zh-TW': '從職位 {{code}} 移除了任職人員：{{names}}',
  },
  'positions.switched': {
    'en-US': 'Switched the active position to {{code}} {{name}}',
    'zh-CN': '将当前岗位切换为 {{code}} {{name}}',
    'zh-TW': '將目前職位切換為 {{code}} {{name}}',
  },
  'positions.settingsUpdated': {
    'en-US': 'Updated the global settings: {{changes}}',
    'zh-CN': '修改了全局设置：{{changes}}',
    'zh-TW': '修改了全域設定：{{changes}}',
  },
  'positions.settingsUnchanged': {
    'en-US': 'Saved the global settings without changes',
    'zh-CN': '保存了全局设置，没有字段变化',
    'zh-TW': '儲存了全域設定，沒有欄位變更',
  },
  'positions.partnersUpdated': {
    'en-US':
      'Updated the trading partners of {{name}}: suppliers {{suppliersBefore}} → {{suppliersAfter}}; ' +
      'customers {{clientsBefore}} → {{clientsAfter}}',
    'zh-CN':
      '修改了 {{name}} 的交易伙伴：供应商 {{suppliersBefore}} → {{suppliersAfter}}；客户 {{clientsBefore}} → {{clientsAfter}}',
    'zh-TW':
      '修改了 {{name}} 的交易夥伴：供應商 {{suppliersBefore}} → {{suppliersAfter}}；客戶 {{clientsBefore}} → {{clientsAfter}}',
  },
  'positions.partnersUnchanged': {
    'en-US': 'Saved the trading partners of {{name}} without changes',
    'zh-CN': '保存了 {{name}} 的交易伙伴，没有变化',
    'zh-TW': '儲存了 {{name}} 的交易夥伴，沒有變更',
  },
} as const satisfies Record<string, TextEntry>;
