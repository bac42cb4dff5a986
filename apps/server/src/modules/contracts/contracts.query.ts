import {
  type ContractDetail,
  type ContractLine,
  type ContractListItem,
  type contractListSchema,
  type ListResult,
  subtractDecimals,
  type UploadedFileRef,
} from '@concord/shared';
import { and, asc, count, desc, eq, exists, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, suppliers, users } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { escapeLike, historyOfDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { timeZoneOf } from '../../platform/time.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import {
  CONTRACT_MODULE,
  type ContractRow,
  contractSideCondition,
  findContract,
  readPermission,
} from './contracts.common.ts';
import { contracts as c, contractLines as cl } from './contracts.table.ts';

/* Reading contracts: the list of either side and one contract's detail. */

type ListQuery = z.infer<typeof contractListSchema>;

const listColumns = {
  id: c.id,
  contractNo: c.contractNo,
  kind: c.kind,
  title: c.title,
  supplierId: c.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: c.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  status: c.status,
  validFrom: c.validFrom,
  validTo: c.validTo,
  currency: c.currency,
  taxIncluded: c.taxIncluded,
  amountCap: c.amountCap,
  orderedAmount: c.orderedAmount,
  lineCount: c.lineCount,
  ownerName: users.name,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  sentAt: c.sentAt,
};

const SORTABLE = {
  contractNo: c.contractNo,
  status: c.status,
  validFrom: c.validFrom,
  validTo: c.validTo,
  createdAt: c.createdAt,
  sentAt: c.sentAt,
};

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(c)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, c.tenantId), eq(suppliers.id, c.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, c.tenantId))
    .leftJoin(users, eq(users.id, c.ownerId));
}

async function listWhere(q: Queryable, auth: MemberAuth, f: ListQuery['filter']): Promise<SQL | undefined> {
  const material = f.material ? escapeLike(f.material) : null;
  return and(
    await contractSideCondition(q, auth, f.side),
    f.contractNo ? ilike(c.contractNo, escapeLike(f.contractNo)) : undefined,
    f.supplierId ? eq(c.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(c.tenantId, f.customerTenantId) : undefined,
    f.kind ? eq(c.kind, f.kind) : undefined,
    f.statuses?.length ? inArray(c.status, f.statuses) : undefined,
    f.validOn ? and(lte(c.validFrom, f.validOn), gte(c.validTo, f.validOn)) : undefined,
    material
      ? exists(
          q
            .select({ one: sql`1` })
            .from(cl)
            .where(
              and(
                eq(cl.tenantId, c.tenantId),
                eq(cl.contractId, c.id),
                or(ilike(cl.prdtNo, material), ilike(cl.prdtName, material)),
              ),
            ),
        )
      : undefined,
  );
}

export async function listContracts(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<ContractListItem>> {
  requireAny(auth, readPermission(query.filter.side));
  const where = await listWhere(q, auth, query.filter);
  const page = pageOf(query.pageParam);
  const [rows, [counted]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [c.createdAt, 'desc']), desc(c.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(c).where(where),
  ]);
  return { dataList: rows as ContractListItem[], totalCount: counted?.total ?? 0 };
}

export async function linesOfContract(q: Queryable, row: Pick<ContractRow, 'tenantId' | 'id' | 'decimalPlaces'>) {
  const lines = await q
    .select({
      id: cl.id,
      lineNo: cl.lineNo,
      materialId: cl.materialId,
      prdtNo: cl.prdtNo,
      prdtName: cl.prdtName,
      prdtSpc: cl.prdtSpc,
      unitNo: cl.unitNo,
      unitName: cl.unitName,
      price: cl.price,
      taxRate: cl.taxRate,
      priceBreaks: cl.priceBreaks,
      qtyCap: cl.qtyCap,
      orderedQty: cl.orderedQty,
      remark: cl.remark,
    })
    .from(cl)
    .where(and(eq(cl.tenantId, row.tenantId), eq(cl.contractId, row.id)))
    .orderBy(asc(cl.lineNo));
  return lines.map(
    (l): ContractLine => ({
      ...l,
      remainingQty: l.qtyCap === null ? null : subtractDecimals(l.qtyCap, l.orderedQty, row.decimalPlaces.quantity),
    }),
  );
}

export async function getContract(ctx: RequestContext, id: string): Promise<ContractDetail> {
  const { tx, auth } = ctx;
  const hit = await findContract(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const [item] = await baseSelect(tx).where(and(eq(c.tenantId, row.tenantId), eq(c.id, id)));
  if (!item) throw new AppError('NOT_FOUND');
  return {
    ...(item as ContractListItem),
    side,
    buyerTimeZone: await timeZoneOf(tx, row.tenantId),
    paymentTerms: row.paymentTerms,
    terms: row.terms,
    attachments: row.attachments as UploadedFileRef[],
    returnReason: row.returnReason,
    terminateReason: row.terminateReason,
    signedAt: row.signedAt,
    countersignedAt: row.countersignedAt,
    endedAt: row.endedAt,
    decimalPlaces: row.decimalPlaces,
    version: row.version,
    lines: await linesOfContract(tx, row),
    history: await historyOfDocument(ctx, row, CONTRACT_MODULE, id),
  };
}
