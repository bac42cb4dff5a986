import type { ListResult, MoneyFinding, MoneyFindingKind, MoneyFindingsQuery } from '@concord/shared';
import { and, asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import { escapeLike } from '../../platform/documents.ts';
import { moneyRecomputeFindings as f } from './money-findings.table.ts';

/**
 * The administrator's page of the money recompute's findings (issue 16): what each agreed document
 * stores against the exact figure, one row per line or total, a document's rows together.
 */
export async function listMoneyFindings(
  { tx, tenantId }: RequestContext,
  query: MoneyFindingsQuery,
): Promise<ListResult<MoneyFinding>> {
  const where = and(
    eq(f.tenantId, tenantId),
    query.documentKind ? eq(f.documentKind, query.documentKind) : undefined,
    query.documentNo ? ilike(f.documentNo, escapeLike(query.documentNo)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    tx
      .select({
        id: sql<string>`${f.id}::text`,
        documentKind: f.documentKind,
        documentId: f.documentId,
        documentNo: f.documentNo,
        lineNo: f.lineNo,
        oldAmount: f.oldAmount,
        exactAmount: f.exactAmount,
        differenceAmount: sql<string>`trim_scale(${f.exactAmount} - ${f.oldAmount})::text`,
        currency: f.currency,
        places: f.places,
        createdAt: f.createdAt,
      })
      .from(f)
      .where(where)
      .orderBy(asc(f.documentNo), asc(f.documentKind), sql`${f.lineNo} asc nulls last`, asc(f.id))
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize),
    tx.select({ total: count() }).from(f).where(where),
  ]);
  return {
    dataList: rows.map((r) => ({ ...r, documentKind: r.documentKind as MoneyFindingKind })),
    totalCount: total,
  };
}
