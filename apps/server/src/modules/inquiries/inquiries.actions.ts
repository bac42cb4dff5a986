import {
  awardProblem,
  compareDecimals,
  INQUIRY_MIN_DEADLINE_HOURS,
  INQUIRY_STATUS,
  type InquiryAction,
  type InquiryDetail,
  type inquiryActionSchema,
  inquiryMachine,
  OPERATION_TYPE,
  priceAtQuantity,
  QUOTATION_STATUS,
  sumDecimals,
  type TextRef,
  text,
} from '@concord/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, claimDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { publishAwardPrices } from '../material-prices/material-prices.service.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { revealBids } from '../quotations/quotations.bids.ts';
import {
  inviteSuppliers,
  quotationsOfRound,
  reopenQuotations,
  settleEarlierRounds,
  voidOpenQuotations,
} from '../quotations/quotations.rounds.ts';
import { quotationLines, quotations } from '../quotations/quotations.table.ts';
import { closeRound, scheduleClose, setInquiry } from './inquiries.close.ts';
import { findInquiry, INQUIRY_MODULE, type InquiryRow } from './inquiries.common.ts';
import { buildComparison } from './inquiries.comparison.ts';
import { type Notes, partyStep, tellSuppliers } from './inquiries.notify.ts';
import { getInquiry } from './inquiries.query.ts';
import { checkInvitees } from './inquiries.service.ts';
import { inquiries, inquiryLines } from './inquiries.table.ts';

/* The steps of INQUIRY_TRANSITIONS: publish, extend, close (and the job's expire), open, new round, award, cancel. */

type ActionBody = z.infer<typeof inquiryActionSchema>;

const S = INQUIRY_STATUS;
const Q = QUOTATION_STATUS;

/** The kernel's claim names the supplier column only on a supplier's step; every inquiry step is the buyer's. */
const claimable = inquiries as typeof inquiries & { supplierTenantId: PgColumn };

export const claimInquiry = (tx: Queryable, row: InquiryRow, from: readonly number[], version: number | undefined) =>
  claimDocument(tx, claimable, row, { from, version, side: 'buyer', me: row.tenantId }, 'INQUIRY_STATE_CHANGED');

/** A deadline at least an hour ahead, by the database's clock (never the server's). */
async function assertDeadlineAhead(tx: Queryable, deadline: string): Promise<void> {
  const { rows } = await tx.execute<{ ok: boolean }>(
    sql`select ${deadline}::timestamptz >= now() + make_interval(hours => ${INQUIRY_MIN_DEADLINE_HOURS}) as ok`,
  );
  if (!rows[0]?.ok) throw new AppError('INQUIRY_DEADLINE_TOO_SOON', { hours: INQUIRY_MIN_DEADLINE_HOURS });
}

/** Copies every submitted, still sealed bid of the round into the comparison, one statement per supplier. */
async function openBids(ctx: RequestContext, row: InquiryRow): Promise<void> {
  const round = await quotationsOfRound(ctx.tx, row);
  const sealed = round.filter((q) => q.status === Q.SUBMITTED && !q.revealedAt);
  // A quote recorded by the buyer for a supplier off the network waits in the buyer's own tenant.
  const bySupplier = new Map<string, string[]>();
  for (const q of sealed) {
    const holder = q.supplierTenantId ?? ctx.tenantId;
    bySupplier.set(holder, [...(bySupplier.get(holder) ?? []), q.id]);
  }
  for (const [supplier, ids] of bySupplier) await revealBids(ctx.tx, ctx.tenantId, supplier, ctx.tenantId, ids);
  if (sealed.length) {
    await ctx.tx
      .update(quotations)
      .set({ revealedAt: sql`now()` })
      .where(
        and(
          eq(quotations.tenantId, ctx.tenantId),
          inArray(
            quotations.id,
            sealed.map((q) => q.id),
          ),
        ),
      );
  }
}

/**
 * Writes an award: each allocation at the price the supplier quoted for the allocated quantity (its
 * price break), the lines' awarded totals and reasons, and each quotation's outcome. Returns the
 * quotations by outcome and how many lines got a quantity.
 */
async function writeAward(ctx: RequestContext, row: InquiryRow, awards: NonNullable<ActionBody['awards']>) {
  const { tx, tenantId: me } = ctx;
  const comparison = await buildComparison(tx, row);
  const problem = awardProblem(comparison.weighed, awards, row.decimalPlaces.quantity);
  if (problem) {
    const { code, ...params } = problem;
    throw new AppError(code, params as Record<string, string | number>);
  }
  // Quantities by quotation and line: a line named twice, or a quotation twice on a line, adds up.
  const given = new Map<string, string[]>();
  for (const a of awards) {
    for (const al of a.allocations) {
      const key = `${al.quotationId}:${a.lineId}`;
      given.set(key, [...(given.get(key) ?? []), al.qty]);
    }
  }
  const reasons = new Map<string, string>();
  for (const a of awards) if (a.reason) reasons.set(a.lineId, a.reason);
  const allocations: { quotation_id: string; line_id: string; qty: string; price: string }[] = [];
  const lineTotals = new Map<string, string[]>();
  const outcome = new Map<string, { priced: number; full: number; any: number }>();
  for (const line of comparison.lines) {
    for (const cell of line.cells) {
      const o = outcome.get(cell.quotationId) ?? { priced: 0, full: 0, any: 0 };
      if (cell.unitPrice === null) {
        outcome.set(cell.quotationId, o);
        continue;
      }
      o.priced++;
      const g = given.get(`${cell.quotationId}:${line.lineId}`);
      if (g) {
        const qty = sumDecimals(g, row.decimalPlaces.quantity);
        const price = priceAtQuantity(cell.unitPrice, cell.priceBreaks, qty).price;
        allocations.push({ quotation_id: cell.quotationId, line_id: line.lineId, qty, price });
        lineTotals.set(line.lineId, [...(lineTotals.get(line.lineId) ?? []), qty]);
        o.any++;
        if (compareDecimals(qty, line.qty) >= 0) o.full++;
      }
      outcome.set(cell.quotationId, o);
    }
  }
  await tx.execute(sql`
    update ${quotationLines} l set award_qty = v.qty, award_price = v.price, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(allocations)}::jsonb)
           as v(quotation_id bigint, line_id bigint, qty numeric, price numeric)
     where l.tenant_id = ${me} and l.quotation_id = v.quotation_id and l.inquiry_line_id = v.line_id`);
  const lineRows = comparison.lines
    .filter((l) => lineTotals.has(l.lineId) || reasons.has(l.lineId))
    .map((l) => ({
      id: l.lineId,
      qty: sumDecimals(lineTotals.get(l.lineId) ?? [], row.decimalPlaces.quantity),
      reason: reasons.get(l.lineId) ?? '',
    }));
  await tx.execute(sql`
    update ${inquiryLines} l set awarded_qty = v.qty, award_reason = v.reason, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as v(id bigint, qty numeric, reason text)
     where l.tenant_id = ${me} and l.inquiry_id = ${row.id} and l.id = v.id`);
  const statusOf = (o: { priced: number; full: number; any: number }) =>
    o.any === 0 ? Q.NOT_AWARDED : o.full === o.priced ? Q.AWARDED : Q.PARTLY_AWARDED;
  const settled = comparison.columns
    .filter((c) => c.status === Q.SUBMITTED)
    .map((c) => ({ id: c.quotationId, status: statusOf(outcome.get(c.quotationId)!) }));
  const moved = settled.length
    ? ((
        await tx.execute(sql`
          update ${quotations} q set status = v.status, version = q.version + 1, updated_at = now()
            from jsonb_to_recordset(${JSON.stringify(settled)}::jsonb) as v(id bigint, status int)
           where q.tenant_id = ${me} and q.id = v.id
          returning q.id::text as id, q.supplier_tenant_id::text as supplier_tenant_id, q.status`)
      ).rows as { id: string; supplier_tenant_id: string | null; status: number }[])
    : [];
  return { moved, awardedLines: lineTotals.size };
}

/**
 * Runs one row of INQUIRY_TRANSITIONS for the buyer. Bad input (no supplier, a deadline too soon or
 * not later, an invalid award) is refused before anything is written, and the whole step is one
 * transaction: a refusal leaves nothing changed.
 */
export async function actOnInquiry(
  ctx: RequestContext,
  id: string,
  action: InquiryAction,
  body: ActionBody,
): Promise<InquiryDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = inquiryMachine.transition(action)!;
  const row = await findInquiry(tx, auth, id);
  if (!row) throw new AppError('NOT_FOUND');
  requireAny(auth, [t.permission!]);
  if (t.needsPrices && !auth.showPrice) throw new AppError('INQUIRY_PRICES_HIDDEN');
  let step: TextRef = text(`inquiries.step.${action}`, { inquiryNo: row.inquiryNo });
  const notes: Notes[] = [];

  if (action === 'publish') {
    const invitees = await checkInvitees(ctx, row.supplierIds);
    if (!invitees.length) throw new AppError('INQUIRY_NO_SUPPLIERS');
    if (!row.quoteDeadline) throw new AppError('INQUIRY_DEADLINE_REQUIRED');
    await claimInquiry(tx, row, t.from, body.version);
    await assertDeadlineAhead(tx, row.quoteDeadline);
    const after = await setInquiry(tx, row, { status: S.PUBLISHED, publishedAt: sql`now()` });
    const invited = await inviteSuppliers(tx, after, invitees, row.quoteDeadline);
    await scheduleClose(tx, after);
    step = text('inquiries.step.publish', { inquiryNo: row.inquiryNo, count: invited.length });
    notes.push({
      quotations: invited,
      title: (party) => text('inquiries.invitedTitle', { party, inquiryNo: row.inquiryNo, title: row.title }),
      content: text('inquiries.invitedBody', { count: row.lineCount }),
    });
  } else if (action === 'extend') {
    if (!body.deadline) throw new AppError('INQUIRY_DEADLINE_REQUIRED');
    await claimInquiry(tx, row, t.from, body.version);
    const { rows } = await tx.execute<{ later: boolean }>(
      sql`select ${body.deadline}::timestamptz > ${row.quoteDeadline}::timestamptz as later`,
    );
    if (!rows[0]?.later) throw new AppError('INQUIRY_DEADLINE_NOT_LATER');
    await assertDeadlineAhead(tx, body.deadline);
    const after = await setInquiry(tx, row, { status: S.PUBLISHED, quoteDeadline: body.deadline, closedAt: null });
    const reopened = await reopenQuotations(tx, after, body.deadline);
    await scheduleClose(tx, after);
    notes.push({ quotations: reopened, title: partyStep(step) });
  } else if (action === 'close') {
    await claimInquiry(tx, row, t.from, body.version);
    notes.push(...(await closeRound(tx, row, actorOf(auth), true)));
  } else if (action === 'open') {
    await claimInquiry(tx, row, t.from, body.version);
    await openBids(ctx, row);
    await setInquiry(tx, row, { status: S.OPENED, openedAt: sql`now()`, openedBy: auth.userId });
  } else if (action === 'new-round') {
    if (!body.deadline) throw new AppError('INQUIRY_DEADLINE_REQUIRED');
    const invitees = await checkInvitees(ctx, body.supplierIds ?? []);
    if (!invitees.length) throw new AppError('INQUIRY_NO_SUPPLIERS');
    await claimInquiry(tx, row, t.from, body.version);
    await assertDeadlineAhead(tx, body.deadline);
    const after = await setInquiry(tx, row, {
      status: S.PUBLISHED,
      round: row.round + 1,
      quoteDeadline: body.deadline,
      supplierIds: invitees.map((i) => i.supplierId),
      closedAt: null,
      openedAt: null,
      openedBy: null,
    });
    const invited = await inviteSuppliers(tx, after, invitees, body.deadline);
    await scheduleClose(tx, after);
    step = text('inquiries.step.new-round', { inquiryNo: row.inquiryNo, round: after.round, count: invited.length });
    notes.push({
      quotations: invited,
      title: (party) => text('inquiries.invitedTitle', { party, inquiryNo: row.inquiryNo, title: row.title }),
      content: text('inquiries.invitedBody', { count: row.lineCount }),
    });
  } else if (action === 'award') {
    await claimInquiry(tx, row, t.from, body.version);
    const { moved, awardedLines } = await writeAward(ctx, row, body.awards ?? []);
    await publishAwardPrices(tx, row);
    await voidOpenQuotations(tx, row, true);
    const earlier = await settleEarlierRounds(tx, row);
    await setInquiry(tx, row, { status: S.AWARDED, awardedAt: sql`now()`, awardedBy: auth.userId });
    step = text('inquiries.step.award', { inquiryNo: row.inquiryNo, count: awardedLines });
    const won = moved.filter((q) => q.status !== Q.NOT_AWARDED).map((q) => q.id);
    const byId = new Map((await quotationsOfRound(tx, row)).map((q) => [q.id, q]));
    const winners = won.map((qid) => byId.get(qid)!);
    const losers = [...moved.filter((q) => q.status === Q.NOT_AWARDED).map((q) => byId.get(q.id)!), ...earlier];
    // Each supplier learns its own outcome only: not how many lines went elsewhere, nor to whom.
    const result = (party: string) => text('inquiries.resultTitle', { party, inquiryNo: row.inquiryNo });
    notes.push(
      { quotations: winners, title: result, content: text('inquiries.awardedBody') },
      { quotations: losers, title: result, content: text('inquiries.notAwardedBody') },
    );
  } else {
    const reason = body.reason?.trim();
    if (!reason) throw new AppError('INQUIRY_REASON_REQUIRED');
    await claimInquiry(tx, row, t.from, body.version);
    const voided = await voidOpenQuotations(tx, row, false);
    await setInquiry(tx, row, { status: S.CANCELLED, cancelReason: reason });
    step = text('inquiries.withReason', { text: step, reason });
    notes.push({ quotations: voided, title: partyStep(step) });
  }

  if (action !== 'close') {
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: INQUIRY_MODULE,
      targetId: id,
      summary: step,
    });
  }
  ctx.afterCommit(() => tellSuppliers(ctx.tell, me, notes));
  return getInquiry(ctx, id);
}
