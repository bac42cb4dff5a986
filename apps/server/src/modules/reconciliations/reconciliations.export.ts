import { OPERATION_TYPE, RECONCILIATION_LINE_STATUS_NAMES, text } from '@concord/shared';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { maskForViewer } from '../../platform/masking.ts';
import {
  type Cell,
  dayCell,
  decimalCell,
  LOCALE_INDEX,
  RATE_PLACES,
  writeWorkbook,
} from '../../platform/xlsx-typed.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { RECONCILIATION_MODULE } from './reconciliations.common.ts';
import { getStatement } from './reconciliations.query.ts';

const HEADERS = [
  ['Line', '行号', '行號'],
  ['Receipt no.', '入库单号', '入庫單號'],
  ['Receipt date', '入库日期', '入庫日期'],
  ['Order no.', '采购订单号', '採購單號'],
  ['Material code', '物料编码', '料號'],
  ['Material name', '物料名称', '品名'],
  ['Unit', '单位', '單位'],
  ['Quantity', '数量', '數量'],
  ['Price', '单价', '單價'],
  ['Price includes tax', '单价含税', '單價含稅'],
  ['Tax rate %', '税率%', '稅率%'],
  ['Amount', '金额', '金額'],
  ['Amount excl. tax', '不含税金额', '未稅金額'],
  ['Tax', '税额', '稅額'],
  ['Amount incl. tax', '含税金额', '含稅金額'],
  ['Status', '状态', '狀態'],
  ['Dispute reason', '异议原因', '異議原因'],
  ['Proposed quantity', '建议数量', '建議數量'],
  ['Proposed price', '建议单价', '建議單價'],
  ['Difference amount', '差异金额', '差異金額'],
] as const;

const LINE_STATUS = {
  open: ['Open', '待确认', '待確認'],
  agreed: ['Agreed', '已同意', '已同意'],
  disputed: ['Disputed', '有异议', '有異議'],
} as const;

const YES_NO = { yes: ['Yes', '是', '是'], no: ['No', '否', '否'] } as const;

const TOTAL = ['Total', '合计', '合計'] as const;

/**
 * One statement as a sheet: its lines with the tax split and a total row, masked exactly like the
 * detail reply (a position without view-price gets `***` in every price and amount cell, T-06).
 * Figures are number cells at the statement's places, dates are dates.
 */
export async function exportStatement(ctx: RequestContext, id: string): Promise<Buffer> {
  const detail = maskForViewer(await getStatement(ctx, id), ctx.auth);
  const i = LOCALE_INDEX[ctx.locale];
  const p = detail.decimalPlaces;
  const rows: Cell[][] = detail.lines.map((l) => [
    l.lineNo,
    l.receiptNo,
    dayCell(l.receiptDate),
    l.orderNo,
    l.prdtNo,
    l.prdtName,
    l.unitName,
    decimalCell(l.qty, p.quantity),
    decimalCell(l.price, p.price),
    (l.taxIncluded ? YES_NO.yes : YES_NO.no)[i],
    decimalCell(l.taxRate, RATE_PLACES),
    decimalCell(l.amount, p.amount),
    decimalCell(l.amountExcl, p.amount),
    decimalCell(l.taxAmount, p.amount),
    decimalCell(l.amountIncl, p.amount),
    LINE_STATUS[RECONCILIATION_LINE_STATUS_NAMES[l.status]][i],
    l.disputeReason,
    decimalCell(l.disputeQty, p.quantity),
    decimalCell(l.disputePrice, p.price),
    l.disputeReason ? decimalCell(l.differenceAmount, p.amount) : null,
  ]);
  rows.push([
    `${TOTAL[i]} (${detail.currency})`,
    null,
    null,
    null,
    null,
    null,
    null,
    decimalCell(detail.totalQty, p.quantity),
    null,
    null,
    null,
    decimalCell(detail.totalAmount, p.amount),
    decimalCell(detail.totalAmountExcl, p.amount),
    decimalCell(detail.totalTaxAmount, p.amount),
    decimalCell(detail.totalAmountIncl, p.amount),
    null,
    null,
    null,
    null,
    decimalCell(detail.differenceAmount, p.amount),
  ]);
  await recordOperation(ctx.tx, actorOf(ctx.auth), {
    type: OPERATION_TYPE.EXPORT,
    module: RECONCILIATION_MODULE,
    targetId: id,
    summary: text('reconciliations.exported', { statementNo: detail.statementNo, count: detail.lines.length }),
  });
  return writeWorkbook({
    name: detail.statementNo,
    header: HEADERS.map((h) => h[i]),
    rows,
    widths: [6, 18, 12, 18, 16, 28, 8, 12, 12, 8, 8, 14, 14, 12, 14, 10, 30, 12, 12, 14],
  });
}
