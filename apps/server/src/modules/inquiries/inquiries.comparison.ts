import {
  compareDecimals,
  deltaPercent,
  INQUIRY_REVEALED_STATUSES,
  INQUIRY_STATUS,
  type InquiryComparison,
  type InquiryComparisonCell,
  type InquiryComparisonColumn,
  lineAmount,
  lowestOf,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  priceAtQuantity,
  type SuggestionLine,
  subtractDecimals,
  sumDecimals,
  unitPriceWithTax,
} from '@concord/shared';
import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { purchaseOrders as po, purchaseOrderLines as pol, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { quotationsOfRound } from '../quotations/quotations.rounds.ts';
import { quotationLines } from '../quotations/quotations.table.ts';
import { findInquiry, type InquiryRow } from './inquiries.common.ts';
import { loadLines } from './inquiries.lines.ts';

/*
 * The comparison: one row per line, one cell per quotation of the current round, computed from the
 * revealed `quotation_lines` (the buyer's rows; the sealed bids are never read here).
 */

/** Whether the buyer may read the bids: once opened, or at once when the inquiry was published unsealed. */
export const bidsRevealed = (row: InquiryRow) =>
  INQUIRY_REVEALED_STATUSES.includes(row.status as never) ||
  (!row.sealed && (row.status === INQUIRY_STATUS.PUBLISHED || row.status === INQUIRY_STATUS.CLOSED));

/** The price of each material on the buyer's latest sent order (not cancelled), as ordered. */
async function lastPrices(q: Queryable, tenantId: string, materialIds: string[]): Promise<Map<string, string>> {
  if (!materialIds.length) return new Map();
  const rows = await q
    .selectDistinctOn([pol.materialId], { materialId: pol.materialId, price: pol.price })
    .from(pol)
    .innerJoin(po, and(eq(po.tenantId, pol.tenantId), eq(po.id, pol.orderId)))
    .where(
      and(
        eq(pol.tenantId, tenantId),
        inArray(pol.materialId, materialIds),
        notInArray(po.status, [PURCHASE_ORDER_STATUS.DRAFT, PURCHASE_ORDER_STATUS.CANCELLED]),
        ne(pol.status, PURCHASE_ORDER_LINE_STATUS.CANCELLED),
      ),
    )
    .orderBy(asc(pol.materialId), sql`${po.sentAt} desc nulls last`, desc(po.id));
  return new Map(rows.map((r) => [r.materialId!, r.price]));
}

export interface Comparison extends InquiryComparison {
  /** The same lines as the award checks weigh them: the comparable price of every cell. */
  weighed: (SuggestionLine & { lineNo: number })[];
}

/** The matrix of an inquiry whose bids the caller may read (the caller has checked). */
export async function buildComparison(q: Queryable, row: InquiryRow): Promise<Comparison> {
  const places = row.decimalPlaces;
  const lines = await loadLines(q, row.tenantId, row.id);
  const round = await quotationsOfRound(q, row);
  const names = new Map(
    (round.length
      ? await q
          .select({ id: suppliers.id, supCode: suppliers.supCode, supName: suppliers.supName })
          .from(suppliers)
          .where(
            and(
              eq(suppliers.tenantId, row.tenantId),
              inArray(
                suppliers.id,
                round.map((r) => r.supplierId),
              ),
            ),
          )
      : []
    ).map((s) => [s.id, s]),
  );
  const l = quotationLines;
  const bids = round.length
    ? await q
        .select({
          quotationId: l.quotationId,
          inquiryLineId: l.inquiryLineId,
          noBid: l.noBid,
          noBidReason: l.noBidReason,
          unitPrice: l.unitPrice,
          taxRate: l.taxRate,
          leadDays: l.leadDays,
          moq: l.moq,
          validUntil: l.validUntil,
          priceBreaks: l.priceBreaks,
          bidRemark: l.bidRemark,
          awardQty: l.awardQty,
          awardPrice: l.awardPrice,
        })
        .from(quotationLines)
        .where(
          and(
            eq(quotationLines.tenantId, row.tenantId),
            inArray(
              quotationLines.quotationId,
              round.map((r) => r.id),
            ),
          ),
        )
    : [];
  const bidOf = new Map(bids.map((b) => [`${b.quotationId}:${b.inquiryLineId}`, b]));
  const last = await lastPrices(q, row.tenantId, [...new Set(lines.map((l) => l.materialId))]);
  const amounts = new Map<string, string[]>(round.map((r) => [r.id, []]));
  const weighed: Comparison['weighed'] = [];

  const matrix = lines.map((line) => {
    const lastPrice = last.get(line.materialId) ?? null;
    const cells = round.map((quotation): InquiryComparisonCell & { comparable: string | null } => {
      const b = bidOf.get(`${quotation.id}:${line.id}`);
      const breaks = b?.priceBreaks ?? [];
      const priced = b && !b.noBid && b.unitPrice !== null ? b.unitPrice : null;
      const at = priced !== null ? priceAtQuantity(priced, breaks, line.qty) : null;
      const taxed = at ? unitPriceWithTax(at.price, b!.taxRate ?? '0', row.taxIncluded, places.price) : null;
      const amount = at ? lineAmount(line.qty, at.price, places.amount) : null;
      if (amount) amounts.get(quotation.id)!.push(amount);
      return {
        quotationId: quotation.id,
        noBid: b?.noBid ?? false,
        noBidReason: b?.noBidReason ?? '',
        unitPrice: priced,
        taxRate: b?.taxRate ?? null,
        priceExcl: taxed?.excl ?? null,
        priceIncl: taxed?.incl ?? null,
        breakPrice: at?.breakPrice ?? null,
        amount,
        leadDays: b?.leadDays ?? null,
        moq: b?.moq ?? null,
        validUntil: b?.validUntil ?? null,
        priceBreaks: breaks,
        priceDeltaPct: at ? deltaPercent(at.price, lastPrice) : null,
        lowest: false,
        awardQty: b?.awardQty ?? null,
        awardPrice: b?.awardPrice ?? null,
        remark: b?.bidRemark ?? '',
        comparable: taxed?.excl ?? null,
      };
    });
    const suggestionLine = {
      lineId: line.id,
      lineNo: line.lineNo,
      qty: line.qty,
      cells: cells.map((c) => ({ quotationId: c.quotationId, price: c.comparable, leadDays: c.leadDays })),
    };
    weighed.push(suggestionLine);
    const lowest = new Set(lowestOf(suggestionLine));
    return {
      lineId: line.id,
      lineNo: line.lineNo,
      materialId: line.materialId,
      prdtNo: line.prdtNo,
      prdtName: line.prdtName,
      prdtSpc: line.prdtSpc,
      unitName: line.unitName,
      drawingNo: line.drawingNo,
      drawingVersion: line.drawingVersion,
      qty: line.qty,
      requiredDate: line.requiredDate,
      targetPrice: line.targetPrice,
      lastPrice,
      awardedQty: line.awardedQty,
      unawardedQty:
        compareDecimals(line.awardedQty, line.qty) >= 0 ? '0' : subtractDecimals(line.qty, line.awardedQty, 6),
      awardReason: line.awardReason,
      cells: cells.map(({ comparable: _, ...c }) => ({ ...c, lowest: lowest.has(c.quotationId) })),
    };
  });

  const columns = round.map(
    (r): InquiryComparisonColumn => ({
      quotationId: r.id,
      supplierId: r.supplierId,
      supCode: names.get(r.supplierId)?.supCode ?? '',
      supName: names.get(r.supplierId)?.supName ?? '',
      offline: r.offline,
      status: r.status as InquiryComparisonColumn['status'],
      submittedAt: r.submittedAt,
      quotedLines: amounts.get(r.id)!.length,
      totalAmount: sumDecimals(amounts.get(r.id)!, places.amount),
    }),
  );
  return {
    id: row.id,
    inquiryNo: row.inquiryNo,
    title: row.title,
    status: row.status as InquiryComparison['status'],
    round: row.round,
    version: row.version,
    currency: row.currency,
    taxIncluded: row.taxIncluded,
    decimalPlaces: places,
    columns,
    lines: matrix,
    weighed,
  };
}

/** `GET /:id/comparison`: 409 INQUIRY_SEALED while the bids are sealed (before opening). */
export async function compareInquiry(ctx: RequestContext, id: string): Promise<InquiryComparison> {
  const row = await findInquiry(ctx.tx, ctx.auth, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (!bidsRevealed(row)) throw new AppError('INQUIRY_SEALED');
  const { weighed: _, ...comparison } = await buildComparison(ctx.tx, row);
  return comparison;
}
