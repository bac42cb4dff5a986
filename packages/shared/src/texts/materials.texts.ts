import type { TextEntry } from './types.ts';

/**
 * What the server writes for people about materials (issue 17); keys are `domain.event`. `changes` is
 * a change list of `summarizeChanges`, its prices masked per reader.
 */
export const MATERIAL_TEXTS = {
  'materials.created': {
    'en-US': 'Created material {{prdtNo}} {{prdtName}}',
    'zh-CN': '新增了物料 {{prdtNo}} {{prdtName}}',
    'zh-TW': '新增了物料 {{prdtNo}} {{prdtName}}',
  },
  'materials.updated': {
    'en-US': 'Changed material {{prdtNo}}: {{changes}}',
    'zh-CN': '修改了物料 {{prdtNo}}：{{changes}}',
    'zh-TW': '修改了物料 {{prdtNo}}：{{changes}}',
  },
  'materials.drawingPublished': {
    'en-US': 'Published version {{drawingVersion}} of drawing {{drawingNo}} of material {{prdtNo}}',
    'zh-CN': '发布了物料 {{prdtNo}} 的图纸 {{drawingNo}} 第 {{drawingVersion}} 版',
    'zh-TW': '發行了物料 {{prdtNo}} 的圖面 {{drawingNo}} 第 {{drawingVersion}} 版',
  },
  'materials.imported': {
    'en-US': {
      one: 'Imported {{count}} material from {{fileName}}',
      other: 'Imported {{count}} materials from {{fileName}}',
    },
    'zh-CN': '从 {{fileName}} 导入了 {{count}} 个物料',
    'zh-TW': '從 {{fileName}} 匯入了 {{count}} 筆物料',
  },
  'materials.exported': {
    'en-US': { one: 'Exported {{count}} material', other: 'Exported {{count}} materials' },
    'zh-CN': '导出了 {{count}} 个物料',
    'zh-TW': '匯出了 {{count}} 筆物料',
  },
  'materials.supplierApproved': {
    'en-US': 'Approved supplier {{supCode}} for material {{prdtNo}} with a quota of {{poQuotaRate}}%',
    'zh-CN': '为物料 {{prdtNo}} 新增了合格供应商 {{supCode}}，配额 {{poQuotaRate}}%',
    'zh-TW': '為物料 {{prdtNo}} 新增了合格供應商 {{supCode}}，配額 {{poQuotaRate}}%',
  },
  'materials.supplierUpdated': {
    'en-US': 'Changed approved supplier {{supCode}} of material {{prdtNo}}: {{changes}}',
    'zh-CN': '修改了物料 {{prdtNo}} 的合格供应商 {{supCode}}：{{changes}}',
    'zh-TW': '修改了物料 {{prdtNo}} 的合格供應商 {{supCode}}：{{changes}}',
  },
  'materials.supplierRemoved': {
    'en-US': 'Removed approved supplier {{supCode}} from material {{prdtNo}}',
    'zh-CN': '移除了物料 {{prdtNo}} 的合格供应商 {{supCode}}',
    'zh-TW': '移除了物料 {{prdtNo}} 的合格供應商 {{supCode}}',
  },
  'materials.suppliersImported': {
    'en-US': {
      one: 'Imported {{count}} approved supplier from {{fileName}}',
      other: 'Imported {{count}} approved suppliers from {{fileName}}',
    },
    'zh-CN': '从 {{fileName}} 导入了 {{count}} 条合格供应商',
    'zh-TW': '從 {{fileName}} 匯入了 {{count}} 筆合格供應商',
  },
  'materials.suppliersExported': {
    'en-US': { one: 'Exported {{count}} approved supplier', other: 'Exported {{count}} approved suppliers' },
    'zh-CN': '导出了 {{count}} 条合格供应商',
    'zh-TW': '匯出了 {{count}} 筆合格供應商',
  },
  'materials.customerMaterialAdded': {
    'en-US': 'Added customer material {{custPrdtCode}} {{custPrdtName}}',
    'zh-CN': '新增了客户物料 {{custPrdtCode}} {{custPrdtName}}',
    'zh-TW': '新增了客戶物料 {{custPrdtCode}} {{custPrdtName}}',
  },
  'materials.customerMaterialRelated': {
    'en-US': 'Related material {{prdtNo}} to customer material {{custPrdtCode}} {{custPrdtName}}',
    'zh-CN': '将物料 {{prdtNo}} 对应到客户物料 {{custPrdtCode}} {{custPrdtName}}',
    'zh-TW': '將物料 {{prdtNo}} 對應到客戶物料 {{custPrdtCode}} {{custPrdtName}}',
  },
  'materials.customerMaterialUpdated': {
    'en-US': 'Changed customer material {{custPrdtCode}}: {{changes}}',
    'zh-CN': '修改了客户物料 {{custPrdtCode}}：{{changes}}',
    'zh-TW': '修改了客戶物料 {{custPrdtCode}}：{{changes}}',
  },
  'materials.customerMaterialRemoved': {
    'en-US': 'Removed customer material {{custPrdtCode}}',
    'zh-CN': '删除了客户物料 {{custPrdtCode}}',
    'zh-TW': '刪除了客戶物料 {{custPrdtCode}}',
  },
} as const satisfies Record<string, TextEntry>;
