import {
  type ListResult,
  type MaterialPrice,
  type MaterialPriceLookup,
  type materialPriceListSchema,
  type materialPriceLookupSchema,
  priceForQuantity,
} from '@concord/shared';
import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { materials, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { escapeLike, requireAny } from '../../platform/documents.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { todayOf } from '../../platform/time.ts';
import type { ContractRow } from '../contracts/contracts.common.ts';
import { contractLines } from '../contracts/contracts.table.ts';
import { inquiryLines } from '../inquiries/inquiries.table.ts';
import { quotationLines, quotations } from '../quotations/quotations.table.ts';
import { archiveScope } from '../suppliers/suppliers.scope.ts';
import { materialPrices as mp } from './material-prices.table.ts';

/*
 * The price library (issue 22 scope 3): written by the sources of agreed prices, read by order entry.
 * Buyer only; those who order (CG_TG_SURE), source (PR_ION) or contract (PO_CON) read it.
 */

type ListQuery = z.infer<typeof materialPriceListSchema>;
type LookupQuery = z.infer<typeof materialPriceLookupSchema>;

const READERS = ['CG_TG_SURE', 'PR_ION', 'PO_CON'];

/** An effective contract's priced lines become the library's contract prices for its validity. */
export async function publishContractPrices(tx: Queryable, contract: ContractRow): Promise<void> {
  const lines = await tx
    .select()
    .from(contractLines)
    .where(and(eq(contractLines.tenantId, contract.tenantId), eq(contractLines.contractId, contract.id)));
  const priced = lines.filter((l) => l.price !== null);
  if (!priced.length) return;
  await tx
    .insert(mp)
    .values(
      priced.map((l) => ({
        tenantId: contract.tenantId,
        id: newId(),
        materialId: l.materialId,
        supplierId: contract.supplierId,
        price: l.price!,
        currency: contract.currency,
        taxRate: l.taxRate,
        taxIncluded: contract.taxIncluded,
        priceBreaks: l.priceBreaks,
        validFrom: contract.validFrom,
        validTo: contract.validTo,
        source: 'contract',
        sourceId: contract.id,
        sourceNo: contract.contractNo,
        sourceLineId: l.id,
      })),
    )
    .onConflictDoNothing();
}

/**
 * An inquiry's award: each allocated line's awarded price becomes the library's award price of that
 * material from that supplier, from the award day (the buyer's) until the bid's validity, with the bid's
 * price breaks. A contract's price still comes first in the lookup.
 */
export async function publishAwardPrices(
  tx: Queryable,
  inquiry: { tenantId: string; id: string; inquiryNo: string; currency: string; taxIncluded: boolean },
): Promise<void> {
  const awarded = await tx
    .select({
      lineId: quotationLines.id,
      materialId: inquiryLines.materialId,
      supplierId: quotations.supplierId,
      price: quotationLines.awardPrice,
      taxRate: quotationLines.taxRate,
      priceBreaks: quotationLines.priceBreaks,
      validUntil: quotationLines.validUntil,
    })
    .from(quotationLines)
    .innerJoin(
      quotations,
      and(eq(quotations.tenantId, quotationLines.tenantId), eq(quotations.id, quotationLines.quotationId)),
    )
    .innerJoin(
      inquiryLines,
      and(eq(inquiryLines.tenantId, quotationLines.tenantId), eq(inquiryLines.id, quotationLines.inquiryLineId)),
    )
    .where(
      and(
        eq(quotationLines.tenantId, inquiry.tenantId),
        eq(quotations.inquiryId, inquiry.id),
        sql`${quotationLines.awardQty} > 0 and ${quotationLines.awardPrice} is not null`,
      ),
    );
  if (!awarded.length) return;
  const today = await todayOf(tx, inquiry.tenantId);
  await tx
    .insert(mp)
    .values(
      awarded.map((l) => ({
        tenantId: inquiry.tenantId,
        id: newId(),
        materialId: l.materialId,
        supplierId: l.supplierId,
        price: l.price!,
        currency: inquiry.currency,
        taxRate: l.taxRate ?? '0',
        taxIncluded: inquiry.taxIncluded,
        priceBreaks: l.priceBreaks ?? [],
        validFrom: today,
        validTo: l.validUntil && l.validUntil >= today ? l.validUntil : null,
        source: 'award',
        sourceId: inquiry.id,
        sourceNo: inquiry.inquiryNo,
        sourceLineId: l.lineId,
      })),
    )
    .onConflictDoNothing();
}

/** A terminated contract's prices leave the library: no new order line defaults to them. */
export async function withdrawContractPrices(tx: Queryable, contract: Pick<ContractRow, 'tenantId' | 'id'>) {
  await tx
    .delete(mp)
    .where(and(eq(mp.tenantId, contract.tenantId), eq(mp.source, 'contract'), eq(mp.sourceId, contract.id)));
}

const columns = {
  id: mp.id,
  materialId: mp.materialId,
  prdtNo: sql<string>`coalesce(${materials.prdtNo}, '')`,
  prdtName: sql<string>`coalesce(${materials.prdtName}, '')`,
  unitName: sql<string>`coalesce(${materials.poUnitName}, '')`,
  supplierId: mp.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  price: mp.price,
  currency: mp.currency,
  taxRate: mp.taxRate,
  taxIncluded: mp.taxIncluded,
  priceBreaks: mp.priceBreaks,
  validFrom: mp.validFrom,
  validTo: mp.validTo,
  source: mp.source,
  sourceId: mp.sourceId,
  sourceNo: mp.sourceNo,
  sourceLineId: mp.sourceLineId,
  createdAt: mp.createdAt,
};

const SORTABLE = { validFrom: mp.validFrom, validTo: mp.validTo, createdAt: mp.createdAt, source: mp.source };

const validOn = (day: string) => and(lte(mp.validFrom, day), or(isNull(mp.validTo), gte(mp.validTo, day)));

export async function listMaterialPrices(
  { tx, auth, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<MaterialPrice>> {
  requireAny(auth, READERS);
  const f = query.filter ?? {};
  const material = f.material ? escapeLike(f.material) : null;
  const where = and(
    eq(mp.tenantId, tenantId),
    archiveScope(await resolveDataScope(tx, auth)),
    f.materialId ? eq(mp.materialId, f.materialId) : undefined,
    f.supplierId ? eq(mp.supplierId, f.supplierId) : undefined,
    f.source ? eq(mp.source, f.source) : undefined,
    f.validOn ? validOn(f.validOn) : undefined,
    material ? or(ilike(materials.prdtNo, material), ilike(materials.prdtName, material)) : undefined,
  );
  const from = () =>
    tx
      .select(columns)
      .from(mp)
      .leftJoin(materials, and(eq(materials.tenantId, mp.tenantId), eq(materials.id, mp.materialId)))
      .leftJoin(suppliers, and(eq(suppliers.tenantId, mp.tenantId), eq(suppliers.id, mp.supplierId)));
  const page = pageOf(query.pageParam);
  const [rows, [counted]] = await Promise.all([
    from()
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [mp.validFrom, 'desc']), desc(mp.id))
      .limit(page.limit)
      .offset(page.offset),
    tx
      .select({ total: count() })
      .from(mp)
      .leftJoin(materials, and(eq(materials.tenantId, mp.tenantId), eq(materials.id, mp.materialId)))
      .leftJoin(suppliers, and(eq(suppliers.tenantId, mp.tenantId), eq(suppliers.id, mp.supplierId)))
      .where(where),
  ]);
  return { dataList: rows as MaterialPrice[], totalCount: counted?.total ?? 0 };
}

/**
 * The default price of an order line of `materialId` from `supplierId` on `date` (the buyer's today
 * when left out): a contract's first (the latest-starting one in force), else the latest award.
 */
export async function lookupMaterialPrice(
  { tx, auth, tenantId }: RequestContext,
  query: LookupQuery,
): Promise<MaterialPriceLookup> {
  requireAny(auth, READERS);
  const day = query.date ?? (await todayOf(tx, tenantId));
  const [found] = await tx
    .select()
    .from(mp)
    .innerJoin(suppliers, and(eq(suppliers.tenantId, mp.tenantId), eq(suppliers.id, mp.supplierId)))
    .where(
      and(
        eq(mp.tenantId, tenantId),
        eq(mp.materialId, query.materialId),
        eq(mp.supplierId, query.supplierId),
        archiveScope(await resolveDataScope(tx, auth)),
        validOn(day),
      ),
    )
    .orderBy(asc(sql`case ${mp.source} when 'contract' then 0 else 1 end`), desc(mp.validFrom), desc(mp.createdAt))
    .limit(1);
  if (!found) return null;
  const p = found.material_prices;
  return {
    price: priceForQuantity(p.price, p.priceBreaks, query.qty),
    basePrice: p.price,
    currency: p.currency,
    taxRate: p.taxRate,
    taxIncluded: p.taxIncluded,
    priceBreaks: p.priceBreaks,
    validFrom: p.validFrom,
    validTo: p.validTo,
    source: p.source as 'contract' | 'award',
    sourceId: p.sourceId,
    sourceNo: p.sourceNo,
    contractLineId: p.source === 'contract' ? p.sourceLineId : null,
  };
}
