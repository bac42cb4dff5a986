import {
  compareDecimals,
  INQUIRY_REVEALED_STATUSES,
  INQUIRY_STATUS,
  type InquiryComparison,
  type InquiryComparisonCell,
  type InquiryComparisonColumn,
  PURCHASE_ORDER_LINE_STATUS,
  PURCHASE_ORDER_STATUS,
  type SuggestionLine,
  subtractDecimals,
} from '@concord/shared';
import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { purchaseOrders as po, purchaseOrderLines as pol, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { quotationsOfRound } from '../quotations/quotations.rounds.ts';
import { quotationLines } from '../quotations/quotations.table.ts';
import { findInquiry, type InquiryRow } from './inquiries.common.ts';
import { cellFigures, leastOf, sameValue, sumFixed } from './inquiries.figures.ts';
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

/** One revealed cell as `revealedCells` reads it. */
interface RevealedCell {
  quotationId: string;
  inquiryLineId: string;
  noBid: boolean | null;
  noBidReason: string;
  unitPrice: string | null;
  taxRate: string | null;
  leadDays: number | null;
  moq: string | null;
  validUntil: string | null;
  priceBreaks: { minQty: string; price: string }[] | null;
  bidRemark: string;
  awardQty: string | null;
  awardPrice: string | null;
}

/**
 * The revealed bids of the round's quotations (the buyer's `quotation_lines`), read as one JSON array
 * of arrays: on the embedded database one value crosses instead of 5,000 rows of 13 columns, whose
 * decoding was the larger part of the comparison's time (P-09). Decimals travel as text, exact.
 */
async function revealedCells(q: Queryable, tenantId: string, quotationIds: string[]): Promise<RevealedCell[]> {
  if (!quotationIds.length) return [];
  type Packed = [
    string,
    string,
    boolean | null,
    string,
    string | null,
    string | null,
    number | null,
    string | null,
    string | null,
    { minQty: string; price: string }[] | null,
    string,
    string | null,
    string | null,
  ];
  const { rows } = await q.execute<{ cells: Packed[] | string | null }>(sql`
    select json_agg(json_build_array(quotation_id::text, inquiry_line_id::text, no_bid, no_bid_reason,
                                     unit_price::text, tax_rate::text, lead_days, moq::text, valid_until::text,
                                     price_breaks, bid_remark, award_qty::text, award_price::text)) as cells
      from ${quotationLines}
     where tenant_id = ${tenantId} and quotation_id = any(${sql.param(quotationIds)}::bigint[])`);
  const packed = rows[0]?.cells ?? [];
  return (typeof packed === 'string' ? (JSON.parse(packed) as Packed[]) : packed).map((c) => ({
    quotationId: c[0],
    inquiryLineId: c[1],
    noBid: c[2],
    noBidReason: c[3],
    unitPrice: c[4],
    taxRate: c[5],
    leadDays: c[6],
    moq: c[7],
    validUntil: c[8],
    priceBreaks: c[9],
    bidRemark: c[10],
    awardQty: c[11],
    awardPrice: c[12],
  }));
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
  const bids = await revealedCells(
    q,
    row.tenantId,
    round.map((r) => r.id),
  );
  const bidOf = new Map(bids.map((b) => [`${b.quotationId}:${b.inquiryLineId}`, b]));
  const last = await lastPrices(q, row.tenantId, [...new Set(lines.map((l) => l.materialId))]);
  const amounts = new Map<string, string[]>(round.map((r) => [r.id, []]));
  const weighed: Comparison['weighed'] = [];

  const matrix = lines.map((line) => {
    const lastPrice = last.get(line.materialId) ?? null;
    const cells = round.map((quotation): InquiryComparisonCell => {
      const b = bidOf.get(`${quotation.id}:${line.id}`);
      const breaks = b?.priceBreaks ?? [];
      const priced = b && !b.noBid && b.unitPrice !== null ? b.unitPrice : null;
      // Exact fixed-point arithmetic (inquiries.figures.ts): the money module's rules, without decimal.js per cell.
      const f =
        priced !== null
          ? cellFigures(priced, breaks, line.qty, b!.taxRate ?? '0', row.taxIncluded, lastPrice, places)
          : null;
      if (f) amounts.get(quotation.id)!.push(f.amount);
      return {
        quotationId: quotation.id,
        noBid: b?.noBid ?? false,
        noBidReason: b?.noBidReason ?? '',
        unitPrice: priced,
        taxRate: b?.taxRate ?? null,
        priceExcl: f?.excl ?? null,
        priceIncl: f?.incl ?? null,
        breakPrice: f?.breakPrice ?? null,
        amount: f?.amount ?? null,
        leadDays: b?.leadDays ?? null,
        moq: b?.moq ?? null,
        validUntil: b?.validUntil ?? null,
        priceBreaks: breaks,
        priceDeltaPct: f?.deltaPct ?? null,
        lowest: false,
        awardQty: b?.awardQty ?? null,
        awardPrice: b?.awardPrice ?? null,
        remark: b?.bidRemark ?? '',
      };
    });
    // The lowest price without tax among the priced cells, ties all marked (as `lowestOf` weighs them).
    const least = leastOf(cells.flatMap((c) => (c.priceExcl === null ? [] : [c.priceExcl])));
    for (const c of cells) c.lowest = least !== null && c.priceExcl !== null && sameValue(c.priceExcl, least);
    weighed.push({
      lineId: line.id,
      lineNo: line.lineNo,
      qty: line.qty,
      cells: cells.map((c) => ({ quotationId: c.quotationId, price: c.priceExcl, leadDays: c.leadDays })),
    });
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
      cells,
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
      totalAmount: sumFixed(amounts.get(r.id)!, places.amount),
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
