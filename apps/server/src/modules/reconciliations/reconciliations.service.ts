import {
  type DecimalPlaces,
  type DocumentSide,
  OPERATION_TYPE,
  RECONCILIATION_EDITABLE_STATUSES,
  RECONCILIATION_LINE_STATUS,
  RECONCILIATION_STATUS,
  type ReconcilableLine,
  type ReconciliationCreated,
  type ReconciliationDetail,
  type ReconciliationPartner,
  type ReconciliationStatus,
  type reconcilableLineQuerySchema,
  type reconciliationCreateSchema,
  reconciliationRole,
  type reconciliationUpdateSchema,
  type TextRef,
  text,
} from '@concord/shared';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { actorOf, claimDocument, nextDocumentNumber, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { receiptLines as rcl, receipts } from '../receipts/receipts.table.ts';
import { archiveScope, joinedSuppliers } from '../suppliers/suppliers.scope.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { listOf, permissionOf, RECONCILIATION_MODULE, type StatementRow } from './reconciliations.common.ts';
import { findStatement, getStatement, placesOfOrders, placesOfStatement } from './reconciliations.query.ts';
import { reconciliations as rc, reconciliationLines as rl } from './reconciliations.table.ts';

/* Drafting statements: partners and reconcilable receipt lines, creating, and the drafter's edits. Steps are in reconciliations.actions.ts. */

type PartnerQuery = z.infer<typeof reconcilableLineQuerySchema>;
type CreateInput = z.infer<typeof reconciliationCreateSchema>;
type UpdateInput = z.infer<typeof reconciliationUpdateSchema>;

const S = RECONCILIATION_STATUS;
const L = RECONCILIATION_LINE_STATUS;
const CHUNK = 500;

// ---------------------------------------------------------------------------------------------
// Partners and reconcilable receipt lines

/** Both enterprises of a statement and the buyer's supplier archive row that links them. */
interface Partner {
  buyerTenantId: string;
  supplierTenantId: string;
  supplierId: string;
  /** The buyer-side owner a supplier-drafted statement gets: whoever owns the supplier archive row. */
  ownerId: string | null;
  deptId: string | null;
}

/**
 * The partner the caller names, within its data scope: the buyer one of its suppliers on the
 * platform, the supplier one of its customers. Anything else is not found (T-01).
 */
async function resolvePartner(
  q: Queryable,
  auth: MemberAuth,
  input: Pick<PartnerQuery, 'side' | 'supplierId' | 'customerTenantId'>,
): Promise<Partner> {
  const me = auth.tenantId;
  const scope = await resolveDataScope(q, auth);
  const where =
    input.side === 'buyer'
      ? and(eq(suppliers.tenantId, me), eq(suppliers.id, input.supplierId ?? '0'), archiveScope(scope))
      : and(
          eq(suppliers.tenantId, input.customerTenantId ?? '0'),
          eq(suppliers.supplierTenantId, me),
          scopeCondition(
            { ...scope, all: true },
            { owner: suppliers.id, partner: { column: suppliers.tenantId, kind: 'client' } },
          ),
        );
  const [row] = await q
    .select({
      buyerTenantId: suppliers.tenantId,
      supplierTenantId: suppliers.supplierTenantId,
      supplierId: suppliers.id,
      ownerId: suppliers.ownerId,
      deptId: suppliers.deptId,
    })
    .from(suppliers)
    .where(and(where, isNotNull(suppliers.supplierTenantId)))
    .orderBy(asc(suppliers.id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, supplierTenantId: row.supplierTenantId! };
}

/** Who the caller may draft a statement with: its suppliers on the platform, or its customers. */
export async function listPartners(
  { tx: q, auth, tenantId }: RequestContext,
  side: DocumentSide,
): Promise<ReconciliationPartner[]> {
  requireAny(auth, [permissionOf(side)]);
  if (side === 'buyer') {
    const rows = await joinedSuppliers(q, auth);
    return rows.map((r) => ({ id: r.id, code: r.supCode, name: r.supName }));
  }
  const scope = await resolveDataScope(q, auth);
  const rows = await q
    .selectDistinct({ id: suppliers.tenantId, name: sql<string>`coalesce(${enterpriseName}, '')` })
    .from(suppliers)
    .innerJoin(enterprises, eq(enterprises.id, suppliers.tenantId))
    .where(
      and(
        eq(suppliers.supplierTenantId, tenantId),
        scopeCondition(
          { ...scope, all: true },
          { owner: suppliers.id, partner: { column: suppliers.tenantId, kind: 'client' } },
        ),
      ),
    );
  return rows.map((r) => ({ id: r.id, code: '', name: r.name })).sort((a, b) => a.name.localeCompare(b.name));
}

const reconcilableColumns = {
  id: rcl.id,
  receiptNo: sql<string>`coalesce(${receipts.receiptNo}, '')`,
  receiptDate: rcl.receiptDate,
  orderId: rcl.orderId,
  orderNo: rcl.orderNo,
  prdtNo: rcl.prdtNo,
  prdtName: rcl.prdtName,
  prdtSpc: rcl.prdtSpc,
  unitName: rcl.unitName,
  qty: rcl.qty,
  price: rcl.price,
  taxRate: rcl.taxRate,
  amount: rcl.amount,
  currency: rcl.currency,
};

/** Receipt lines of the partner and period that no live statement holds (a cancelled one released its lines). */
async function reconcilableRows(
  q: Queryable,
  partner: Partner,
  period: { periodFrom: string; periodTo: string },
  ids?: string[],
) {
  return q
    .select(reconcilableColumns)
    .from(rcl)
    .leftJoin(receipts, and(eq(receipts.tenantId, rcl.tenantId), eq(receipts.id, rcl.receiptId)))
    .where(
      and(
        eq(rcl.tenantId, partner.buyerTenantId),
        eq(rcl.supplierId, partner.supplierId),
        eq(rcl.supplierTenantId, partner.supplierTenantId),
        gte(rcl.receiptDate, period.periodFrom),
        lte(rcl.receiptDate, period.periodTo),
        isNull(rcl.reconciliationId),
        ids ? inArray(rcl.id, ids) : undefined,
      ),
    )
    .orderBy(asc(rcl.receiptDate), asc(receipts.receiptNo), asc(rcl.lineNo))
    .limit(ids ? ids.length : 10_000);
}

export async function listReconcilableLines(
  { tx: q, auth }: RequestContext,
  query: PartnerQuery,
): Promise<ReconcilableLine[]> {
  requireAny(auth, [permissionOf(query.side)]);
  const partner = await resolvePartner(q, auth, query);
  const rows = await reconcilableRows(q, partner, query);
  return rows.map(({ orderId: _, ...line }) => line);
}

// ---------------------------------------------------------------------------------------------
// Create

/**
 * Line amounts are quantity × price at the statement's amount places, in SQL numeric so no binary
 * rounding creeps in; the header keeps the sums and the difference of the lines still disputed.
 */
export async function settleTotals(q: Queryable, row: StatementRow, places: DecimalPlaces): Promise<void> {
  await q.execute(sql`
    update ${rl} set amount = trim_scale(round(qty * price, ${places.amount}::int))
     where tenant_id = ${row.tenantId} and reconciliation_id = ${row.id}`);
  await q.execute(sql`
    update ${rc} set
      line_count = t.n, total_qty = trim_scale(round(t.qty, ${places.quantity}::int)),
      total_amount = trim_scale(round(t.amount, ${places.amount}::int)), difference_amount = trim_scale(t.diff), updated_at = now()
      from (select count(*)::int as n, coalesce(sum(qty), 0) as qty, coalesce(sum(amount), 0) as amount,
                   coalesce(sum(difference_amount) filter (where status = ${L.DISPUTED}), 0) as diff
              from ${rl} where tenant_id = ${row.tenantId} and reconciliation_id = ${row.id}) as t
     where tenant_id = ${row.tenantId} and id = ${row.id}`);
}

/** Runs `work` as the buyer when the caller is the supplier: only the owner inserts and deletes rows (RLS). */
async function asOwner<T>({ tx, tenantId }: RequestContext, buyerTenantId: string, work: () => Promise<T>): Promise<T> {
  if (tenantId === buyerTenantId) return work();
  await switchTenant(tx, buyerTenantId);
  // A failed statement aborts the transaction, which then rolls back: restoring matters only on success.
  const result = await work();
  await switchTenant(tx, tenantId);
  return result;
}

export async function createStatement(ctx: RequestContext, input: CreateInput): Promise<ReconciliationCreated> {
  const { tx, auth } = ctx;
  requireAny(auth, [permissionOf(input.side)]);
  return idempotent(tx, ctx.idem, async () => {
    const partner = await resolvePartner(tx, auth, input);
    const ids = input.receiptLineIds ? [...new Set(input.receiptLineIds)] : undefined;
    const rows = await reconcilableRows(tx, partner, input, ids);
    if (ids && rows.length !== ids.length) throw new AppError('RECONCILIATION_LINES_TAKEN');
    if (!rows.length) throw new AppError('RECONCILIATION_NOTHING_TO_RECONCILE');
    // One statement, one currency: its totals are sums of amounts, and sums across currencies mean nothing.
    const currencies = [...new Set(rows.map((r) => r.currency))].sort();
    if (currencies.length > 1)
      throw new AppError('RECONCILIATION_MIXED_CURRENCIES', { currencies: currencies.join(', ') });
    const id = newId();
    // The claim is the guard against two statements holding one line: a line claimed meanwhile by
    // a concurrent statement no longer matches `reconciliation_id is null` once that one commits.
    const claimed = await tx
      .update(rcl)
      .set({ reconciliationId: id })
      .where(
        and(
          eq(rcl.tenantId, partner.buyerTenantId),
          inArray(
            rcl.id,
            rows.map((r) => r.id),
          ),
          isNull(rcl.reconciliationId),
        ),
      )
      .returning({ id: rcl.id });
    if (claimed.length !== rows.length) throw new AppError('RECONCILIATION_LINES_TAKEN');
    const places = await placesOfOrders(tx, partner.buyerTenantId, [...new Set(rows.map((r) => r.orderId))]);
    const drafter = input.side === 'buyer';
    const statement = await asOwner(ctx, partner.buyerTenantId, async () => {
      const [row] = await tx
        .insert(rc)
        .values({
          tenantId: partner.buyerTenantId,
          supplierTenantId: partner.supplierTenantId,
          id,
          statementNo: await nextDocumentNumber(tx, {
            prefix: 'RC',
            table: rc,
            column: rc.statementNo,
            owner: partner.buyerTenantId,
          }),
          supplierId: partner.supplierId,
          periodFrom: input.periodFrom,
          periodTo: input.periodTo,
          status: S.DRAFT,
          draftedBy: input.side,
          currency: currencies[0]!,
          remark: input.remark,
          ownerId: drafter ? auth.userId : partner.ownerId,
          deptId: drafter ? auth.deptId : partner.deptId,
        })
        .returning();
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx.insert(rl).values(
          rows.slice(i, i + CHUNK).map((r, j) => ({
            tenantId: partner.buyerTenantId,
            supplierTenantId: partner.supplierTenantId,
            id: newId(),
            reconciliationId: id,
            lineNo: i + j + 1,
            receiptLineId: r.id,
            receiptNo: r.receiptNo,
            receiptDate: r.receiptDate,
            orderNo: r.orderNo,
            prdtNo: r.prdtNo,
            prdtName: r.prdtName,
            unitName: r.unitName,
            qty: r.qty,
            price: r.price,
            taxRate: r.taxRate,
            amount: r.amount,
          })),
        );
      }
      return row!;
    });
    await settleTotals(tx, statement, places);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: RECONCILIATION_MODULE,
      targetId: id,
      summary: text('reconciliations.drafted', {
        statementNo: statement.statementNo,
        periodFrom: input.periodFrom,
        periodTo: input.periodTo,
        count: rows.length,
      }),
    });
    return {
      id,
      statementNo: statement.statementNo,
      status: statement.status as ReconciliationStatus,
      version: statement.version,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Drafter: edit a draft or disputed statement

type LineRow = typeof rl.$inferSelect;

export async function statementLines(tx: Queryable, row: StatementRow, ids: string[]): Promise<LineRow[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select()
    .from(rl)
    .where(and(eq(rl.tenantId, row.tenantId), eq(rl.reconciliationId, row.id), inArray(rl.id, ids)));
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  return rows;
}

/** Gives receipt lines back to the reconcilable pool: only those this statement still holds. */
export async function releaseReceiptLines(tx: Queryable, row: StatementRow, receiptLineIds?: string[]): Promise<void> {
  await tx
    .update(rcl)
    .set({ reconciliationId: null })
    .where(
      and(
        eq(rcl.tenantId, row.tenantId),
        eq(rcl.reconciliationId, row.id),
        receiptLineIds ? inArray(rcl.id, receiptLineIds) : undefined,
      ),
    );
}

export async function updateStatement(
  ctx: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<ReconciliationDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const hit = await findStatement(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (reconciliationRole(hit.side, hit.row.draftedBy) !== 'drafter') throw new AppError('RECONCILIATION_WRONG_ROLE');
  if (!RECONCILIATION_EDITABLE_STATUSES.includes(hit.row.status as ReconciliationStatus))
    throw new AppError('RECONCILIATION_NOT_EDITABLE');
  const row = await claimDocument(
    tx,
    rc,
    hit.row,
    { from: RECONCILIATION_EDITABLE_STATUSES, version: input.version, side: hit.side, me },
    'RECONCILIATION_STATE_CHANGED',
  );
  const places = await placesOfStatement(tx, row);
  const removeIds = [...new Set(input.removeLineIds)];
  const acceptIds = [...new Set(input.acceptLineIds)].filter((i) => !removeIds.includes(i));
  const removed = await statementLines(tx, row, removeIds);
  const accepted = await statementLines(tx, row, acceptIds);
  const notDisputed = accepted.find((l) => l.status !== L.DISPUTED);
  if (notDisputed) throw new AppError('RECONCILIATION_LINE_NOT_DISPUTED', { lineNo: notDisputed.lineNo });
  if (removed.length && removed.length >= row.lineCount) throw new AppError('RECONCILIATION_LAST_LINE');
  if (removed.length) {
    await asOwner(ctx, row.tenantId, () =>
      tx.delete(rl).where(
        and(
          eq(rl.tenantId, row.tenantId),
          eq(rl.reconciliationId, id),
          inArray(
            rl.id,
            removed.map((l) => l.id),
          ),
        ),
      ),
    );
    await releaseReceiptLines(
      tx,
      row,
      removed.map((l) => l.receiptLineId),
    );
  }
  if (accepted.length) {
    // The proposal becomes the statement's figure and the line goes back to be answered; reason,
    // proposal and difference stay on the line as the record of the dispute.
    await tx
      .update(rl)
      .set({
        qty: sql`trim_scale(round(coalesce(${rl.disputeQty}, ${rl.qty}), ${places.quantity}::int))`,
        price: sql`trim_scale(round(coalesce(${rl.disputePrice}, ${rl.price}), ${places.price}::int))`,
        status: L.OPEN,
        version: sql`${rl.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(rl.tenantId, row.tenantId),
          eq(rl.reconciliationId, id),
          inArray(
            rl.id,
            accepted.map((l) => l.id),
          ),
        ),
      );
  }
  if (input.remark !== undefined) {
    await tx
      .update(rc)
      .set({ remark: input.remark })
      .where(and(eq(rc.tenantId, row.tenantId), eq(rc.id, id)));
  }
  await settleTotals(tx, row, places);
  const parts: TextRef[] = [];
  if (removed.length)
    parts.push(
      text('reconciliations.removedLines', {
        count: removed.length,
        lineNos: removed.map((l) => l.lineNo).join(', '),
      }),
    );
  if (accepted.length)
    parts.push(
      text('reconciliations.acceptedLines', {
        count: accepted.length,
        lines: listOf(
          accepted.map((l) =>
            text('reconciliations.acceptedLine', {
              lineNo: l.lineNo,
              qty: l.disputeQty ?? l.qty,
              price: l.disputePrice ?? l.price,
            }),
          ),
        ),
      }),
    );
  if (input.remark !== undefined) parts.push(text('reconciliations.remarkUpdated'));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: RECONCILIATION_MODULE,
    targetId: id,
    summary: parts.length
      ? text('reconciliations.edited', { statementNo: row.statementNo, changes: listOf(parts) })
      : text('reconciliations.editedNothing', { statementNo: row.statementNo }),
  });
  return getStatement(ctx, id);
}
