import {
  type Locale,
  RECEIVING_PLAN_LINE_STATUS_NAMES,
  type ReceivingPlanLineStatus,
  type receivingPlanLineExportSchema,
} from '@concord/shared';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import { maskForViewer } from '../../platform/masking.ts';
import { type Cell, dayCell, decimalCell, writeWorkbook } from '../../platform/xlsx-typed.ts';
import { scheduleForExport } from './receiving-plans.query.ts';

type ExportQuery = z.infer<typeof receivingPlanLineExportSchema>;

const LABELS: Record<Locale, { sheet: string; header: string[]; status: Record<string, string> }> = {
  'en-US': {
    sheet: 'Receiving schedule',
    header: [
      'Planned date',
      'Plan no.',
      'Order no.',
      'Supplier',
      'Customer',
      'Order line',
      'Material',
      'Name',
      'Specification',
      'Unit',
      'Planned qty',
      'Delivered qty',
      'Status',
      'Proposed date',
      'Remark',
      'Supplier remark',
    ],
    status: {
      pending: 'Waiting for supplier',
      confirmed: 'Confirmed',
      proposed: 'Other date proposed',
      cancelled: 'Cancelled',
    },
  },
  'zh-CN': {
    sheet: '收货计划明细',
    header: [
      '计划日期',
      '计划单号',
      '订单号',
      '供应商',
      '客户',
      '订单行',
      '物料编码',
      '物料名称',
      '规格',
      '单位',
      '计划数量',
      '已送货数量',
      '状态',
      '建议日期',
      '备注',
      '供应商备注',
    ],
    status: { pending: '待供应商确认', confirmed: '已确认', proposed: '已建议其他日期', cancelled: '已取消' },
  },
  'zh-TW': {
    sheet: '收貨計畫明細',
    header: [
      '計畫日期',
      '計畫單號',
      '訂單號碼',
      '供應商',
      '客戶',
      '訂單項次',
      '料號',
      '品名',
      '規格',
      '單位',
      '計畫數量',
      '已送貨數量',
      '狀態',
      '建議日期',
      '備註',
      '供應商備註',
    ],
    status: { pending: '待供應商確認', confirmed: '已確認', proposed: '已建議其他日期', cancelled: '已取消' },
  },
};

/** The schedule of the filter as the caller may see it: same side, scope and masking as the list. */
export async function exportSchedule({ tx, auth, locale }: RequestContext, query: ExportQuery): Promise<Buffer> {
  const rows = maskForViewer(await scheduleForExport(tx, auth, query), auth);
  const l = LABELS[locale];
  const day = (v: string | null): Cell => (v ? dayCell(v) : null);
  return await writeWorkbook({
    name: l.sheet,
    header: l.header,
    widths: [12, 16, 16, 24, 24, 8, 16, 24, 20, 8, 12, 12, 18, 12, 24, 24],
    rows: rows.map((r): Cell[] => [
      day(r.plannedDate),
      r.planNo,
      r.orderNo,
      r.supName,
      r.customerName,
      r.orderLineNo,
      r.prdtNo,
      r.prdtName,
      r.prdtSpc,
      r.unitName,
      decimalCell(r.plannedQty, r.decimalPlaces.quantity),
      decimalCell(r.deliveredQty, r.decimalPlaces.quantity),
      l.status[RECEIVING_PLAN_LINE_STATUS_NAMES[r.status as ReceivingPlanLineStatus]] ?? '',
      day(r.proposedDate),
      r.remark,
      r.supplierRemark,
    ]),
  });
}
