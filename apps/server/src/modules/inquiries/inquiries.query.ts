import type {
  InquiryDetail,
  InquiryLine,
  InquiryListItem,
  InquiryQuotation,
  inquiryListSchema,
  ListResult,
  UploadedFileRef,
} from '@concord/shared';
import { and, count, desc, eq, exists, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { suppliers, users } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike, historyOfDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { endOfDay, startOfDay, timeZoneOf } from '../../platform/time.ts';
import { quotations } from '../quotations/quotations.table.ts';
import { findInquiry, INQUIRY_MODULE, INQUIRY_PERMISSION, type InquiryRow, inquiryScope } from './inquiries.common.ts';
import { loadLines } from './inquiries.lines.ts';
import { inquiries, inquiryLines } from './inquiries.table.ts';

/* Reading inquiries: the buyer's list and one inquiry's detail (never a bid figure: those are in the comparison). */

type ListQuery = z.infer<typeof inquiryListSchema>;

/** The current round's quotations, counted without reading them into the list. */
const ofCurrentRound = sql`${quotations.tenantId} = ${inquiries.tenantId} and ${quotations.inquiryId} = ${inquiries.id}
  and ${quotations.round} = ${inquiries.round}`;

const listColumns = {
  id: inquiries.id,
  inquiryNo: inquiries.inquiryNo,
  title: inquiries.title,
  status: inquiries.status,
  round: inquiries.round,
  quoteDeadline: inquiries.quoteDeadline,
  sealed: inquiries.sealed,
  currency: inquiries.currency,
  lineCount: inquiries.lineCount,
  invitedCount: sql<number>`(select count(*)::int from ${quotations} where ${ofCurrentRound})`,
  submittedCount: sql<number>`(select count(*)::int from ${quotations} where ${ofCurrentRound}
    and ${quotations.submittedAt} is not null)`,
  ownerName: users.name,
  createdAt: inquiries.createdAt,
  publishedAt: inquiries.publishedAt,
  openedAt: inquiries.openedAt,
  awardedAt: inquiries.awardedAt,
};

const SORTABLE = {
  inquiryNo: inquiries.inquiryNo,
  title: inquiries.title,
  status: inquiries.status,
  quoteDeadline: inquiries.quoteDeadline,
  createdAt: inquiries.createdAt,
};

const baseSelect = (q: Queryable) =>
  q.select(listColumns).from(inquiries).leftJoin(users, eq(users.id, inquiries.ownerId));

async function listWhere(ctx: RequestContext, f: NonNullable<ListQuery['filter']>): Promise<SQL | undefined> {
  const { tx: q, auth, tenantId } = ctx;
  const zone = f.dateFrom || f.dateTo ? await timeZoneOf(q, tenantId) : '';
  const material = f.material ? escapeLike(f.material) : null;
  return and(
    await inquiryScope(q, auth),
    f.inquiryNo ? ilike(inquiries.inquiryNo, escapeLike(f.inquiryNo)) : undefined,
    f.title ? ilike(inquiries.title, escapeLike(f.title)) : undefined,
    f.statuses?.length ? inArray(inquiries.status, f.statuses) : undefined,
    f.dateFrom ? gte(inquiries.createdAt, startOfDay(f.dateFrom, zone).toISOString()) : undefined,
    f.dateTo ? lt(inquiries.createdAt, endOfDay(f.dateTo, zone).toISOString()) : undefined,
    material
      ? exists(
          q
            .select({ one: sql`1` })
            .from(inquiryLines)
            .where(
              and(
                eq(inquiryLines.tenantId, inquiries.tenantId),
                eq(inquiryLines.inquiryId, inquiries.id),
                or(ilike(inquiryLines.prdtNo, material), ilike(inquiryLines.prdtName, material)),
              ),
            ),
        )
      : undefined,
  );
}

export async function listInquiries(ctx: RequestContext, query: ListQuery): Promise<ListResult<InquiryListItem>> {
  requireAny(ctx.auth, [INQUIRY_PERMISSION]);
  const where = await listWhere(ctx, query.filter ?? {});
  const page = pageOf(query.pageParam);
  const rows = await baseSelect(ctx.tx)
    .where(where)
    .orderBy(...orderBy(query.orderParam, SORTABLE, [inquiries.createdAt, 'desc']), desc(inquiries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await ctx.tx.select({ n: count() }).from(inquiries).where(where);
  return { dataList: rows as InquiryListItem[], totalCount: Number(total?.n ?? 0) };
}

/** The suppliers invited (the draft's choice, or the current round's), with the archive's names. */
async function invitedSuppliers(q: Queryable, row: InquiryRow) {
  if (!row.supplierIds.length) return [];
  const found = await q
    .select({
      supplierId: suppliers.id,
      supCode: suppliers.supCode,
      supName: suppliers.supName,
      supplierTenantId: suppliers.supplierTenantId,
    })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, row.tenantId), inArray(suppliers.id, row.supplierIds)));
  const byId = new Map(found.map((s) => [s.supplierId, s]));
  return row.supplierIds.flatMap((id) => {
    const s = byId.get(id);
    return s
      ? [{ supplierId: s.supplierId, supCode: s.supCode, supName: s.supName, offline: !s.supplierTenantId }]
      : [];
  });
}

/** Every round's quotations as the buyer follows them, the current round first. */
async function quotationsOf(q: Queryable, row: InquiryRow): Promise<InquiryQuotation[]> {
  const rows = await q
    .select({
      id: quotations.id,
      supplierId: quotations.supplierId,
      supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
      supName: sql<string>`coalesce(${suppliers.supName}, '')`,
      offline: quotations.offline,
      round: quotations.round,
      status: quotations.status,
      viewedAt: quotations.viewedAt,
      submittedAt: quotations.submittedAt,
      declinedAt: quotations.declinedAt,
      declineReason: quotations.declineReason,
      orderId: quotations.orderId,
      orderNo: quotations.orderNo,
      recordedBy: users.name,
      recordedAt: quotations.recordedAt,
    })
    .from(quotations)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, quotations.tenantId), eq(suppliers.id, quotations.supplierId)))
    .leftJoin(users, eq(users.id, quotations.recordedBy))
    .where(and(eq(quotations.tenantId, row.tenantId), eq(quotations.inquiryId, row.id)))
    .orderBy(desc(quotations.round), quotations.createdAt, quotations.id);
  return rows as InquiryQuotation[];
}

export async function getInquiry(ctx: RequestContext, id: string): Promise<InquiryDetail> {
  const { tx } = ctx;
  const row = await findInquiry(tx, ctx.auth, id);
  if (!row) throw new AppError('NOT_FOUND');
  const [item] = await baseSelect(tx).where(and(eq(inquiries.tenantId, row.tenantId), eq(inquiries.id, id)));
  if (!item) throw new AppError('NOT_FOUND');
  const lines = (await loadLines(tx, row.tenantId, id)).map(
    (l): InquiryLine => ({
      id: l.id,
      lineNo: l.lineNo,
      materialId: l.materialId,
      prdtNo: l.prdtNo,
      prdtName: l.prdtName,
      prdtSpc: l.prdtSpc,
      unitName: l.unitName,
      drawingNo: l.drawingNo,
      drawingVersion: l.drawingVersion,
      qty: l.qty,
      requiredDate: l.requiredDate,
      targetPrice: l.targetPrice,
      remark: l.remark,
      awardedQty: l.awardedQty,
      awardReason: l.awardReason,
    }),
  );
  return {
    ...(item as InquiryListItem),
    version: row.version,
    taxIncluded: row.taxIncluded,
    paymentTerms: row.paymentTerms,
    deliveryAddress: row.deliveryAddress,
    remarks: row.remarks,
    attachments: row.attachments as UploadedFileRef[],
    decimalPlaces: row.decimalPlaces,
    cancelReason: row.cancelReason,
    closedAt: row.closedAt,
    ordersMade: row.ordersMadeAt !== null,
    suppliers: await invitedSuppliers(tx, row),
    lines,
    quotations: await quotationsOf(tx, row),
    history: await historyOfDocument(ctx, { tenantId: row.tenantId, supplierTenantId: null }, INQUIRY_MODULE, id),
  };
}
