import type { TextEntry } from './types.ts';

/**
 * What the server writes for people about basic data (issue 17); keys are `domain.event`. `changes` is
 * a change list of `summarizeChanges`; `dictType` and `kind` are texts of this file.
 */
export const BASIC_DATA_TEXTS = {
  'basicData.classCreated': {
    'en-US': 'Created material class {{code}} {{name}}',
    'zh-CN': '新增了物料分类 {{code}} {{name}}',
    'zh-TW': '新增了料件分類 {{code}} {{name}}',
  },
  'basicData.classUpdated': {
    'en-US': 'Changed material class {{code}}: {{changes}}',
    'zh-CN': '修改了物料分类 {{code}}：{{changes}}',
    'zh-TW': '修改了料件分類 {{code}}：{{changes}}',
  },
  'basicData.classDeleted': {
    'en-US': 'Deleted material class {{code}} {{name}}',
    'zh-CN': '删除了物料分类 {{code}} {{name}}',
    'zh-TW': '刪除了料件分類 {{code}} {{name}}',
  },

  'basicData.dictionaryItemCreated': {
    'en-US': 'Created {{dictType}} {{code}} {{name}}',
    'zh-CN': '新增了{{dictType}} {{code}} {{name}}',
    'zh-TW': '新增了{{dictType}} {{code}} {{name}}',
  },
  'basicData.dictionaryItemUpdated': {
    'en-US': 'Changed {{dictType}} {{code}}: {{changes}}',
    'zh-CN': '修改了{{dictType}} {{code}}：{{changes}}',
    'zh-TW': '修改了{{dictType}} {{code}}：{{changes}}',
  },
  'basicData.dictionaryItemDeleted': {
    'en-US': 'Deleted {{dictType}} {{code}} {{name}}',
    'zh-CN': '删除了{{dictType}} {{code}} {{name}}',
    'zh-TW': '刪除了{{dictType}} {{code}} {{name}}',
  },
  'basicData.dictType.unit': { 'en-US': 'unit', 'zh-CN': '计量单位', 'zh-TW': '計量單位' },
  'basicData.dictType.currency': { 'en-US': 'currency', 'zh-CN': '币种', 'zh-TW': '幣別' },
  'basicData.dictType.taxRate': { 'en-US': 'tax rate', 'zh-CN': '税率', 'zh-TW': '稅率' },
  'basicData.dictType.paymentMethod': { 'en-US': 'payment method', 'zh-CN': '付款方式', 'zh-TW': '付款方式' },
  'basicData.dictType.paymentCondition': { 'en-US': 'payment term', 'zh-CN': '付款条件', 'zh-TW': '付款條件' },
  'basicData.dictType.deliveryType': { 'en-US': 'delivery type', 'zh-CN': '交货方式', 'zh-TW': '交貨方式' },
  'basicData.dictType.invoiceType': { 'en-US': 'invoice type', 'zh-CN': '发票类型', 'zh-TW': '發票類型' },
  'basicData.dictType.transportMode': { 'en-US': 'transport mode', 'zh-CN': '运输方式', 'zh-TW': '運輸方式' },
  'basicData.dictType.packagingType': { 'en-US': 'packaging type', 'zh-CN': '包装方式', 'zh-TW': '包裝方式' },

  'basicData.attributeCreated': {
    'en-US': 'Created material attribute {{code}} {{name}}',
    'zh-CN': '新增了物料属性 {{code}} {{name}}',
    'zh-TW': '新增了料件屬性 {{code}} {{name}}',
  },
  'basicData.attributeUpdated': {
    'en-US': 'Changed material attribute {{code}}: {{changes}}',
    'zh-CN': '修改了物料属性 {{code}}：{{changes}}',
    'zh-TW': '修改了料件屬性 {{code}}：{{changes}}',
  },
  'basicData.attributeDeleted': {
    'en-US': 'Deleted material attribute {{code}} {{name}}',
    'zh-CN': '删除了物料属性 {{code}} {{name}}',
    'zh-TW': '刪除了料件屬性 {{code}} {{name}}',
  },

  'basicData.featureCreated': {
    'en-US': 'Created material feature {{name}}',
    'zh-CN': '新增了物料特征 {{name}}',
    'zh-TW': '新增了料件特徵 {{name}}',
  },
  'basicData.featureUpdated': {
    'en-US': 'Changed material feature {{name}}: {{changes}}',
    'zh-CN': '修改了物料特征 {{name}}：{{changes}}',
    'zh-TW': '修改了料件特徵 {{name}}：{{changes}}',
  },
  'basicData.featureDeleted': {
    'en-US': 'Deleted material feature {{name}}',
    'zh-CN': '删除了物料特征 {{name}}',
    'zh-TW': '刪除了料件特徵 {{name}}',
  },

  'basicData.warehouseCreated': {
    'en-US': 'Created warehouse {{code}} {{name}}',
    'zh-CN': '新增了仓库 {{code}} {{name}}',
    'zh-TW': '新增了倉庫 {{code}} {{name}}',
  },
  'basicData.warehouseUpdated': {
    'en-US': 'Changed warehouse {{code}}: {{changes}}',
    'zh-CN': '修改了仓库 {{code}}：{{changes}}',
    'zh-TW': '修改了倉庫 {{code}}：{{changes}}',
  },
  'basicData.warehouseDeleted': {
    'en-US': 'Deleted warehouse {{code}} {{name}}',
    'zh-CN': '删除了仓库 {{code}} {{name}}',
    'zh-TW': '刪除了倉庫 {{code}} {{name}}',
  },
  'basicData.warehousesImported': {
    'en-US': { one: 'Imported {{count}} warehouse', other: 'Imported {{count}} warehouses' },
    'zh-CN': '导入了 {{count}} 个仓库',
    'zh-TW': '匯入了 {{count}} 個倉庫',
  },

  'basicData.interestRateCreated': {
    'en-US': 'Created the monthly interest rate {{monthlyRate}}% for {{startDate}} – {{endDate}}',
    'zh-CN': '新增了 {{startDate}} 至 {{endDate}} 的月利率 {{monthlyRate}}%',
    'zh-TW': '新增了 {{startDate}} 至 {{endDate}} 的月利率 {{monthlyRate}}%',
  },
  'basicData.interestRateUpdated': {
    'en-US': 'Changed the interest rate for {{startDate}} – {{endDate}}: {{changes}}',
    'zh-CN': '修改了 {{startDate}} 至 {{endDate}} 的利率：{{changes}}',
    'zh-TW': '修改了 {{startDate}} 至 {{endDate}} 的利率：{{changes}}',
  },
  'basicData.interestRateDeleted': {
    'en-US': 'Deleted the interest rate for {{startDate}} – {{endDate}}',
    'zh-CN': '删除了 {{startDate}} 至 {{endDate}} 的利率',
    'zh-TW': '刪除了 {{startDate}} 至 {{endDate}} 的利率',
  },
  'basicData.interestRatesImported': {
    'en-US': { one: 'Imported {{count}} interest rate', other: 'Imported {{count}} interest rates' },
    'zh-CN': '导入了 {{count}} 条利率',
    'zh-TW': '匯入了 {{count}} 筆利率',
  },

  'basicData.exchangeRateCreated': {
    'en-US': 'Created the exchange rate {{currencyCode}}/{{baseCurrency}} {{rate}}',
    'zh-CN': '新增了汇率 {{currencyCode}}/{{baseCurrency}} {{rate}}',
    'zh-TW': '新增了匯率 {{currencyCode}}/{{baseCurrency}} {{rate}}',
  },
  'basicData.exchangeRateUpdated': {
    'en-US': 'Changed the exchange rate {{currencyCode}}/{{baseCurrency}}: {{changes}}',
    'zh-CN': '修改了汇率 {{currencyCode}}/{{baseCurrency}}：{{changes}}',
    'zh-TW': '修改了匯率 {{currencyCode}}/{{baseCurrency}}：{{changes}}',
  },
  'basicData.exchangeRateDeleted': {
    'en-US': 'Deleted the exchange rate {{currencyCode}}/{{baseCurrency}}',
    'zh-CN': '删除了汇率 {{currencyCode}}/{{baseCurrency}}',
    'zh-TW': '刪除了匯率 {{currencyCode}}/{{baseCurrency}}',
  },
  'basicData.exchangeRatesImported': {
    'en-US': { one: 'Imported {{count}} exchange rate', other: 'Imported {{count}} exchange rates' },
    'zh-CN': '导入了 {{count}} 条汇率',
    'zh-TW': '匯入了 {{count}} 筆匯率',
  },

  'basicData.decimalPlacesChanged': {
    'en-US': 'Changed the decimal places of {{kind}} from {{from}} to {{to}}',
    'zh-CN': '将{{kind}}的小数位数从 {{from}} 改为 {{to}}',
    'zh-TW': '將{{kind}}的小數位數從 {{from}} 改為 {{to}}',
  },
  'basicData.decimalKind.quantity': { 'en-US': 'quantities', 'zh-CN': '数量', 'zh-TW': '數量' },
  'basicData.decimalKind.price': { 'en-US': 'prices', 'zh-CN': '单价', 'zh-TW': '單價' },
  'basicData.decimalKind.amount': { 'en-US': 'amounts', 'zh-CN': '金额', 'zh-TW': '金額' },

  'basicData.evaluationItemCreated': {
    'en-US': 'Created evaluation item {{code}} {{name}}',
    'zh-CN': '新增了评估项目 {{code}} {{name}}',
    'zh-TW': '新增了評鑑項目 {{code}} {{name}}',
  },
  'basicData.evaluationItemUpdated': {
    'en-US': 'Changed evaluation item {{code}}: {{changes}}',
    'zh-CN': '修改了评估项目 {{code}}：{{changes}}',
    'zh-TW': '修改了評鑑項目 {{code}}：{{changes}}',
  },
  'basicData.evaluationItemDeleted': {
    'en-US': 'Deleted evaluation item {{code}} {{name}}',
    'zh-CN': '删除了评估项目 {{code}} {{name}}',
    'zh-TW': '刪除了評鑑項目 {{code}} {{name}}',
  },
} as const satisfies Record<string, TextEntry>;
