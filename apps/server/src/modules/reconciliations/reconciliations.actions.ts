import {
  type DecimalPlaces,
  type DocumentSide,
  OPERATION_TYPE,
  RECONCILIATION_LINE_STATUS,
  RECONCILIATION_STATUS,
  type ReconciliationAction,
  type ReconciliationDetail,
  type reconciliationActionSchema,
  reconciliationMachine,
  reconciliationRole,
  type TextRef,
  text,
} from '@concord/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { RequestContext } from '../../platform/context.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import { actorOf, claimDocument, userNameOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import {
  buyerStatementLink,
  listOf,
  RECONCILIATION_MODULE,
  type StatementRow,
  supplierStatementLink,
} from './reconciliations.common.ts';
import { findStatement, getStatement, placesOfStatement } from './reconciliations.query.ts';
import { releaseReceiptLines, settleTotals, statementLines } from './reconciliations.service.ts';
import { reconciliations as rc, reconciliationLines as rl } from './reconciliations.table.ts';

/* The steps of RECONCILIATION_TRANSITIONS: sending, the counterpart's answer, confirmations, cancelling. */

type ActionBody = z.infer<typeof reconciliationActionSchema>;

const S = RECONCILIATION_STATUS;
const L = RECONCILIATION_LINE_STATUS;

/** The step itself, as the other side's note names it. */
const stepOf = (action: ReconciliationAction, statementNo: string): TextRef =>
  text(`reconciliations.step.${action}`, { statementNo });

/**
 * The counterpart's answer, line by line: agreeing, or disputing with a reason and the quantity and
 * price it holds right. It writes only the dispute columns, never the statement's figures (T-03).
 */
async function answerLines(
  tx: Queryable,
  row: StatementRow,
  answers: NonNullable<ActionBody['lines']>,
  places: DecimalPlaces,
): Promise<TextRef> {
  const byId = new Map(answers.map((a, i) => [a.id, { ...a, i }]));
  if (!byId.size) throw new AppError('VALIDATION_FAILED');
  const lines = await statementLines(tx, row, [...byId.keys()]);
  const values = lines.map((line) => {
    const a = byId.get(line.id)!;
    return a.agree
      ? { id: line.id, status: L.AGREED, reason: null, dq: null, dp: null }
      : {
          id: line.id,
          status: L.DISPUTED,
          reason: a.reason ?? '',
          // An omitted figure is held as the statement has it.
          dq: a.qty === undefined ? line.qty : placedDecimal(a.qty, places.quantity, `lines.${a.i}.qty`),
          dp: a.price === undefined ? line.price : placedDecimal(a.price, places.price, `lines.${a.i}.price`),
        };
  });
  await tx.execute(sql`
    update ${rl} as l set status = v.status,
        dispute_reason = coalesce(v.reason, l.dispute_reason),
        dispute_qty = coalesce(v.dq, l.dispute_qty),
        dispute_price = coalesce(v.dp, l.dispute_price),
        difference_amount = case when v.status = ${L.DISPUTED}
          then trim_scale(round(v.dq * v.dp, ${places.amount}::int) - l.amount) else l.difference_amount end,
        version = l.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id bigint, status int, reason text, dq numeric, dp numeric)
     where l.tenant_id = ${row.tenantId} and l.reconciliation_id = ${row.id} and l.id = v.id`);
  const disputed = lines.filter((l) => !byId.get(l.id)!.agree);
  const counts = {
    statementNo: row.statementNo,
    count: lines.length,
    agreed: lines.length - disputed.length,
    disputed: disputed.length,
  };
  if (!disputed.length) return text('reconciliations.answered', counts);
  return text('reconciliations.answeredWithReasons', {
    ...counts,
    reasons: listOf(
      disputed.map((l) =>
        text('reconciliations.lineReason', { lineNo: l.lineNo, reason: byId.get(l.id)!.reason ?? '' }),
      ),
    ),
  });
}

/** Columns of one side's confirmation: who and when, kept on the statement for both to see. */
const confirmation = (side: DocumentSide, name: string) =>
  side === 'buyer'
    ? { buyerConfirmedAt: sql`now()`, buyerConfirmedBy: name }
    : { supplierConfirmedAt: sql`now()`, supplierConfirmedBy: name };

/**
 * Runs one row of RECONCILIATION_TRANSITIONS. The role (drafter or counterpart) comes from the
 * statement's `drafted_by` and the caller's side; a step of the other role is refused (T-03).
 */
export async function actOnStatement(
  ctx: RequestContext,
  id: string,
  action: ReconciliationAction,
  body: ActionBody,
): Promise<ReconciliationDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = reconciliationMachine.transition(action)!;
  const hit = await findStatement(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (reconciliationRole(hit.side, hit.row.draftedBy) !== t.side) throw new AppError('RECONCILIATION_WRONG_ROLE');
  const row = await claimDocument(
    tx,
    rc,
    hit.row,
    { from: t.from, version: body.version, side: hit.side, me },
    'RECONCILIATION_STATE_CHANGED',
  );
  const where = and(eq(rc.tenantId, row.tenantId), eq(rc.id, id));
  const linesWhere = and(eq(rl.tenantId, row.tenantId), eq(rl.reconciliationId, id));
  let step = stepOf(action, row.statementNo);
  if (action === 'send') {
    // Lines still disputed go back to the counterpart as they stand; their record of the dispute stays.
    await tx
      .update(rl)
      .set({ status: L.OPEN, updatedAt: sql`now()` })
      .where(and(linesWhere, eq(rl.status, L.DISPUTED)));
    await tx.update(rc).set({ status: S.SENT, sentAt: sql`now()` }).where(where);
    await settleTotals(tx, row, await placesOfStatement(tx, row));
  } else if (action === 'answer') {
    step = await answerLines(tx, row, body.lines ?? [], await placesOfStatement(tx, row));
    const [disputed] = await tx
      .select({ n: count() })
      .from(rl)
      .where(and(linesWhere, eq(rl.status, L.DISPUTED)));
    await tx
      .update(rc)
      .set({ status: (disputed?.n ?? 0) > 0 ? S.DISPUTED : S.SENT })
      .where(where);
    await settleTotals(tx, row, await placesOfStatement(tx, row));
  } else if (action === 'confirm') {
    const [disputed] = await tx
      .select({ n: count() })
      .from(rl)
      .where(and(linesWhere, eq(rl.status, L.DISPUTED)));
    if ((disputed?.n ?? 0) > 0) throw new AppError('RECONCILIATION_LINES_DISPUTED');
    // Confirming agrees every line not answered yet.
    await tx
      .update(rl)
      .set({ status: L.AGREED, updatedAt: sql`now()` })
      .where(and(linesWhere, eq(rl.status, L.OPEN)));
    await tx
      .update(rc)
      .set({ status: S.COUNTERPART_CONFIRMED, ...confirmation(hit.side, await userNameOf(tx, auth.userId)) })
      .where(where);
  } else if (action === 'finalize') {
    await tx
      .update(rc)
      .set({ status: S.CONFIRMED, ...confirmation(hit.side, await userNameOf(tx, auth.userId)) })
      .where(where);
  } else {
    await tx.update(rc).set({ status: S.CANCELLED }).where(where);
    await releaseReceiptLines(tx, row);
  }
  const comment = body.comment?.trim();
  const summary = comment ? text('reconciliations.withComment', { text: step, comment }) : step;
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: RECONCILIATION_MODULE,
    targetId: id,
    summary,
  });
  const [after] = await tx.select().from(rc).where(where);
  // A draft being cancelled was never shown to the other side.
  if (action !== 'cancel' || hit.row.status !== S.DRAFT) {
    const told = action === 'answer' || comment ? summary : undefined;
    tellOtherSide(ctx, hit.side, after!, stepOf(action, row.statementNo), told);
  }
  return getStatement(ctx, id);
}

/** Registered after the commit: the other side hears of a step only once it is really done. */
function tellOtherSide(
  ctx: RequestContext,
  side: DocumentSide,
  row: StatementRow,
  step: TextRef,
  said: TextRef | undefined,
): void {
  ctx.afterCommit(async () => {
    const title = text('reconciliations.partyStep', { party: await nameOf(ctx.tell.db, ctx.tenantId), step });
    const content =
      said ??
      text('reconciliations.period', {
        statementNo: row.statementNo,
        periodFrom: row.periodFrom,
        periodTo: row.periodTo,
      });
    await tellParty(ctx.tell, 'delivery', [
      side === 'buyer'
        ? { tenantId: row.supplierTenantId, title, content, link: supplierStatementLink(row.id) }
        : { tenantId: row.tenantId, userId: row.ownerId, title, content, link: buyerStatementLink(row.id) },
    ]);
  });
}
