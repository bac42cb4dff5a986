import { INQUIRY_STATUS, type InquiryOrders, OPERATION_TYPE, text } from '@concord/shared';
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { todayOf } from '../../platform/time.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { BUYER_READ } from '../purchase-orders/purchase-orders.common.ts';
import { insertOrder } from '../purchase-orders/purchase-orders.service.ts';
import { quotationLines, quotations } from '../quotations/quotations.table.ts';
import { findInquiry, INQUIRY_MODULE, INQUIRY_PERMISSION, type InquiryRow } from './inquiries.common.ts';
import { inquiries, inquiryLines } from './inquiries.table.ts';

/*
 * "Make orders": the award becomes one draft purchase order per awarded supplier, through the
 * purchase-orders service, once. The inquiry's `orders_made_at` is claimed in one statement, so a
 * retry or a second click running alongside waits for the first and then gets its orders back.
 */

/** The orders made from the inquiry's award, as the reply lists them. */
async function ordersOf(ctx: RequestContext, row: InquiryRow): Promise<InquiryOrders> {
  const rows = await ctx.tx
    .select({
      id: quotations.orderId,
      orderNo: quotations.orderNo,
      supplierId: quotations.supplierId,
      supName: sql<string>`coalesce(${suppliers.supName}, '')`,
      lineCount: sql<number>`(select count(*)::int from ${quotationLines} l where l.tenant_id = ${quotations.tenantId}
        and l.quotation_id = ${quotations.id} and l.order_line_no is not null)`,
    })
    .from(quotations)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, quotations.tenantId), eq(suppliers.id, quotations.supplierId)))
    .where(and(eq(quotations.tenantId, row.tenantId), eq(quotations.inquiryId, row.id), isNotNull(quotations.orderId)))
    .orderBy(asc(quotations.orderNo));
  return { orders: rows.map((r) => ({ ...r, id: r.id! })) };
}

export async function makeOrders(ctx: RequestContext, id: string): Promise<InquiryOrders> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [INQUIRY_PERMISSION]);
  requireAny(auth, [BUYER_READ]);
  const found = await findInquiry(tx, auth, id);
  if (!found) throw new AppError('NOT_FOUND');
  return idempotent(tx, ctx.idem, async () => {
    const [row] = await tx
      .update(inquiries)
      .set({ ordersMadeAt: sql`now()`, version: sql`${inquiries.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(inquiries.tenantId, me),
          eq(inquiries.id, id),
          eq(inquiries.status, INQUIRY_STATUS.AWARDED),
          isNull(inquiries.ordersMadeAt),
        ),
      )
      .returning();
    if (!row) {
      const [now] = await tx
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.tenantId, me), eq(inquiries.id, id)));
      if (now?.status !== INQUIRY_STATUS.AWARDED) throw new AppError('INQUIRY_NOT_AWARDED');
      return ordersOf(ctx, now);
    }
    const awarded = await tx
      .select({ line: quotationLines, materialId: inquiryLines.materialId, quotation: quotations })
      .from(quotationLines)
      .innerJoin(
        quotations,
        and(eq(quotations.tenantId, quotationLines.tenantId), eq(quotations.id, quotationLines.quotationId)),
      )
      .innerJoin(
        inquiryLines,
        and(eq(inquiryLines.tenantId, quotationLines.tenantId), eq(inquiryLines.id, quotationLines.inquiryLineId)),
      )
      .where(
        and(
          eq(quotations.tenantId, me),
          eq(quotations.inquiryId, id),
          eq(quotations.round, row.round),
          gt(quotationLines.awardQty, '0'),
        ),
      )
      .orderBy(asc(quotations.createdAt), asc(quotationLines.lineNo));
    const byQuotation = new Map<string, typeof awarded>();
    for (const a of awarded) byQuotation.set(a.quotation.id, [...(byQuotation.get(a.quotation.id) ?? []), a]);
    const orderDate = await todayOf(tx, me);
    for (const lines of byQuotation.values()) {
      const quotation = lines[0]!.quotation;
      const created = await insertOrder(ctx, {
        supplierId: quotation.supplierId,
        currency: row.currency,
        taxIncluded: row.taxIncluded,
        paymentTerms: row.paymentTerms,
        orderDate,
        remarks: `${row.inquiryNo} ${row.title}`,
        attachments: [],
        send: false,
        lines: lines.map(({ line, materialId }) => ({
          materialId,
          prdtNo: '',
          prdtName: '',
          prdtSpc: '',
          unitNo: '',
          unitName: '',
          qty: line.awardQty!,
          price: line.awardPrice!,
          taxRate: line.taxRate ?? '0',
          requestedDate: line.requiredDate,
          warehouseId: null,
          remark: line.bidRemark,
        })),
      });
      await tx
        .update(quotations)
        .set({ orderId: created.id, orderNo: created.orderNo })
        .where(and(eq(quotations.tenantId, me), eq(quotations.id, quotation.id)));
      // The order's lines are numbered in the order given: each quotation line remembers its own.
      await tx.execute(sql`
        update ${quotationLines} l set order_line_no = v.n
          from jsonb_to_recordset(${JSON.stringify(lines.map(({ line }, i) => ({ id: line.id, n: i + 1 })))}::jsonb)
               as v(id bigint, n int)
         where l.tenant_id = ${me} and l.id = v.id`);
    }
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: INQUIRY_MODULE,
      targetId: id,
      summary: text('inquiries.ordersMade', { inquiryNo: row.inquiryNo, count: byQuotation.size }),
    });
    return ordersOf(ctx, row);
  });
}
