import {
  DEFAULT_DECIMAL_PLACES,
  type DecimalPlaces,
  type DocumentSide,
  type ListResult,
  OPERATION_TYPE,
  RECONCILIATION_EDITABLE_STATUSES,
  RECONCILIATION_LINE_STATUS,
  RECONCILIATION_PERMISSION,
  RECONCILIATION_STATUS,
  type ReconcilableLine,
  type ReconciliationAction,
  type ReconciliationCreated,
  type ReconciliationDetail,
  type ReconciliationLine,
  type ReconciliationListItem,
  type ReconciliationPartner,
  type ReconciliationStatus,
  type reconcilableLineQuerySchema,
  type reconciliationActionSchema,
  type reconciliationCreateSchema,
  type reconciliationListSchema,
  reconciliationMachine,
  reconciliationRole,
  type reconciliationUpdateSchema,
  roundTo,
} from '@concord/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { AppError } from '../../platform/errors.ts';
import { type IdempotencyScope, idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { claimDocument } from '../../platform/state-machine.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { actorOf, bothHistories, requireAny } from '../purchase-orders/purchase-orders.service.ts';
import { purchaseOrders as po } from '../purchase-orders/purchase-orders.table.ts';
import { enterpriseName, nameOf } from '../qualifications/qualifications.notify.ts';
import { receiptLines as rcl, receipts } from '../receipts/receipts.table.ts';
import {
  type Deps,
  escapeLike,
  joinedSuppliers,
  sideCondition,
  sideOf,
  tellParty,
  today,
} from '../receiving-plans/receiving-plans.common.ts';
import { switchTenant } from '../suppliers/suppliers.service.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { reconciliations as rc, reconciliationLines as rl } from './reconciliations.table.ts';

type PartnerQuery = z.infer<typeof reconcilableLineQuerySchema>;
type CreateInput = z.infer<typeof reconciliationCreateSchema>;
type ListQuery = z.infer<typeof reconciliationListSchema>;
type UpdateInput = z.infer<typeof reconciliationUpdateSchema>;
type ActionBody = z.infer<typeof reconciliationActionSchema>;
export type StatementRow = typeof rc.$inferSelect;

export const RECONCILIATION_MODULE = 'reconciliations';
const S = RECONCILIATION_STATUS;
const L = RECONCILIATION_LINE_STATUS;
const CHUNK = 500;

export const buyerStatementLink = (id: string) => `/purchasebill/sourcing/detail?id=${id}`;
export const supplierStatementLink = (id: string) => `/workers/sourcing/detail?id=${id}`;

const permissionOf = (side: DocumentSide) => RECONCILIATION_PERMISSION[side];

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
  auth: Auth,
  input: Pick<PartnerQuery, 'side' | 'supplierId' | 'customerTenantId'>,
): Promise<Partner> {
  const me = auth.tenantId!;
  const scope = await resolveDataScope(q, auth);
  const where =
    input.side === 'buyer'
      ? and(
          eq(suppliers.tenantId, me),
          eq(suppliers.id, input.supplierId ?? '0'),
          scopeCondition(scope, {
            owner: suppliers.ownerId,
            dept: suppliers.deptId,
            partner: { column: suppliers.supplierTenantId, kind: 'supplier' },
          }),
        )
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
export async function listPartners(q: Queryable, auth: Auth, side: DocumentSide): Promise<ReconciliationPartner[]> {
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
        eq(suppliers.supplierTenantId, auth.tenantId!),
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
  q: Queryable,
  auth: Auth,
  query: PartnerQuery,
): Promise<ReconcilableLine[]> {
  requireAny(auth, [permissionOf(query.side)]);
  const partner = await resolvePartner(q, auth, query);
  const rows = await reconcilableRows(q, partner, query);
  return rows.map(({ orderId: _, ...line }) => line);
}

/**
 * Rounding of a statement: the buyer's decimal places as its orders recorded them (the supplier may
 * read the orders, not the buyer's settings); when the orders differ, the finest setting of each kind.
 */
async function placesOfOrders(q: Queryable, buyerTenantId: string, orderIds: string[]): Promise<DecimalPlaces> {
  if (!orderIds.length) return { ...DEFAULT_DECIMAL_PLACES };
  const rows = await q
    .selectDistinct({ places: po.decimalPlaces })
    .from(po)
    .where(and(eq(po.tenantId, buyerTenantId), inArray(po.id, orderIds)));
  if (!rows.length) return { ...DEFAULT_DECIMAL_PLACES };
  return {
    quantity: Math.max(...rows.map((r) => r.places.quantity)),
    price: Math.max(...rows.map((r) => r.places.price)),
    amount: Math.max(...rows.map((r) => r.places.amount)),
  };
}

async function placesOfStatement(q: Queryable, row: StatementRow): Promise<DecimalPlaces> {
  const orders = await q
    .selectDistinct({ orderId: rcl.orderId })
    .from(rl)
    .innerJoin(rcl, and(eq(rcl.tenantId, rl.tenantId), eq(rcl.id, rl.receiptLineId)))
    .where(and(eq(rl.tenantId, row.tenantId), eq(rl.reconciliationId, row.id)));
  return placesOfOrders(
    q,
    row.tenantId,
    orders.map((o) => o.orderId),
  );
}

// ---------------------------------------------------------------------------------------------
// Visibility

/** A draft is its drafter's alone; every other state both sides see, each within its data scope. */
async function statementSideCondition(q: Queryable, auth: Auth, side: DocumentSide): Promise<SQL | undefined> {
  return and(await sideCondition(q, auth, side, rc), or(ne(rc.status, S.DRAFT), eq(rc.draftedBy, side)));
}

/** The statement as the caller sees it, and on which side; not visible → null (the route answers 404). */
export async function findStatement(
  q: Queryable,
  auth: Auth,
  id: string,
): Promise<{ side: DocumentSide; row: StatementRow } | null> {
  const side = await sideOf(q, auth, rc, id);
  const [row] = await q
    .select()
    .from(rc)
    .where(and(eq(rc.id, id), await statementSideCondition(q, auth, side)))
    .limit(1);
  if (!row) return null;
  requireAny(auth, [permissionOf(side)]);
  return { side, row };
}

// ---------------------------------------------------------------------------------------------
// Lists and detail

const listColumns = {
  id: rc.id,
  statementNo: rc.statementNo,
  supplierId: rc.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: rc.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  periodFrom: rc.periodFrom,
  periodTo: rc.periodTo,
  status: rc.status,
  draftedBy: rc.draftedBy,
  currency: rc.currency,
  lineCount: rc.lineCount,
  totalQty: rc.totalQty,
  totalAmount: rc.totalAmount,
  differenceAmount: rc.differenceAmount,
  remark: rc.remark,
  buyerConfirmedAt: rc.buyerConfirmedAt,
  buyerConfirmedBy: rc.buyerConfirmedBy,
  supplierConfirmedAt: rc.supplierConfirmedAt,
  supplierConfirmedBy: rc.supplierConfirmedBy,
  ownerName: users.name,
  sentAt: rc.sentAt,
  createdAt: rc.createdAt,
  updatedAt: rc.updatedAt,
};

const SORTABLE = {
  statementNo: rc.statementNo,
  status: rc.status,
  periodFrom: rc.periodFrom,
  periodTo: rc.periodTo,
  totalAmount: rc.totalAmount,
  createdAt: rc.createdAt,
  sentAt: rc.sentAt,
};

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(rc)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, rc.tenantId), eq(suppliers.id, rc.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, rc.tenantId))
    .leftJoin(users, eq(users.id, rc.ownerId));
}

export async function listStatements(
  q: Queryable,
  auth: Auth,
  query: ListQuery,
): Promise<ListResult<ReconciliationListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, [permissionOf(f.side)]);
  const where = and(
    await statementSideCondition(q, auth, f.side),
    f.statementNo ? ilike(rc.statementNo, escapeLike(f.statementNo)) : undefined,
    f.supplierId ? eq(rc.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(rc.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(rc.status, f.statuses) : undefined,
    f.periodFrom ? gte(rc.periodTo, f.periodFrom) : undefined,
    f.periodTo ? lte(rc.periodFrom, f.periodTo) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [rc.createdAt, 'desc']), desc(rc.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(rc).where(where),
  ]);
  return { dataList: rows as ReconciliationListItem[], totalCount: total };
}

const lineColumns = {
  id: rl.id,
  lineNo: rl.lineNo,
  receiptLineId: rl.receiptLineId,
  receiptNo: rl.receiptNo,
  receiptDate: rl.receiptDate,
  orderNo: rl.orderNo,
  prdtNo: rl.prdtNo,
  prdtName: rl.prdtName,
  unitName: rl.unitName,
  qty: rl.qty,
  price: rl.price,
  taxRate: rl.taxRate,
  amount: rl.amount,
  status: rl.status,
  disputeReason: rl.disputeReason,
  disputeQty: rl.disputeQty,
  disputePrice: rl.disputePrice,
  differenceAmount: rl.differenceAmount,
};

async function linesOf(q: Queryable, row: StatementRow): Promise<ReconciliationLine[]> {
  const rows = await q
    .select(lineColumns)
    .from(rl)
    .where(and(eq(rl.tenantId, row.tenantId), eq(rl.reconciliationId, row.id)))
    .orderBy(asc(rl.lineNo));
  return rows as ReconciliationLine[];
}

export async function getStatement(db: Db, auth: Auth, id: string): Promise<ReconciliationDetail> {
  const found = await inTenantTx(db, auth.tenantId, async (tx) => {
    const hit = await findStatement(tx, auth, id);
    if (!hit) return null;
    const [item] = await baseSelect(tx).where(and(eq(rc.tenantId, hit.row.tenantId), eq(rc.id, id)));
    return { ...hit, item: item!, lines: await linesOf(tx, hit.row), places: await placesOfStatement(tx, hit.row) };
  });
  if (!found) throw new AppError('NOT_FOUND');
  const { side, row, item, lines, places } = found;
  return {
    ...(item as ReconciliationListItem),
    side,
    role: reconciliationRole(side, row.draftedBy),
    version: row.version,
    actions: auth.permissions.has(permissionOf(side))
      ? reconciliationMachine.available(reconciliationRole(side, row.draftedBy), row.status, () => true)
      : [],
    lines,
    history: await bothHistories(db, row, RECONCILIATION_MODULE, id),
    decimalPlaces: places,
  };
}

// ---------------------------------------------------------------------------------------------
// Create

/**
 * Statement numbers run RC + yyMMdd + a 4-digit daily sequence per buyer, serialized by a
 * transaction-scoped advisory lock; the unique index is the last guard. Runs as the buyer.
 */
async function nextStatementNo(q: Queryable, buyerTenantId: string): Promise<string> {
  await q.execute(sql`select pg_advisory_xact_lock(7323, hashtext(${`RC${buyerTenantId}`}))`);
  const day = today();
  const stem = `RC${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;
  const result = await q.execute<{ n: number }>(sql`
    select coalesce(max(substring(statement_no from ${stem.length + 1}::int)::int), 0) as n
      from ${rc} where tenant_id = ${buyerTenantId} and statement_no ~ ${`^${stem}[0-9]{4,6}$`}`);
  return `${stem}${String(Number(result.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

/**
 * Line amounts are quantity × price at the statement's amount places, in SQL numeric so no binary
 * rounding creeps in; the header keeps the sums and the difference of the lines still disputed.
 */
async function settleTotals(q: Queryable, row: StatementRow, places: DecimalPlaces): Promise<void> {
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
async function asOwner<T>(tx: Queryable, auth: Auth, buyerTenantId: string, work: () => Promise<T>): Promise<T> {
  const me = auth.tenantId!;
  if (me === buyerTenantId) return work();
  await switchTenant(tx, buyerTenantId);
  try {
    return await work();
  } finally {
    await switchTenant(tx, me);
  }
}

export async function createStatement(
  deps: Deps,
  auth: Auth,
  input: CreateInput,
  idem: IdempotencyScope,
): Promise<ReconciliationCreated> {
  requireAny(auth, [permissionOf(input.side)]);
  const me = auth.tenantId!;
  return inTenantTx(deps.db, me, (tx) =>
    idempotent(tx, idem, async () => {
      const partner = await resolvePartner(tx, auth, input);
      const ids = input.receiptLineIds ? [...new Set(input.receiptLineIds)] : undefined;
      const rows = await reconcilableRows(tx, partner, input, ids);
      if (ids && rows.length !== ids.length) throw new AppError('RECONCILIATION_LINES_TAKEN');
      if (!rows.length) throw new AppError('RECONCILIATION_NOTHING_TO_RECONCILE');
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
      const statement = await asOwner(tx, auth, partner.buyerTenantId, async () => {
        const [row] = await tx
          .insert(rc)
          .values({
            tenantId: partner.buyerTenantId,
            supplierTenantId: partner.supplierTenantId,
            id,
            statementNo: await nextStatementNo(tx, partner.buyerTenantId),
            supplierId: partner.supplierId,
            periodFrom: input.periodFrom,
            periodTo: input.periodTo,
            status: S.DRAFT,
            draftedBy: input.side,
            currency: rows[0]!.currency,
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
        summary: `drafted statement ${statement.statementNo} for ${input.periodFrom} – ${input.periodTo}: ${rows.length} receipt line(s)`,
      });
      return {
        id,
        statementNo: statement.statementNo,
        status: statement.status as ReconciliationStatus,
        version: statement.version,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Drafter: edit a draft or disputed statement

type LineRow = typeof rl.$inferSelect;

async function statementLines(tx: Queryable, row: StatementRow, ids: string[]): Promise<LineRow[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select()
    .from(rl)
    .where(and(eq(rl.tenantId, row.tenantId), eq(rl.reconciliationId, row.id), inArray(rl.id, ids)));
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  return rows;
}

/** Gives receipt lines back to the reconcilable pool: only those this statement still holds. */
async function releaseReceiptLines(tx: Queryable, row: StatementRow, receiptLineIds?: string[]): Promise<void> {
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

export async function updateStatement(db: Db, auth: Auth, id: string, input: UpdateInput): Promise<void> {
  const me = auth.tenantId!;
  await inTenantTx(db, me, async (tx) => {
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
      await asOwner(tx, auth, row.tenantId, () =>
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
    const parts = [
      removed.length ? `removed line(s) ${removed.map((l) => l.lineNo).join(', ')}` : '',
      accepted.length
        ? `accepted the proposal on line(s) ${accepted.map((l) => `${l.lineNo} (${l.disputeQty ?? l.qty} × ${l.disputePrice ?? l.price})`).join(', ')}`
        : '',
      input.remark !== undefined ? 'remark updated' : '',
    ].filter(Boolean);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: RECONCILIATION_MODULE,
      targetId: id,
      summary: `edited statement ${row.statementNo}: ${parts.join('; ') || 'no change'}`,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// State changes

const VERBS: Record<ReconciliationAction, string> = {
  send: 'sent',
  answer: 'answered',
  confirm: 'confirmed',
  finalize: 'finally confirmed',
  cancel: 'cancelled',
};

/**
 * The counterpart's answer, line by line: agreeing, or disputing with a reason and the quantity and
 * price it holds right. It writes only the dispute columns, never the statement's figures (T-03).
 */
async function answerLines(
  tx: Queryable,
  row: StatementRow,
  answers: NonNullable<ActionBody['lines']>,
  places: DecimalPlaces,
): Promise<string> {
  const byId = new Map(answers.map((a) => [a.id, a]));
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
          dq: String(roundTo(a.qty ?? Number(line.qty), places.quantity)),
          dp: String(roundTo(a.price ?? Number(line.price), places.price)),
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
  const detail = disputed
    .slice(0, 20)
    .map((l) => `line ${l.lineNo}: ${byId.get(l.id)!.reason}`)
    .join('; ');
  return `${lines.length - disputed.length} line(s) agreed, ${disputed.length} disputed${detail ? ` (${detail}${disputed.length > 20 ? '; …' : ''})` : ''}`;
}

async function userName(q: Queryable, auth: Auth): Promise<string> {
  const [u] = await q.select({ name: users.name }).from(users).where(eq(users.id, auth.userId));
  return u?.name || auth.username;
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
  deps: Deps,
  auth: Auth,
  id: string,
  action: ReconciliationAction,
  body: ActionBody,
): Promise<ReconciliationDetail> {
  const t = reconciliationMachine.transition(action)!;
  const me = auth.tenantId!;
  const outcome = await inTenantTx(deps.db, me, async (tx) => {
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
    let details = '';
    if (action === 'send') {
      // Lines still disputed go back to the counterpart as they stand; their record of the dispute stays.
      await tx
        .update(rl)
        .set({ status: L.OPEN, updatedAt: sql`now()` })
        .where(and(linesWhere, eq(rl.status, L.DISPUTED)));
      await tx.update(rc).set({ status: S.SENT, sentAt: sql`now()` }).where(where);
      await settleTotals(tx, row, await placesOfStatement(tx, row));
    } else if (action === 'answer') {
      details = await answerLines(tx, row, body.lines ?? [], await placesOfStatement(tx, row));
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
        .set({ status: S.COUNTERPART_CONFIRMED, ...confirmation(hit.side, await userName(tx, auth)) })
        .where(where);
    } else if (action === 'finalize') {
      await tx
        .update(rc)
        .set({ status: S.CONFIRMED, ...confirmation(hit.side, await userName(tx, auth)) })
        .where(where);
    } else {
      await tx.update(rc).set({ status: S.CANCELLED }).where(where);
      await releaseReceiptLines(tx, row);
    }
    const comment = body.comment?.trim() ? ` — ${body.comment.trim()}` : '';
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: RECONCILIATION_MODULE,
      targetId: id,
      summary: `${VERBS[action]} statement ${row.statementNo}${details ? `: ${details}` : ''}${comment}`,
    });
    const [after] = await tx.select().from(rc).where(where);
    return { side: hit.side, before: hit.row, after: after!, text: `${details}${comment}` };
  });
  // A draft being cancelled was never shown to the other side.
  if (action !== 'cancel' || outcome.before.status !== S.DRAFT) {
    await tellOtherSide(deps, auth, outcome.side, outcome.after, VERBS[action], outcome.text);
  }
  return getStatement(deps.db, auth, id);
}

async function tellOtherSide(
  deps: Deps,
  auth: Auth,
  side: DocumentSide,
  row: StatementRow,
  verb: string,
  text: string,
): Promise<void> {
  const name = await nameOf(deps.db, auth.tenantId!);
  const title = `${name} ${verb} reconciliation statement ${row.statementNo}`;
  const content = `${text.replace(/^ — /, '') || `Statement ${row.statementNo}, ${row.periodFrom} – ${row.periodTo}`}.`;
  await tellParty(deps, [
    side === 'buyer'
      ? { tenantId: row.supplierTenantId, title, content, link: supplierStatementLink(row.id) }
      : { tenantId: row.tenantId, userId: row.ownerId, title, content, link: buyerStatementLink(row.id) },
  ]);
}
