import { QUOTATION_STATUS } from '@concord/shared';
import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import type { InquiryRow } from '../inquiries/inquiries.common.ts';
import { inquiryLines } from '../inquiries/inquiries.table.ts';
import type { QuotationRow } from './quotations.common.ts';
import { quotationLines, quotations } from './quotations.table.ts';

/* The quotations an inquiry's steps make and settle: one per supplier and round. */

const Q = QUOTATION_STATUS;

export interface Invitee {
  supplierId: string;
  supplierTenantId: string | null;
}

/**
 * One quotation per invitee for the inquiry's current round, each with the inquiry's lines as the
 * supplier may read them (never the target price): one insert for the headers and one for all the
 * lines, whatever their number.
 */
export async function inviteSuppliers(
  q: Queryable,
  inquiry: InquiryRow,
  invitees: Invitee[],
  deadline: string,
): Promise<QuotationRow[]> {
  const rows = await q
    .insert(quotations)
    .values(
      invitees.map((s) => ({
        tenantId: inquiry.tenantId,
        supplierTenantId: s.supplierTenantId,
        id: newId(),
        inquiryId: inquiry.id,
        round: inquiry.round,
        supplierId: s.supplierId,
        offline: s.supplierTenantId === null,
        inquiryNo: inquiry.inquiryNo,
        title: inquiry.title,
        quoteDeadline: deadline,
        sealed: inquiry.sealed,
        currency: inquiry.currency,
        taxIncluded: inquiry.taxIncluded,
        paymentTerms: inquiry.paymentTerms,
        deliveryAddress: inquiry.deliveryAddress,
        remarks: inquiry.remarks,
        attachments: inquiry.attachments,
        decimalPlaces: inquiry.decimalPlaces,
        lineCount: inquiry.lineCount,
        ownerId: inquiry.ownerId,
        deptId: inquiry.deptId,
      })),
    )
    .returning();
  const lineIds = (
    await q
      .select({ id: inquiryLines.id })
      .from(inquiryLines)
      .where(and(eq(inquiryLines.tenantId, inquiry.tenantId), eq(inquiryLines.inquiryId, inquiry.id)))
  ).map((l) => l.id);
  const pairs = rows.flatMap((r) =>
    lineIds.map((lineId) => ({
      id: newId(),
      quotation_id: r.id,
      supplier_tenant_id: r.supplierTenantId,
      line_id: lineId,
    })),
  );
  await q.execute(sql`
    insert into ${quotationLines} (tenant_id, supplier_tenant_id, id, quotation_id, inquiry_line_id, line_no, prdt_no,
                                   prdt_name, prdt_spc, unit_name, drawing_no, drawing_version, qty, required_date, remark)
    select il.tenant_id, v.supplier_tenant_id, v.id, v.quotation_id, il.id, il.line_no, il.prdt_no, il.prdt_name,
           il.prdt_spc, il.unit_name, il.drawing_no, il.drawing_version, il.qty, il.required_date, il.remark
      from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb)
           as v(id bigint, quotation_id bigint, supplier_tenant_id bigint, line_id bigint)
      join ${inquiryLines} il on il.tenant_id = ${inquiry.tenantId} and il.id = v.line_id`);
  return rows;
}

const ofRound = (inquiry: InquiryRow) =>
  and(
    eq(quotations.tenantId, inquiry.tenantId),
    eq(quotations.inquiryId, inquiry.id),
    eq(quotations.round, inquiry.round),
  );

/**
 * Ends quoting for the current round (close, by the buyer or at the deadline): every quotation is
 * closed in one statement, which waits for a submit in flight and makes any later one fail its check.
 * A revision left unsubmitted falls back to the bid submitted before it. Returns the round's
 * quotations as closed and those whose revision was discarded.
 */
export async function closeQuotations(q: Queryable, inquiry: InquiryRow) {
  const closed = await q
    .update(quotations)
    .set({ closedAt: sql`coalesce(${quotations.closedAt}, now())` })
    .where(ofRound(inquiry))
    .returning();
  const discarded = await q
    .update(quotations)
    .set({ status: Q.SUBMITTED, revisionDiscarded: true, version: sql`${quotations.version} + 1` })
    .where(and(ofRound(inquiry), eq(quotations.status, Q.DRAFTING), isNotNull(quotations.submittedAt)))
    .returning();
  return { closed, discarded };
}

/** An extension reopens the round's quotations for quoting until the new deadline. */
export async function reopenQuotations(q: Queryable, inquiry: InquiryRow, deadline: string): Promise<QuotationRow[]> {
  return q
    .update(quotations)
    .set({
      quoteDeadline: deadline,
      closedAt: null,
      revisionDiscarded: false,
      version: sql`${quotations.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(ofRound(inquiry), inArray(quotations.status, [Q.INVITED, Q.DRAFTING, Q.SUBMITTED])))
    .returning();
}

/**
 * Cancelling the inquiry or awarding it ends every quotation still open: closed, and void unless it
 * was submitted (`keepSubmitted`, the award's case, which settles those itself). Declined ones stay.
 */
export async function voidOpenQuotations(q: Queryable, inquiry: InquiryRow, keepSubmitted: boolean) {
  const open = keepSubmitted ? [Q.INVITED, Q.DRAFTING] : [Q.INVITED, Q.DRAFTING, Q.SUBMITTED];
  await q
    .update(quotations)
    .set({ closedAt: sql`coalesce(${quotations.closedAt}, now())` })
    .where(
      and(eq(quotations.tenantId, inquiry.tenantId), eq(quotations.inquiryId, inquiry.id), isNull(quotations.closedAt)),
    );
  return q
    .update(quotations)
    .set({ status: Q.VOID, version: sql`${quotations.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(quotations.tenantId, inquiry.tenantId),
        eq(quotations.inquiryId, inquiry.id),
        inArray(quotations.status, open),
      ),
    )
    .returning();
}

/** Submitted quotations of earlier rounds lose when the inquiry is awarded on a later round's bids. */
export async function settleEarlierRounds(q: Queryable, inquiry: InquiryRow): Promise<QuotationRow[]> {
  return q
    .update(quotations)
    .set({ status: Q.NOT_AWARDED, version: sql`${quotations.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(quotations.tenantId, inquiry.tenantId),
        eq(quotations.inquiryId, inquiry.id),
        lt(quotations.round, inquiry.round),
        eq(quotations.status, Q.SUBMITTED),
      ),
    )
    .returning();
}

/** The current round's quotations, in the order they were made (the comparison's column order). */
export async function quotationsOfRound(q: Queryable, inquiry: InquiryRow): Promise<QuotationRow[]> {
  return q.select().from(quotations).where(ofRound(inquiry)).orderBy(quotations.createdAt, quotations.id);
}
