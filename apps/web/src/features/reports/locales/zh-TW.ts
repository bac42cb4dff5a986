import { REPORT_LABELS } from '@concord/shared';
import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { reportsEnUS } from './en-US.ts';

export const reportsTW: DeepStringify<typeof reportsEnUS> = {
  title: '報表',
  columns: REPORT_LABELS['zh-TW'].columns,
  statuses: {
    note: REPORT_LABELS['zh-TW'].status.note.join('|'),
    statement: REPORT_LABELS['zh-TW'].status.statement.join('|'),
    orderLine: REPORT_LABELS['zh-TW'].status.orderLine.join('|'),
  },
  filters: {
    period: '期間',
    supplierId: '供應商',
    customerId: '客戶',
    material: '料件',
    materialPlaceholder: '料號或品名',
    orderNo: '訂單號碼',
    noteNo: '送貨單號',
    noteStatus: '狀態',
    groupBy: '統計維度',
    groupByPartner: '依往來對象',
    groupByMaterial: '依往來對象及料件',
  },
  actions: {
    search: '查詢',
    reset: '重設',
    export: '匯出 Excel',
  },
  chart: {
    title: '趨勢',
    loading: '圖表載入中…',
    empty: '本期間尚無資料',
  },
  summary: '彙總',
  periodShown: '統計期間 {{from}} 至 {{to}}',
  empty: '沒有符合條件的資料，請放寬期間或清除篩選條件。',
  loadFailed: '報表載入失敗',
  retry: '重試',
  /** The per-currency totals row of a report table. */
  totalOf_one: '合計（{{n}} 筆）',
  totalOf_other: '合計（{{n}} 筆）',
  definitions: {
    onTimeRate:
      '準時到貨率 = 於應交日期當天或之前到貨的數量 ÷ 本期間應交數量。有收貨計畫的訂單項次依計畫日期應交，否則依確認交期（無確認交期時依需求日期），並計入該日期所屬期間。每筆收貨計入其送貨所對應的應交項次，到貨日期不晚於應交日期即為準時；每個應交項次的準時數量以應交數量為上限，因此分批到貨加總正確，超交也不會使準時率超過 100%。',
    qualityYield:
      '品質良率 = 合格數量 ÷ 檢驗數量，統計本期間內的進料檢驗。同一送貨項次的多次檢驗全部計入；判退數量即不合格部分。',
  },
};
