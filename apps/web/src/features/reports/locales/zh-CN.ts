import { REPORT_LABELS } from '@concord/shared';
import type { DeepStringify } from '../../../lib/localeTypes.ts';
import type { reportsEnUS } from './en-US.ts';

export const reportsCN: DeepStringify<typeof reportsEnUS> = {
  title: '报表',
  columns: REPORT_LABELS['zh-CN'].columns,
  statuses: {
    note: REPORT_LABELS['zh-CN'].status.note.join('|'),
    statement: REPORT_LABELS['zh-CN'].status.statement.join('|'),
    orderLine: REPORT_LABELS['zh-CN'].status.orderLine.join('|'),
  },
  filters: {
    period: '期间',
    supplierId: '供应商',
    customerId: '客户',
    material: '物料',
    materialPlaceholder: '编码或名称',
    orderNo: '订单号',
    noteNo: '送货单号',
    noteStatus: '状态',
    groupBy: '统计维度',
    groupByPartner: '按往来单位',
    groupByMaterial: '按往来单位和物料',
  },
  actions: {
    search: '查询',
    reset: '重置',
    export: '导出 Excel',
  },
  chart: {
    title: '趋势',
    loading: '图表加载中…',
    empty: '本期间暂无数据',
  },
  summary: '汇总',
  periodShown: '统计期间 {{from}} 至 {{to}}',
  empty: '没有符合条件的数据，请放宽期间或清除筛选条件。',
  loadFailed: '报表加载失败',
  retry: '重试',
  /** The per-currency totals row of a report table. */
  totalOf_one: '合计（{{n}} 行）',
  totalOf_other: '合计（{{n}} 行）',
  definitions: {
    onTimeRate:
      '准时到货率 = 在应交日期当天或之前到货的数量 ÷ 本期间应交数量。有收货计划的订单行按计划日期应交，否则按确认交期（无确认交期时按需求日期），并计入该日期所在的期间。每笔收货计入其送货所对应的应交行，到货日期不晚于应交日期即为准时；每个应交行的准时数量以应交数量为上限，因此分批到货累计正确，超量交货也不会使准时率超过 100%。',
    qualityYield:
      '质量合格率 = 合格数量 ÷ 检验数量，统计本期间内的来料检验。同一送货行的多次检验全部计入；判退数量即不合格部分。',
  },
};
