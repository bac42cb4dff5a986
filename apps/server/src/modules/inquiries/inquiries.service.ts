import {
  INQUIRY_EDITABLE_STATUSES,
  INQUIRY_STATUS,
  type InquiryCreated,
  type inquiryCreateSchema,
  type inquiryUpdateSchema,
  OPERATION_TYPE,
  text,
} from '@concord/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, nextDocumentNumber, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { checkSupplier } from '../purchase-orders/purchase-orders.service.ts';
import type { Invitee } from '../quotations/quotations.rounds.ts';
import { findInquiry, INQUIRY_MODULE, INQUIRY_PERMISSION } from './inquiries.common.ts';
import { replaceLines, resolveLines } from './inquiries.lines.ts';
import { inquiries, inquiryLines } from './inquiries.table.ts';

type CreateInput = z.infer<typeof inquiryCreateSchema>;
type UpdateInput = z.infer<typeof inquiryUpdateSchema>;

/* The buyer's draft: create, edit, delete. The steps after it are in inquiries.actions.ts. */

/**
 * The suppliers an inquiry may invite, each once: ones the caller may see in its archive and that are
 * neither stopped nor blacklisted (SUPPLIER_BLOCKED). Joined ones quote themselves; the others are off
 * the network and the buyer records their quotes.
 */
export async function checkInvitees(ctx: RequestContext, supplierIds: readonly string[]): Promise<Invitee[]> {
  const invitees: Invitee[] = [];
  for (const id of new Set(supplierIds)) {
    const s = await checkSupplier(ctx, id, false);
    invitees.push({ supplierId: s.id, supplierTenantId: s.supplierTenantId });
  }
  return invitees;
}

/** The header fields a create or an edit writes. */
async function draftFields(ctx: RequestContext, input: CreateInput) {
  const invitees = await checkInvitees(ctx, input.supplierIds);
  const places = await getDecimalPlaces(ctx.tx, ctx.tenantId);
  const lines = await resolveLines(ctx.tx, ctx.tenantId, input.lines, places);
  const fields = {
    title: input.title,
    quoteDeadline: input.quoteDeadline,
    sealed: input.sealed,
    currency: input.currency,
    taxIncluded: input.taxIncluded,
    paymentTerms: input.paymentTerms,
    deliveryAddress: input.deliveryAddress,
    remarks: input.remarks,
    attachments: input.attachments,
    supplierIds: invitees.map((i) => i.supplierId),
    decimalPlaces: places,
    lineCount: lines.length,
  };
  return { fields, lines };
}

export async function createInquiry(ctx: RequestContext, input: CreateInput): Promise<InquiryCreated> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [INQUIRY_PERMISSION]);
  return idempotent(tx, ctx.idem, async () => {
    const { fields, lines } = await draftFields(ctx, input);
    const id = newId();
    const inquiryNo = await nextDocumentNumber(tx, {
      prefix: 'RQ',
      table: inquiries,
      column: inquiries.inquiryNo,
      owner: me,
    });
    await tx.insert(inquiries).values({
      tenantId: me,
      id,
      inquiryNo,
      status: INQUIRY_STATUS.DRAFT,
      ownerId: auth.userId,
      deptId: auth.deptId,
      ...fields,
    });
    await replaceLines(tx, { tenantId: me, id }, lines);
    await attachFiles(tx, auth.userId, { table: inquiries, id, ownerTenantId: me }, input.attachments);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: INQUIRY_MODULE,
      targetId: id,
      summary: text('inquiries.created', { inquiryNo, count: lines.length }),
    });
    return { id, inquiryNo, status: INQUIRY_STATUS.DRAFT, version: 1 };
  });
}

/** The draft of an edit or a delete: the caller's, and still a draft. */
async function editableDraft(ctx: RequestContext, id: string) {
  const row = await findInquiry(ctx.tx, ctx.auth, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (!INQUIRY_EDITABLE_STATUSES.includes(row.status as never)) throw new AppError('INQUIRY_NOT_EDITABLE');
  return row;
}

/** Moves the draft's version on, only from the version the editor read and only while a draft. */
async function claimDraft(
  ctx: RequestContext,
  id: string,
  version: number,
  set: Partial<typeof inquiries.$inferInsert>,
) {
  const [moved] = await ctx.tx
    .update(inquiries)
    .set({ ...set, version: sql`${inquiries.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(inquiries.tenantId, ctx.tenantId),
        eq(inquiries.id, id),
        eq(inquiries.version, version),
        inArray(inquiries.status, [...INQUIRY_EDITABLE_STATUSES]),
      ),
    )
    .returning({ id: inquiries.id });
  if (!moved) throw new AppError('CONFLICT');
}

export async function updateInquiry(ctx: RequestContext, id: string, input: UpdateInput): Promise<void> {
  const { tx, auth, tenantId: me } = ctx;
  const row = await editableDraft(ctx, id);
  const { fields, lines } = await draftFields(ctx, input);
  await claimDraft(ctx, id, input.version, fields);
  await replaceLines(tx, { tenantId: me, id }, lines);
  await attachFiles(tx, auth.userId, { table: inquiries, id, ownerTenantId: me }, input.attachments);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: INQUIRY_MODULE,
    targetId: id,
    summary: text('inquiries.edited', { inquiryNo: row.inquiryNo, count: lines.length }),
  });
}

/** A draft was never shown to a supplier: deleting it removes it and its lines. */
export async function deleteInquiry(ctx: RequestContext, id: string): Promise<void> {
  const { tx, auth, tenantId: me } = ctx;
  const row = await editableDraft(ctx, id);
  const [gone] = await tx
    .delete(inquiries)
    .where(
      and(eq(inquiries.tenantId, me), eq(inquiries.id, id), inArray(inquiries.status, [...INQUIRY_EDITABLE_STATUSES])),
    )
    .returning({ id: inquiries.id });
  if (!gone) throw new AppError('INQUIRY_NOT_EDITABLE');
  await tx.delete(inquiryLines).where(and(eq(inquiryLines.tenantId, me), eq(inquiryLines.inquiryId, id)));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.DELETE,
    module: INQUIRY_MODULE,
    targetId: id,
    summary: text('inquiries.deleted', { inquiryNo: row.inquiryNo }),
  });
}
