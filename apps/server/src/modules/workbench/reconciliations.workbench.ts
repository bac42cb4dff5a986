import {
  type DocumentSide,
  RECONCILIATION_PERMISSION,
  RECONCILIATION_STATUS,
  type ReconciliationRole,
  type ReconciliationStatus,
  type WorkbenchItemKey,
} from '@concord/shared';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { enterprises, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { sideCondition } from '../../platform/documents.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { buyerStatementLink, supplierStatementLink } from '../reconciliations/reconciliations.common.ts';
import { reconciliations as rc } from '../reconciliations/reconciliations.table.ts';
import { defineWorkbenchItem, type WorkbenchPage } from './workbench.registry.ts';

/*
 * Reconciliation statements wait for one side or the other by who drafted them: a sent statement for
 * the counterpart's answer, a disputed one for the drafter's revision, one the counterpart confirmed for
 * the drafter's final confirmation. The statement list filters by status only (its tabs), so these
 * counts read the statements with the list's side and data-scope condition (`sideCondition`) plus the
 * drafter; the link opens the status tab, where the caller's own waiting statements are among the rows.
 */

const R = RECONCILIATION_STATUS;
const LIST_PATH: Record<DocumentSide, string> = {
  buyer: '/purchasebill/workernote',
  supplier: '/workers/workernote',
};
const DETAIL_LINK: Record<DocumentSide, (id: string) => string> = {
  buyer: buyerStatementLink,
  supplier: supplierStatementLink,
};

async function statementsWaiting(
  { tx: q, auth }: RequestContext,
  side: DocumentSide,
  status: ReconciliationStatus,
  waitingFor: ReconciliationRole,
  rows: number,
): Promise<WorkbenchPage> {
  const where = and(
    await sideCondition(q, auth, side, rc),
    eq(rc.status, status),
    waitingFor === 'drafter' ? eq(rc.draftedBy, side) : ne(rc.draftedBy, side),
  );
  const [found, [{ total }]] = await Promise.all([
    q
      .select({
        id: rc.id,
        statementNo: rc.statementNo,
        supName: sql<string>`coalesce(${suppliers.supName}, '')`,
        customerName: sql<string>`coalesce(${enterpriseName}, '')`,
        updatedAt: rc.updatedAt,
      })
      .from(rc)
      .leftJoin(suppliers, and(eq(suppliers.tenantId, rc.tenantId), eq(suppliers.id, rc.supplierId)))
      .leftJoin(enterprises, eq(enterprises.id, rc.tenantId))
      .where(where)
      .orderBy(asc(rc.updatedAt), desc(rc.id))
      .limit(rows),
    q.select({ total: count() }).from(rc).where(where),
  ]);
  return {
    count: total,
    rows: found.map((s) => ({
      id: s.id,
      documentNo: s.statementNo,
      supName: s.supName,
      customerName: s.customerName,
      date: null,
      // Since when it waits: its last step.
      at: s.updatedAt,
      path: DETAIL_LINK[side](s.id),
    })),
  };
}

const statementItem = (
  key: WorkbenchItemKey,
  side: DocumentSide,
  status: ReconciliationStatus,
  waitingFor: ReconciliationRole,
) =>
  defineWorkbenchItem({
    key,
    side,
    permissions: [RECONCILIATION_PERMISSION[side]],
    link: { path: LIST_PATH[side], query: { status: String(status) } },
    load: (ctx, rows) => statementsWaiting(ctx, side, status, waitingFor, rows),
  });

/** Each side's three kinds of waiting statement. */
export const statementItems = (['buyer', 'supplier'] as const).flatMap((side) => [
  statementItem('statementsToAnswer', side, R.SENT, 'counterpart'),
  statementItem('statementsToRevise', side, R.DISPUTED, 'drafter'),
  statementItem('statementsToFinalize', side, R.COUNTERPART_CONFIRMED, 'drafter'),
]);
