import {
  CONTRACT_STATUS,
  type ContractAction,
  type ContractDetail,
  type contractActionSchema,
  contractMachine,
  OPERATION_TYPE,
  type TextRef,
  text,
} from '@concord/shared';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf, claimDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import type { TellDeps } from '../../platform/services.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { publishContractPrices, withdrawContractPrices } from '../material-prices/material-prices.service.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';
import {
  buyerContractLink,
  CONTRACT_MODULE,
  type ContractRow,
  findContract,
  supplierContractLink,
} from './contracts.common.ts';
import { getContract } from './contracts.query.ts';
import { contracts as c, contractLines as cl } from './contracts.table.ts';

/* The steps of CONTRACT_TRANSITIONS taken by people: send, sign, return, countersign, terminate, cancel. */

type ActionBody = z.infer<typeof contractActionSchema>;

const S = CONTRACT_STATUS;

/** The step itself, as the log and the other side's note name it. */
export const stepOf = (action: ContractAction | 'expire', row: Pick<ContractRow, 'contractNo' | 'validTo'>): TextRef =>
  action === 'expire'
    ? text('contracts.step.expire', { contractNo: row.contractNo, validTo: row.validTo })
    : text(`contracts.step.${action}`, { contractNo: row.contractNo });

/**
 * The send step's own writes, on a contract already claimed (or just created): the supplier must be
 * on the platform and every line priced; the supplier's enterprise is stamped on the header and lines.
 */
export async function sendContract(ctx: RequestContext, row: ContractRow): Promise<ContractRow> {
  const { tx, tenantId: me } = ctx;
  const s = await assertSupplierAddressable(tx, me, row.supplierId);
  if (!s.supplierTenantId) throw new AppError('CONTRACT_SUPPLIER_NOT_JOINED', { name: s.supName });
  const [unpriced] = await tx
    .select({ lineNo: cl.lineNo, prdtNo: cl.prdtNo })
    .from(cl)
    .where(and(eq(cl.tenantId, me), eq(cl.contractId, row.id), or(sql`${cl.price} is null`, eq(cl.price, '0'))))
    .orderBy(asc(cl.lineNo))
    .limit(1);
  if (unpriced) throw new AppError('CONTRACT_LINE_WITHOUT_PRICE', unpriced);
  const [sent] = await tx
    .update(c)
    .set({ status: S.SENT, supplierTenantId: s.supplierTenantId, sentAt: sql`now()` })
    .where(and(eq(c.tenantId, me), eq(c.id, row.id)))
    .returning();
  await tx
    .update(cl)
    .set({ supplierTenantId: s.supplierTenantId })
    .where(and(eq(cl.tenantId, me), eq(cl.contractId, row.id)));
  return sent!;
}

export async function tellSent(deps: TellDeps, buyerTenantId: string, row: ContractRow): Promise<void> {
  if (!row.supplierTenantId) return;
  await tellParty(deps, 'contract', [
    {
      tenantId: row.supplierTenantId,
      title: text('contracts.partyStep', { party: await nameOf(deps.db, buyerTenantId), step: stepOf('send', row) }),
      content: text('contracts.sentBody', { count: row.lineCount, validFrom: row.validFrom, validTo: row.validTo }),
      link: supplierContractLink(row.id),
    },
  ]);
}

/** The fields each step writes besides its status. */
function fieldsOf(action: ContractAction, reason: string): PgUpdateSetSource<typeof c> {
  const now = sql`now()`;
  if (action === 'sign') return { signedAt: now };
  if (action === 'return') return { returnReason: reason };
  if (action === 'countersign') return { countersignedAt: now };
  if (action === 'terminate') return { terminateReason: reason, endedAt: now };
  return { endedAt: now };
}

/**
 * Runs one row of CONTRACT_TRANSITIONS. The claim compares the version the caller read, so a
 * signature is never put under terms changed since (409).
 */
export async function actOnContract(
  ctx: RequestContext,
  id: string,
  action: ContractAction,
  body: ActionBody,
): Promise<ContractDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = contractMachine.transition(action)!;
  const hit = await findContract(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side !== t.side)
    throw new AppError(t.side === 'supplier' ? 'CONTRACT_SUPPLIER_SIGNS' : 'CONTRACT_WRONG_SIDE');
  requireAny(auth, [t.permission!]);
  const reason = body.reason?.trim() ?? '';
  if (t.reason && !reason) throw new AppError('CONTRACT_REASON_REQUIRED');
  const scans = body.attachments ?? [];
  if (scans.length && action !== 'sign' && action !== 'countersign') throw new AppError('VALIDATION_FAILED');
  const claim = { from: t.from, version: body.version, side: hit.side, me };
  let row = await claimDocument(tx, c, hit.row, claim, 'CONTRACT_STATE_CHANGED').catch((err: unknown) => {
    const signing = action === 'sign' || action === 'countersign';
    throw signing && err instanceof AppError && err.errorCode === 'CONFLICT'
      ? new AppError('CONTRACT_CHANGED_SINCE_READ', { contractNo: hit.row.contractNo })
      : err;
  });
  if (action === 'send') {
    row = await sendContract(ctx, row);
  } else {
    [row] = await tx
      .update(c)
      .set({
        status: t.to,
        ...fieldsOf(action, reason),
        ...(scans.length ? { attachments: [...row.attachments, ...scans] } : {}),
      })
      .where(and(eq(c.tenantId, row.tenantId), eq(c.id, id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
  }
  if (scans.length) {
    const doc = { table: c, id, ownerTenantId: row.tenantId, partnerTenantId: row.supplierTenantId };
    await attachFiles(tx, auth.userId, doc, scans);
  }
  if (action === 'countersign') await publishContractPrices(tx, row);
  if (action === 'terminate') await withdrawContractPrices(tx, row);
  const step = stepOf(action, row);
  const summary = reason ? text('contracts.withReason', { text: step, reason }) : step;
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: CONTRACT_MODULE,
    targetId: id,
    summary,
  });
  const before = hit.row;
  const after = row;
  ctx.afterCommit(() => tellOtherSide(ctx.tell, me, action, { before, after, summary }));
  return getContract(ctx, id);
}

async function tellOtherSide(
  deps: TellDeps,
  me: string,
  action: ContractAction,
  o: { before: ContractRow; after: ContractRow; summary: TextRef },
): Promise<void> {
  const { before, after, summary } = o;
  if (action === 'send') return tellSent(deps, after.tenantId, after);
  const title = text('contracts.partyStep', { party: await nameOf(deps.db, me), step: stepOf(action, after) });
  if (contractMachine.transition(action)!.side === 'supplier') {
    await tellParty(deps, 'contract', [
      { tenantId: after.tenantId, userId: after.ownerId, title, content: summary, link: buyerContractLink(after.id) },
    ]);
    return;
  }
  // A draft being cancelled was never shown to the supplier.
  if (!after.supplierTenantId || before.status === S.DRAFT) return;
  await tellParty(deps, 'contract', [
    { tenantId: after.supplierTenantId, title, content: summary, link: supplierContractLink(after.id) },
  ]);
}
