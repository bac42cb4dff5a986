import { OPERATION_TYPE, RECONCILIATION_STATUS, sumTaxed, taxedLine, text } from '@concord/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { customers, materials, materialCustomers as mc } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { maskForViewer } from '../../platform/masking.ts';
import { type Cell, decimalCell, LOCALE_INDEX, RATE_PLACES, writeWorkbook } from '../../platform/xlsx-typed.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { RECONCILIATION_MODULE, type StatementRow } from './reconciliations.common.ts';
import { findStatement, placesOfStatement, type TaxedStatementLine, taxedLinesOf } from './reconciliations.query.ts';

/*
 * The seller issues the 发票 (issue 16 §3): from a confirmed statement, the lines as the supplier's
 * clerk types them into the invoicing system — the supplier's own material and tax classification,
 * quantity, unit price and amount excluding tax, rate and tax.
 */

const HEADERS = [
  ['Line', '行号', '行號'],
  ['Material code', '物料编码', '料號'],
  ['Goods or service name', '货物或应税劳务、服务名称', '貨物或應稅勞務、服務名稱'],
  ['Specification', '规格型号', '規格型號'],
  ['Unit', '单位', '單位'],
  ['Tax classification code', '税收分类编码', '稅收分類編碼'],
  ['Tax classification name', '税收分类名称', '稅收分類名稱'],
  ['Quantity', '数量', '數量'],
  ['Unit price excl. tax', '单价（不含税）', '單價（未稅）'],
  ['Amount excl. tax', '金额（不含税）', '金額（未稅）'],
  ['Tax rate %', '税率%', '稅率%'],
  ['Tax', '税额', '稅額'],
  ['Amount incl. tax', '价税合计', '價稅合計'],
  ["Customer's material code", '客户物料编码', '客戶料號'],
] as const;

const TOTAL = ['Total', '合计', '合計'] as const;

/**
 * Places of a unit price excluding tax (a tax-included price divided by 1 + rate rarely ends): invoicing
 * systems take up to eight, and at eight quantity × unit price differs from the amount by at most
 * 0.005 + 0.005 ÷ (1 + r) + quantity × 0.000000005, inside their one-cent tolerance for any quantity a
 * statement line has in practice. A price given excluding tax has fewer places and comes out as it is.
 */
const UNIT_PRICE_PLACES = 8;

/** The supplier's names of a customer's material, from its material-customer relation. */
interface SupplierMaterial {
  prdtNo: string;
  prdtName: string;
  /** From the supplier's own material archive, when it keeps the material under that code. */
  prdtSpc: string | null;
  unitName: string | null;
  taxCode: string;
  taxName: string;
}

/** The caller's (the supplier's) relations for the customer's material codes, by customer code. */
async function supplierMaterials(
  q: Queryable,
  supplierTenantId: string,
  buyerTenantId: string,
  codes: string[],
): Promise<Map<string, SupplierMaterial>> {
  if (!codes.length) return new Map();
  const rows = await q
    .select({
      code: mc.custPrdtCode,
      prdtNo: mc.prdtNo,
      prdtName: mc.prdtName,
      prdtSpc: materials.prdtSpc,
      unitName: materials.poUnitName,
      taxCode: mc.taxCode,
      taxName: mc.taxName,
    })
    .from(mc)
    .innerJoin(customers, and(eq(customers.tenantId, mc.tenantId), eq(customers.id, mc.customerId)))
    .leftJoin(materials, and(eq(materials.tenantId, mc.tenantId), eq(materials.prdtNo, mc.prdtNo)))
    .where(
      and(
        eq(mc.tenantId, supplierTenantId),
        eq(customers.customerTenantId, buyerTenantId),
        inArray(mc.custPrdtCode, codes),
      ),
    );
  return new Map(rows.map(({ code, ...m }) => [code, m]));
}

/** One invoice line; money fields are named so masking finds them. */
function invoiceLine(l: TaxedStatementLine, own: SupplierMaterial | undefined) {
  return {
    lineNo: l.lineNo,
    // Each name falls back to the buyer's when the supplier keeps none for the material.
    prdtNo: own?.prdtNo || l.prdtNo,
    prdtName: own?.prdtName || l.prdtName,
    prdtSpc: own?.prdtSpc || l.prdtSpc,
    unitName: own?.unitName || l.unitName,
    taxCode: own?.taxCode ?? '',
    taxName: own?.taxName ?? '',
    qty: l.qty,
    // The price of one unit by the same tax rule as the lines: the price itself when it excludes tax.
    unitPrice: taxedLine({ qty: '1', price: l.price, taxRate: l.taxRate }, l.taxIncluded, UNIT_PRICE_PLACES).excl,
    amountExcl: l.amountExcl,
    taxRate: l.taxRate,
    taxAmount: l.taxAmount,
    amountIncl: l.amountIncl,
    customerPrdtNo: l.prdtNo,
  };
}

/** The statement as the supplier sees it; only its supplier side, confirmed, is invoiced. */
async function confirmedForSupplier(ctx: RequestContext, id: string): Promise<StatementRow> {
  const hit = await findStatement(ctx.tx, ctx.auth, id);
  // The buyer has no invoice to issue and must not read the supplier's names: not found, as for a stranger.
  if (hit?.side !== 'supplier') throw new AppError('NOT_FOUND');
  if (hit.row.status !== RECONCILIATION_STATUS.CONFIRMED) throw new AppError('RECONCILIATION_NOT_CONFIRMED');
  return hit.row;
}

/**
 * The invoice lines of a confirmed statement as a sheet for the seller, masked like every export (a
 * position without view-price gets `***` in every price and amount cell). Figures are number cells at
 * the statement's places; a unit price derived from a tax-included price shows up to eight places.
 */
export async function exportStatementInvoice(ctx: RequestContext, id: string): Promise<Buffer> {
  const { tx } = ctx;
  const row = await confirmedForSupplier(ctx, id);
  const p = await placesOfStatement(tx, row);
  const lines = await taxedLinesOf(tx, row, p);
  const own = await supplierMaterials(tx, ctx.tenantId, row.tenantId, [...new Set(lines.map((l) => l.prdtNo))]);
  const totals = sumTaxed(
    lines.map((l) => ({ excl: l.amountExcl, tax: l.taxAmount, incl: l.amountIncl })),
    p.amount,
  );
  const { invoice, total } = maskForViewer(
    {
      invoice: lines.map((l) => invoiceLine(l, own.get(l.prdtNo))),
      total: { amountExcl: totals.excl, taxAmount: totals.tax, amountIncl: totals.incl },
    },
    ctx.auth,
  );
  const i = LOCALE_INDEX[ctx.locale];
  const rows: Cell[][] = invoice.map((l) => [
    l.lineNo,
    l.prdtNo,
    l.prdtName,
    l.prdtSpc,
    l.unitName,
    l.taxCode,
    l.taxName,
    decimalCell(l.qty, p.quantity),
    decimalCell(l.unitPrice, p.price, UNIT_PRICE_PLACES),
    decimalCell(l.amountExcl, p.amount),
    decimalCell(l.taxRate, RATE_PLACES),
    decimalCell(l.taxAmount, p.amount),
    decimalCell(l.amountIncl, p.amount),
    l.customerPrdtNo,
  ]);
  rows.push([
    `${TOTAL[i]} (${row.currency})`,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    decimalCell(total.amountExcl, p.amount),
    null,
    decimalCell(total.taxAmount, p.amount),
    decimalCell(total.amountIncl, p.amount),
    null,
  ]);
  await recordOperation(tx, actorOf(ctx.auth), {
    type: OPERATION_TYPE.EXPORT,
    module: RECONCILIATION_MODULE,
    targetId: id,
    summary: text('reconciliations.invoiceExported', { statementNo: row.statementNo, count: lines.length }),
  });
  return writeWorkbook({
    name: row.statementNo,
    header: HEADERS.map((h) => h[i]),
    rows,
    widths: [6, 18, 32, 24, 8, 20, 24, 12, 16, 14, 8, 12, 14, 18],
  });
}
