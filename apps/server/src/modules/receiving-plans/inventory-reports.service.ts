import {
  type DocumentSide,
  decimalTextOfCell,
  INVENTORY_REPORT_MAX_LINES,
  type InventoryCustomer,
  type InventoryImportResult,
  type InventoryMaterial,
  type InventoryReportDetail,
  type InventoryReportItem,
  type inventoryMaterialQuerySchema,
  type inventoryReportCreateSchema,
  inventoryReportLineInputSchema,
  type inventoryReportListSchema,
  type inventoryRequestSchema,
  type JoinedSupplier,
  type ListResult,
  type Locale,
  OPERATION_TYPE,
  PURCHASE_ORDER_STATUS,
  placesOf,
  text,
} from '@concord/shared';
import { and, count, desc, eq, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, users } from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import { actorOf, escapeLike, findDocument, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { writeXlsx } from '../../platform/xlsx.ts';
import {
  type ImportCell,
  type ImportColumn,
  localizeRowErrors,
  type RowError,
  readXlsxRows,
  zodRowErrors,
} from '../../platform/xlsx-import.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { enterpriseName, nameOf } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { archiveScope, joinedSuppliers } from '../suppliers/suppliers.scope.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';
import { buyerInventoryLink, INVENTORY_MODULE, supplierInventoryLink } from './receiving-plans.common.ts';
import { inventoryReports as ir } from './receiving-plans.table.ts';

type ListQuery = z.infer<typeof inventoryReportListSchema>;
type CreateInput = z.infer<typeof inventoryReportCreateSchema>;

/** The buyer reads what suppliers shared under its supplier archive; the supplier shares from customer orders. */
export const INVENTORY_BUYER = 'PO_SUP';
export const INVENTORY_SUPPLIER = 'CU_OR_CO';
const readPermission = (side: DocumentSide) => [side === 'buyer' ? INVENTORY_BUYER : INVENTORY_SUPPLIER];

/**
 * A report has no owner on either side: the buyer's data scope narrows it only by the trading-partner
 * restriction (which suppliers), the supplier's by the client restriction (which customers).
 */
async function reportSideCondition(q: Queryable, auth: MemberAuth, side: DocumentSide): Promise<SQL | undefined> {
  const me = auth.tenantId;
  const scope = { ...(await resolveDataScope(q, auth)), all: true };
  return side === 'buyer'
    ? and(
        eq(ir.tenantId, me),
        scopeCondition(scope, { owner: ir.id, partner: { column: ir.supplierTenantId, kind: 'supplier' } }),
      )
    : and(
        eq(ir.supplierTenantId, me),
        scopeCondition(scope, { owner: ir.id, partner: { column: ir.tenantId, kind: 'client' } }),
      );
}

const itemColumns = {
  id: ir.id,
  supplierId: ir.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: ir.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  materialId: ir.materialId,
  prdtNo: ir.prdtNo,
  prdtName: ir.prdtName,
  prdtSpc: ir.prdtSpc,
  unitName: ir.unitName,
  qty: ir.qty,
  remark: ir.remark,
  reportedBy: ir.reportedByName,
  reportedAt: ir.reportedAt,
};

function itemSelect(q: Queryable) {
  return q
    .select(itemColumns)
    .from(ir)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, ir.tenantId), eq(suppliers.id, ir.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, ir.tenantId));
}

const SORTABLE = { prdtNo: ir.prdtNo, qty: ir.qty, reportedAt: ir.reportedAt };

/** The latest report per supplier and material (buyer) or per customer and material (supplier), by material. */
export async function listLatestReports(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<InventoryReportItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  requireAny(auth, readPermission(f.side));
  const material = f.material ? escapeLike(f.material) : null;
  const where = and(
    await reportSideCondition(q, auth, f.side),
    f.supplierId ? eq(ir.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(ir.tenantId, f.customerTenantId) : undefined,
    f.materialId ? eq(ir.materialId, f.materialId) : undefined,
    material ? or(ilike(ir.prdtNo, material), ilike(ir.prdtName, material)) : undefined,
  );
  const latest = q
    .selectDistinctOn([ir.tenantId, ir.supplierTenantId, ir.materialId], { id: ir.id })
    .from(ir)
    .where(where)
    .orderBy(ir.tenantId, ir.supplierTenantId, ir.materialId, desc(ir.reportedAt), desc(ir.id));
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    itemSelect(q)
      .where(inArray(ir.id, latest))
      .orderBy(...orderBy(query.orderParam, SORTABLE, [ir.prdtNo, 'asc']), desc(ir.reportedAt), desc(ir.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(ir).where(inArray(ir.id, latest)),
  ]);
  return { dataList: rows as InventoryReportItem[], totalCount: total };
}

export async function getReport({ tx: q, auth }: RequestContext, id: string): Promise<InventoryReportDetail> {
  const hit = await findDocument(q, auth, ir, id, {
    visible: (side) => reportSideCondition(q, auth, side),
    read: readPermission,
  });
  if (!hit) throw new AppError('NOT_FOUND');
  const { side, row } = hit;
  const all = (await itemSelect(q)
    .where(
      and(
        eq(ir.tenantId, row.tenantId),
        eq(ir.supplierTenantId, row.supplierTenantId),
        eq(ir.materialId, row.materialId),
      ),
    )
    .orderBy(desc(ir.reportedAt), desc(ir.id))
    .limit(100)) as InventoryReportItem[];
  const item = all.find((r) => r.id === id)!;
  return { ...item, side, history: all.filter((r) => r.id !== id) };
}

// ---------------------------------------------------------------------------------------------
// Supplier: which customers and materials, and reporting

/** Customers that sent the caller orders, within its client restriction. */
async function customerCondition(q: Queryable, auth: MemberAuth): Promise<SQL | undefined> {
  const scope = { ...(await resolveDataScope(q, auth)), all: true };
  return and(
    eq(po.supplierTenantId, auth.tenantId),
    ne(po.status, PURCHASE_ORDER_STATUS.DRAFT),
    scopeCondition(scope, { owner: po.id, partner: { column: po.tenantId, kind: 'client' } }),
  );
}

export async function listReportingCustomers({ tx, auth }: RequestContext): Promise<InventoryCustomer[]> {
  requireAny(auth, [INVENTORY_SUPPLIER]);
  return reportingCustomers(tx, auth);
}

async function reportingCustomers(q: Queryable, auth: MemberAuth): Promise<InventoryCustomer[]> {
  const rows = await q
    .selectDistinct({ tenantId: po.tenantId, name: sql<string>`coalesce(${enterpriseName}, '')` })
    .from(po)
    .leftJoin(enterprises, eq(enterprises.id, po.tenantId))
    .where(await customerCondition(q, auth));
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The customer's materials the caller may report on: the archive materials the customer has ordered
 * from it, described as on the newest order line (the supplier cannot read the customer's archive).
 */
async function reportableMaterials(
  q: Queryable,
  auth: MemberAuth,
  customerTenantId: string,
  narrow: { keyword?: string; ids?: string[]; codes?: string[] },
): Promise<InventoryMaterial[]> {
  const keyword = narrow.keyword ? escapeLike(narrow.keyword) : null;
  const rows = await q
    .selectDistinctOn([pol.materialId], {
      materialId: sql<string>`${pol.materialId}::text`,
      prdtNo: pol.prdtNo,
      prdtName: pol.prdtName,
      prdtSpc: pol.prdtSpc,
      supPrdtNo: pol.supPrdtNo,
      unitName: pol.unitName,
    })
    .from(pol)
    .innerJoin(po, and(eq(po.tenantId, pol.tenantId), eq(po.id, pol.orderId)))
    .where(
      and(
        await customerCondition(q, auth),
        eq(po.tenantId, customerTenantId),
        isNotNull(pol.materialId),
        keyword
          ? or(ilike(pol.prdtNo, keyword), ilike(pol.prdtName, keyword), ilike(pol.supPrdtNo, keyword))
          : undefined,
        narrow.ids ? inArray(pol.materialId, narrow.ids) : undefined,
        narrow.codes ? inArray(pol.prdtNo, narrow.codes) : undefined,
      ),
    )
    .orderBy(pol.materialId, desc(pol.createdAt))
    .limit(narrow.ids || narrow.codes ? INVENTORY_REPORT_MAX_LINES : 200);
  return rows.sort((a, b) => a.prdtNo.localeCompare(b.prdtNo));
}

export async function listReportableMaterials(
  { tx, auth }: RequestContext,
  query: z.infer<typeof inventoryMaterialQuerySchema>,
): Promise<InventoryMaterial[]> {
  requireAny(auth, [INVENTORY_SUPPLIER]);
  return reportableMaterials(tx, auth, query.customerTenantId, { keyword: query.keyword });
}

/**
 * Writes the supplier's reports into the customer's rows (docs/decisions.md: reports belong to the
 * buyer relation). The customer and every material are checked in the supplier's own context first;
 * only then does the transaction move to the customer's context for the insert and back for the log.
 */
async function writeReports(
  ctx: RequestContext,
  customerTenantId: string,
  lines: { materialId: string; qty: string; remark: string }[],
): Promise<InventoryImportResult> {
  const { tx, auth, tenantId: me } = ctx;
  const known = await reportableMaterials(tx, auth, customerTenantId, {
    ids: [...new Set(lines.map((l) => l.materialId))],
  });
  if (!known.length) {
    const customers = await reportingCustomers(tx, auth);
    if (!customers.some((c) => c.tenantId === customerTenantId)) throw new AppError('NOT_FOUND');
  }
  const byId = new Map(known.map((m) => [m.materialId, m]));
  const [archive] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, customerTenantId), eq(suppliers.supplierTenantId, me)))
    .limit(1);
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, auth.userId));
  const rows = lines.map((l) => {
    const m = byId.get(l.materialId);
    if (!m) throw new AppError('INVENTORY_MATERIAL_NOT_FOUND', { code: l.materialId });
    return {
      tenantId: customerTenantId,
      supplierTenantId: me,
      id: newId(),
      supplierId: archive?.id ?? null,
      materialId: m.materialId,
      prdtNo: m.prdtNo,
      prdtName: m.prdtName,
      prdtSpc: m.prdtSpc,
      unitName: m.unitName,
      qty: l.qty,
      remark: l.remark,
      reportedBy: auth.userId,
      reportedByName: user?.name || auth.username,
    };
  });
  await switchTenant(tx, customerTenantId);
  for (let i = 0; i < rows.length; i += 500) await tx.insert(ir).values(rows.slice(i, i + 500));
  await switchTenant(tx, me);
  const items = rows
    .slice(0, 10)
    .map((r) => `${r.prdtNo} ${r.qty}`)
    .join('; ');
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.ADD,
    module: INVENTORY_MODULE,
    summary: text('inventory.shared', {
      count: rows.length,
      customer: await nameOf(tx, customerTenantId),
      items: `${items}${rows.length > 10 ? '; …' : ''}`,
    }),
  });
  const told = { party: await nameOf(tx, me), count: rows.length };
  const note = {
    tenantId: customerTenantId,
    title: text('inventory.sharedTitle', told),
    content: text('inventory.sharedBody', told),
    link: buyerInventoryLink(),
  };
  ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', [note]));
  return { count: rows.length };
}

/**
 * Stock is the reporter's own count, so its quantity places are the reporting enterprise's setting
 * (there is no order to take them from).
 */
const stockPlaces = async ({ tx, tenantId }: RequestContext) => (await getDecimalPlaces(tx, tenantId)).quantity;

export async function createReports(ctx: RequestContext, input: CreateInput): Promise<InventoryImportResult> {
  requireAny(ctx.auth, [INVENTORY_SUPPLIER]);
  const places = await stockPlaces(ctx);
  const lines = input.lines.map((l, i) => ({ ...l, qty: placedDecimal(l.qty, places, `lines.${i}.qty`) }));
  return idempotent(ctx.tx, ctx.idem, () => writeReports(ctx, input.customerTenantId, lines));
}

// ---------------------------------------------------------------------------------------------
// Excel

const HEADERS = {
  code: ['Material code', '物料编码', '料號'],
  qty: ['Stock quantity', '库存数量', '庫存數量'],
  remark: ['Remark', '备注', '備註'],
} as const;

const IMPORT_COLUMNS: ImportColumn<keyof typeof HEADERS>[] = [
  { key: 'code', headers: HEADERS.code, required: true },
  { key: 'qty', headers: HEADERS.qty, required: true },
  { key: 'remark', headers: HEADERS.remark },
];

const LOCALE_INDEX: Record<Locale, number> = { 'en-US': 0, 'zh-CN': 1, 'zh-TW': 2 };

export async function importTemplate({ locale }: RequestContext): Promise<Buffer> {
  const i = LOCALE_INDEX[locale];
  return await writeXlsx({
    name: ['Inventory', '库存', '庫存'][i]!,
    header: [HEADERS.code[i], HEADERS.qty[i], HEADERS.remark[i]],
    rows: [],
    widths: [20, 16, 30],
  });
}

const importRowSchema = z.object({
  code: z.coerce.string().trim().min(1).max(64),
  qty: inventoryReportLineInputSchema.shape.qty,
  remark: z
    .union([z.string(), z.number()])
    .nullable()
    .transform((v) => (v === null ? '' : String(v).trim()))
    .pipe(z.string().max(500)),
});

/** A number cell as the decimal text it shows; typed text as it is, for the decimal schema to judge. */
const decimalOf = (v: ImportCell | undefined) =>
  v === null || v === undefined ? v : typeof v === 'number' ? decimalTextOfCell(v) : v.trim();

/** All or nothing: any row error refuses the whole file, with every error listed (QUALITY I-10). */
export async function importReports(
  ctx: RequestContext,
  customerTenantId: string,
  file: Buffer,
): Promise<InventoryImportResult> {
  const { tx, auth, locale } = ctx;
  requireAny(auth, [INVENTORY_SUPPLIER]);
  const read = await readXlsxRows(file, IMPORT_COLUMNS, { limits: { maxRows: INVENTORY_REPORT_MAX_LINES } });
  const errors: RowError[] = [...read.errors];
  const columnOf = (key: string) => HEADERS[key as keyof typeof HEADERS]?.[LOCALE_INDEX[locale]] ?? key;
  const places = await stockPlaces(ctx);
  const parsed: { row: number; code: string; qty: string; remark: string }[] = [];
  for (const r of read.rows) {
    const result = importRowSchema.safeParse({ ...r.values, qty: decimalOf(r.values.qty) });
    if (!result.success) errors.push(...zodRowErrors(r.row, result.error, r.values, columnOf));
    else if (placesOf(result.data.qty) > places)
      errors.push({ row: r.row, column: columnOf('qty'), reason: 'IMPORT_DECIMAL_PLACES', params: { places } });
    else parsed.push({ row: r.row, ...result.data });
  }
  return idempotent(tx, ctx.idem, async () => {
    const known = await reportableMaterials(tx, auth, customerTenantId, {
      codes: [...new Set(parsed.map((p) => p.code))],
    });
    const byCode = new Map(known.map((m) => [m.prdtNo, m]));
    for (const p of parsed) {
      if (!byCode.has(p.code))
        errors.push({
          row: p.row,
          column: columnOf('code'),
          reason: 'INVENTORY_MATERIAL_NOT_FOUND',
          params: { code: p.code },
        });
    }
    if (!parsed.length && !errors.length)
      errors.push({ row: 2, column: columnOf('code'), reason: 'IMPORT_VALUE_REQUIRED' });
    if (errors.length) {
      const sorted = errors.sort((a, b) => a.row - b.row);
      throw new AppError('IMPORT_ROWS_INVALID', { count: sorted.length }, localizeRowErrors(sorted, locale));
    }
    const lines = parsed.map((p) => ({ materialId: byCode.get(p.code)!.materialId, qty: p.qty, remark: p.remark }));
    return writeReports(ctx, customerTenantId, lines);
  });
}

// ---------------------------------------------------------------------------------------------
// Buyer: asking suppliers to share

export async function listSupplierChoices({ tx, auth }: RequestContext): Promise<JoinedSupplier[]> {
  requireAny(auth, [INVENTORY_BUYER]);
  return joinedSuppliers(tx, auth);
}

export async function requestReports(
  ctx: RequestContext,
  input: z.infer<typeof inventoryRequestSchema>,
): Promise<InventoryImportResult> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [INVENTORY_BUYER]);
  const scope = await resolveDataScope(tx, auth);
  const targets = await tx
    .select({ id: suppliers.id, supName: suppliers.supName, supplierTenantId: suppliers.supplierTenantId })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.tenantId, me),
        inArray(suppliers.id, input.supplierIds),
        isNotNull(suppliers.supplierTenantId),
        archiveScope(scope),
      ),
    );
  if (targets.length !== new Set(input.supplierIds).size) throw new AppError('NOT_FOUND');
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.ADD,
    module: INVENTORY_MODULE,
    summary: input.message
      ? text('inventory.requestedWithMessage', { count: targets.length, message: input.message })
      : text('inventory.requested', { count: targets.length }),
  });
  const party = await nameOf(tx, me);
  const notes = targets.map((t) => ({
    tenantId: t.supplierTenantId!,
    title: text('inventory.requestedTitle', { party }),
    content: input.message
      ? text('inventory.requestMessage', { message: input.message })
      : text('inventory.requestedBody', { party }),
    link: supplierInventoryLink(),
  }));
  ctx.afterCommit(() => tellParty(ctx.tell, 'delivery', notes));
  return { count: targets.length };
}
