import {
  INQUIRY_STATUS,
  OPERATION_TYPE,
  QUOTATION_EDITABLE_STATUSES,
  QUOTATION_STATUS,
  type QuotationAction,
  type QuotationDetail,
  type QuotationSide,
  type quotationActionSchema,
  quotationMachine,
  type quotationUpdateSchema,
  type TextRef,
  text,
} from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, claimDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import type { TellDeps } from '../../platform/services.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { inquiries } from '../inquiries/inquiries.table.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { placeBids, recordBids, revealBids, saveWorkingBids, submitWorkingBids } from './quotations.bids.ts';
import {
  buyerQuotationLink,
  findQuotation,
  QUOTATION_MODULE,
  type QuotationRow,
  SUPPLIER_PERMISSION,
} from './quotations.common.ts';
import { getQuotation } from './quotations.query.ts';
import { quotations } from './quotations.table.ts';

/* The supplier's bids (PUT) and the steps of QUOTATION_TRANSITIONS: submit, revise, decline, and the buyer's record. */

type UpdateBody = z.infer<typeof quotationUpdateSchema>;
type ActionBody = z.infer<typeof quotationActionSchema>;

const Q = QUOTATION_STATUS;

const claimQuotation = (
  tx: Queryable,
  row: QuotationRow,
  from: readonly number[],
  version: number | undefined,
  side: QuotationSide,
  me: string,
) => claimDocument(tx, quotations, row, { from, version, side, me }, 'QUOTATION_STATE_CHANGED');

/**
 * The supplier may still change its quotation (and the buyer record one off the network): not closed,
 * and its deadline not passed by the database's clock. Asked right after the claim, which holds the row: a close waits for this step, or
 * this step sees the close that came first; a submit one second late is refused, always.
 */
async function assertQuoting(tx: Queryable, row: QuotationRow): Promise<void> {
  const [open] = await tx
    .select({ open: sql<boolean>`${quotations.closedAt} is null and ${quotations.quoteDeadline} > now()` })
    .from(quotations)
    .where(and(eq(quotations.tenantId, row.tenantId), eq(quotations.id, row.id)));
  if (!open?.open) throw new AppError('QUOTATION_DEADLINE_PASSED');
}

async function setQuotation(tx: Queryable, row: QuotationRow, set: PgUpdateSetSource<typeof quotations>) {
  await tx
    .update(quotations)
    .set(set)
    .where(and(eq(quotations.tenantId, row.tenantId), eq(quotations.id, row.id)));
}

/** The supplier's quotation, found on the supplier's side: the buyer never writes bids (T-03). */
async function supplierQuotation(ctx: RequestContext, id: string) {
  const hit = await findQuotation(ctx.tx, ctx.auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== 'supplier') throw new AppError('QUOTATION_WRONG_SIDE');
  requireAny(ctx.auth, [SUPPLIER_PERMISSION]);
  return hit.row;
}

/** `PUT /:id`: the supplier saves bids (a draft may leave lines open) while quoting is open. */
export async function saveBids(ctx: RequestContext, id: string, body: UpdateBody): Promise<QuotationDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const row = await supplierQuotation(ctx, id);
  const bids = await placeBids(tx, row, body.lines);
  const claimed = await claimQuotation(tx, row, QUOTATION_EDITABLE_STATUSES, body.version, 'supplier', me);
  await assertQuoting(tx, claimed);
  await saveWorkingBids(tx, claimed, me, bids);
  await setQuotation(tx, claimed, { status: Q.DRAFTING, remark: body.remark });
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: QUOTATION_MODULE,
    targetId: id,
    summary: text('quotations.saved', { inquiryNo: row.inquiryNo, count: bids.length }),
  });
  return getQuotation(ctx, id);
}

/**
 * Runs one row of QUOTATION_TRANSITIONS. The supplier's submit (with bids in the body, saved first)
 * needs every line priced or no-bid; on an unsealed inquiry it shows the bid to the buyer at once.
 * The buyer records the whole quote of a supplier off the network while the round is not yet opened.
 */
export async function actOnQuotation(
  ctx: RequestContext,
  id: string,
  action: QuotationAction,
  body: ActionBody,
): Promise<QuotationDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = quotationMachine.transition(action)!;
  const hit = await findQuotation(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== t.side) throw new AppError('QUOTATION_WRONG_SIDE');
  requireAny(auth, [t.permission!]);
  const row = hit.row;
  const bids = await placeBids(tx, row, body.lines ?? []);
  const reason = body.reason?.trim() ?? '';
  if (action === 'decline' && !reason) throw new AppError('QUOTATION_REASON_REQUIRED');
  if (action === 'record') {
    if (!row.offline) throw new AppError('QUOTATION_NOT_OFFLINE');
    const [inquiry] = await tx
      .select({ status: inquiries.status, round: inquiries.round })
      .from(inquiries)
      .where(and(eq(inquiries.tenantId, me), eq(inquiries.id, row.inquiryId)));
    // Recorded as the supplier would have quoted: while the round is open, before its deadline.
    if (inquiry?.status !== INQUIRY_STATUS.PUBLISHED || inquiry.round !== row.round)
      throw new AppError('INQUIRY_STATE_CHANGED');
  }
  const claimed = await claimQuotation(tx, row, t.from, body.version, t.side as QuotationSide, me);
  await assertQuoting(tx, claimed);
  const remark = body.remark === undefined ? {} : { remark: body.remark };

  if (action === 'submit') {
    await saveWorkingBids(tx, claimed, me, bids);
    await submitWorkingBids(tx, claimed, me);
    await setQuotation(tx, claimed, {
      status: Q.SUBMITTED,
      submittedAt: sql`now()`,
      revisionDiscarded: false,
      ...remark,
      ...(claimed.sealed ? {} : { revealedAt: sql`now()` }),
    });
    if (!claimed.sealed) await revealBids(tx, me, me, claimed.tenantId, [id]);
  } else if (action === 'revise') {
    await setQuotation(tx, claimed, { status: Q.DRAFTING });
  } else if (action === 'decline') {
    await setQuotation(tx, claimed, { status: Q.DECLINED, declinedAt: sql`now()`, declineReason: reason });
  } else {
    // Shown at once (issue 21): the buyer typed the figures itself; who recorded it is kept.
    await recordBids(tx, claimed, bids);
    const attachments = body.attachments ?? [];
    await setQuotation(tx, claimed, {
      status: Q.SUBMITTED,
      submittedAt: sql`now()`,
      recordedBy: auth.userId,
      recordedAt: sql`now()`,
      recordAttachments: attachments,
      revealedAt: sql`now()`,
      ...remark,
    });
    await attachFiles(tx, auth.userId, { table: quotations, id, ownerTenantId: me }, attachments);
  }

  const base = text(`quotations.step.${action}`, {
    inquiryNo: row.inquiryNo,
    ...(action === 'record' ? { supCode: await supCodeOf(tx, row) } : {}),
  });
  const step = reason ? text('quotations.withReason', { text: base, reason }) : base;
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: QUOTATION_MODULE,
    targetId: id,
    summary: step,
  });
  if (t.side === 'supplier' && action !== 'revise') ctx.afterCommit(() => tellBuyer(ctx.tell, me, row, step));
  return getQuotation(ctx, id);
}

async function supCodeOf(tx: Queryable, row: QuotationRow): Promise<string> {
  const [s] = await tx
    .select({ supCode: suppliers.supCode })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, row.tenantId), eq(suppliers.id, row.supplierId)));
  return s?.supCode ?? '';
}

/** The buyer's owner of the inquiry learns of a submit or a decline (never of a figure). */
async function tellBuyer(deps: TellDeps, supplierTenantId: string, row: QuotationRow, step: TextRef): Promise<void> {
  const party = await nameOf(deps.db, supplierTenantId);
  await tellParty(deps, 'order', [
    {
      tenantId: row.tenantId,
      userId: row.ownerId,
      title: text('quotations.partyStep', { party, step }),
      link: buyerQuotationLink(row.inquiryId),
    },
  ]);
}
