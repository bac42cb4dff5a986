import {
  type ListResult,
  QUOTATION_STATUS,
  type QuotationBid,
  type QuotationDetail,
  type QuotationLine,
  type QuotationListItem,
  type quotationListSchema,
  type UploadedFileRef,
} from '@concord/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, suppliers, users } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike, historyOfDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { timeZoneOf } from '../../platform/time.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { bidsOf } from './quotations.bids.ts';
import {
  findQuotation,
  QUOTATION_MODULE,
  type QuotationRow,
  quotationSideCondition,
  readPermission,
} from './quotations.common.ts';
import { quotationLines, quotations } from './quotations.table.ts';

/* Reading quotations, both sides: a supplier reads its own bids; the buyer reads bid figures only once revealed. */

type ListQuery = z.infer<typeof quotationListSchema>;

const listColumns = {
  id: quotations.id,
  inquiryId: quotations.inquiryId,
  inquiryNo: quotations.inquiryNo,
  title: quotations.title,
  round: quotations.round,
  status: quotations.status,
  supplierId: quotations.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: quotations.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  offline: quotations.offline,
  quoteDeadline: quotations.quoteDeadline,
  closed: sql<boolean>`(${quotations.closedAt} is not null or ${quotations.quoteDeadline} <= now())`,
  currency: quotations.currency,
  lineCount: quotations.lineCount,
  submittedAt: quotations.submittedAt,
  createdAt: quotations.createdAt,
};

const SORTABLE = {
  inquiryNo: quotations.inquiryNo,
  status: quotations.status,
  quoteDeadline: quotations.quoteDeadline,
  createdAt: quotations.createdAt,
  submittedAt: quotations.submittedAt,
};

const baseSelect = (q: Queryable) =>
  q
    .select(listColumns)
    .from(quotations)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, quotations.tenantId), eq(suppliers.id, quotations.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, quotations.tenantId));

export async function listQuotations(ctx: RequestContext, query: ListQuery): Promise<ListResult<QuotationListItem>> {
  const { tx: q, auth } = ctx;
  const f = query.filter;
  requireAny(auth, readPermission(f.side));
  const where: SQL | undefined = and(
    await quotationSideCondition(q, auth, f.side),
    f.inquiryId ? eq(quotations.inquiryId, f.inquiryId) : undefined,
    f.inquiryNo ? ilike(quotations.inquiryNo, escapeLike(f.inquiryNo)) : undefined,
    f.supplierId ? eq(quotations.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(quotations.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(quotations.status, f.statuses) : undefined,
  );
  const page = pageOf(query.pageParam);
  const rows = await baseSelect(q)
    .where(where)
    .orderBy(...orderBy(query.orderParam, SORTABLE, [quotations.createdAt, 'desc']), desc(quotations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await q.select({ n: count() }).from(quotations).where(where);
  return { dataList: rows as QuotationListItem[], totalCount: Number(total?.n ?? 0) };
}

/** The supplier reads its working bid while drafting, else the one it submitted. */
const drafting = (status: number) => status === QUOTATION_STATUS.INVITED || status === QUOTATION_STATUS.DRAFTING;

async function linesForView(ctx: RequestContext, row: QuotationRow, side: 'buyer' | 'supplier') {
  const lines = await ctx.tx
    .select()
    .from(quotationLines)
    .where(and(eq(quotationLines.tenantId, row.tenantId), eq(quotationLines.quotationId, row.id)))
    .orderBy(asc(quotationLines.lineNo));
  const own = side === 'supplier' ? await bidsOf(ctx.tx, row.id, ctx.tenantId, !drafting(row.status)) : null;
  return lines.map((l): QuotationLine => {
    let bid: QuotationBid | null = null;
    const b = own?.get(l.id);
    if (b) {
      bid = {
        noBid: b.noBid,
        noBidReason: b.noBidReason,
        unitPrice: b.unitPrice,
        taxRate: b.taxRate,
        leadDays: b.leadDays,
        moq: b.moq,
        validUntil: b.validUntil,
        priceBreaks: b.priceBreaks,
        remark: b.remark,
      };
    } else if (side === 'buyer' && row.revealedAt && l.noBid !== null) {
      bid = {
        noBid: l.noBid,
        noBidReason: l.noBidReason,
        unitPrice: l.unitPrice,
        taxRate: l.taxRate ?? '0',
        leadDays: l.leadDays,
        moq: l.moq,
        validUntil: l.validUntil,
        priceBreaks: l.priceBreaks ?? [],
        remark: l.bidRemark,
      };
    }
    return {
      id: l.id,
      lineNo: l.lineNo,
      prdtNo: l.prdtNo,
      prdtName: l.prdtName,
      prdtSpc: l.prdtSpc,
      unitName: l.unitName,
      drawingNo: l.drawingNo,
      drawingVersion: l.drawingVersion,
      qty: l.qty,
      requiredDate: l.requiredDate,
      remark: l.remark,
      bid,
      awardQty: l.awardQty,
      awardPrice: l.awardPrice,
    };
  });
}

async function userName(q: Queryable, id: string): Promise<string> {
  const [u] = await q.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return u?.name ?? '';
}

export async function getQuotation(ctx: RequestContext, id: string): Promise<QuotationDetail> {
  const { tx, auth } = ctx;
  const hit = await findQuotation(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  let viewedAt = row.viewedAt;
  if (side === 'supplier' && !viewedAt) {
    // The buyer follows who has looked at its inquiry; the first look is not a change of the quotation.
    const [seen] = await tx
      .update(quotations)
      .set({ viewedAt: sql`now()` })
      .where(and(eq(quotations.tenantId, row.tenantId), eq(quotations.id, id), isNull(quotations.viewedAt)))
      .returning({ viewedAt: quotations.viewedAt });
    viewedAt = seen?.viewedAt ?? null;
  }
  const [item] = await baseSelect(tx).where(and(eq(quotations.tenantId, row.tenantId), eq(quotations.id, id)));
  if (!item) throw new AppError('NOT_FOUND');
  return {
    ...(item as QuotationListItem),
    side,
    buyerTimeZone: await timeZoneOf(tx, row.tenantId),
    version: row.version,
    sealed: row.sealed,
    taxIncluded: row.taxIncluded,
    paymentTerms: row.paymentTerms,
    deliveryAddress: row.deliveryAddress,
    remarks: row.remarks,
    attachments: row.attachments as UploadedFileRef[],
    decimalPlaces: row.decimalPlaces,
    remark: row.remark,
    declineReason: row.declineReason,
    revisionDiscarded: row.revisionDiscarded,
    revealed: side === 'supplier' || row.revealedAt !== null,
    ...(side === 'buyer' && row.recordedBy
      ? {
          recordedBy: await userName(tx, row.recordedBy),
          recordedAt: row.recordedAt,
          recordAttachments: row.recordAttachments as UploadedFileRef[],
        }
      : { recordedBy: null, recordedAt: null, recordAttachments: [] }),
    viewedAt,
    declinedAt: row.declinedAt,
    lines: await linesForView(ctx, row, side),
    history: await historyOfDocument(ctx, row, QUOTATION_MODULE, id),
  };
}
