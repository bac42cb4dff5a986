import {
  addCalendarDays,
  addCalendarYears,
  CONTRACT_EDITABLE_STATUSES,
  CONTRACT_STATUS,
  type ContractCreated,
  compareDecimals,
  type contractCreateSchema,
  type contractFromInquirySchema,
  type contractLineInputSchema,
  type contractUpdateSchema,
  type DecimalPlaces,
  INQUIRY_STATUS,
  MATERIAL_STATUS,
  OPERATION_TYPE,
  sumDecimals,
  text,
} from '@concord/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, materials, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { placedDecimal, RATE_INPUT_PLACES } from '../../platform/decimal-places.ts';
import { actorOf, nextDocumentNumber, requireAny } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { todayOf } from '../../platform/time.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { findInquiry } from '../inquiries/inquiries.common.ts';
import { inquiryLines } from '../inquiries/inquiries.table.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { quotationLines, quotations } from '../quotations/quotations.table.ts';
import { archiveScope } from '../suppliers/suppliers.scope.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';
import { sendContract, tellSent } from './contracts.actions.ts';
import { BUYER, CONTRACT_MODULE, findContract } from './contracts.common.ts';
import { contracts as c, contractLines as cl } from './contracts.table.ts';

/* The buyer drafts and edits contracts; the steps of the transition table are in contracts.actions.ts. */

type CreateInput = z.infer<typeof contractCreateSchema>;
type UpdateInput = z.infer<typeof contractUpdateSchema>;
type LineInput = z.infer<typeof contractLineInputSchema>;
type FromInquiryInput = z.infer<typeof contractFromInquirySchema>;
type SummaryOf = (contractNo: string) => ReturnType<typeof text>;
type LineValues = Omit<typeof cl.$inferInsert, 'tenantId' | 'supplierTenantId' | 'id' | 'contractId'>;

/** A supplier of the caller's archive within its data scope, not blocked; joined or not (a draft may wait). */
async function checkSupplier(ctx: RequestContext, supplierId: string) {
  const { tx, auth, tenantId: me } = ctx;
  const [seen] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(eq(suppliers.tenantId, me), eq(suppliers.id, supplierId), archiveScope(await resolveDataScope(tx, auth))),
    )
    .limit(1);
  if (!seen) throw new AppError('NOT_FOUND');
  return assertSupplierAddressable(tx, me, supplierId);
}

function checkDates(input: { validFrom: string; validTo: string }) {
  if (input.validTo < input.validFrom)
    throw new AppError('CONTRACT_END_BEFORE_START', { validFrom: input.validFrom, validTo: input.validTo });
}

/**
 * The buyer's lines as stored: archive materials fill in code, name, specification and unit, one line
 * per material; prices, breaks and caps are rounded to the buyer's decimal places.
 */
async function resolveLines(q: Queryable, tenantId: string, lines: LineInput[], places: DecimalPlaces) {
  const ids = [...new Set(lines.map((l) => l.materialId))];
  const found = await q
    .select({
      id: materials.id,
      prdtNo: materials.prdtNo,
      prdtName: materials.prdtName,
      prdtSpc: materials.prdtSpc,
      unitNo: materials.poUnitNo,
      unitName: materials.poUnitName,
      status: materials.status,
    })
    .from(materials)
    .where(and(eq(materials.tenantId, tenantId), inArray(materials.id, ids)));
  const byId = new Map(found.map((m) => [m.id, m]));
  const seen = new Set<string>();
  return lines.map((l, i): LineValues => {
    const m = byId.get(l.materialId);
    if (!m || m.status !== MATERIAL_STATUS.ENABLED)
      throw new AppError('CONTRACT_MATERIAL_NOT_FOUND', { lineNo: i + 1 });
    if (seen.has(m.id)) throw new AppError('CONTRACT_MATERIAL_REPEATED', { prdtNo: m.prdtNo });
    seen.add(m.id);
    const price = (v: string, at: string) => placedDecimal(v, places.price, `lines.${i}.${at}`);
    const qty = (v: string, at: string) => placedDecimal(v, places.quantity, `lines.${i}.${at}`);
    return {
      lineNo: i + 1,
      materialId: m.id,
      prdtNo: m.prdtNo,
      prdtName: m.prdtName,
      prdtSpc: m.prdtSpc,
      unitNo: m.unitNo,
      unitName: m.unitName,
      price: l.price === null ? null : price(l.price, 'price'),
      taxRate: placedDecimal(l.taxRate, RATE_INPUT_PLACES, `lines.${i}.taxRate`),
      priceBreaks: l.priceBreaks.map((b, k) => ({
        minQty: qty(b.minQty, `priceBreaks.${k}.minQty`),
        price: price(b.price, `priceBreaks.${k}.price`),
      })),
      qtyCap: l.qtyCap === null ? null : qty(l.qtyCap, 'qtyCap'),
      remark: l.remark,
    };
  });
}

async function insertLines(
  tx: Queryable,
  contract: { tenantId: string; id: string; supplierTenantId: string | null },
  lines: LineValues[],
) {
  await tx.insert(cl).values(
    lines.map((l) => ({
      ...l,
      tenantId: contract.tenantId,
      supplierTenantId: contract.supplierTenantId,
      id: newId(),
      contractId: contract.id,
    })),
  );
}

/** The header fields a create and an edit both write. */
async function headerOf(ctx: RequestContext, input: CreateInput | UpdateInput, places: DecimalPlaces) {
  let terms = input.terms;
  if (terms === undefined) {
    const [me] = await ctx.tx
      .select({ terms: enterprises.contractTerms })
      .from(enterprises)
      .where(eq(enterprises.id, ctx.tenantId));
    terms = me?.terms ?? '';
  }
  return {
    kind: input.kind,
    supplierId: input.supplierId,
    title: input.title,
    validFrom: input.validFrom,
    validTo: input.validTo,
    currency: input.currency,
    taxIncluded: input.taxIncluded,
    paymentTerms: input.paymentTerms,
    terms,
    amountCap: input.amountCap === null ? null : placedDecimal(input.amountCap, places.amount, 'amountCap'),
    attachments: input.attachments,
    decimalPlaces: places,
  };
}

export async function createContract(ctx: RequestContext, input: CreateInput): Promise<ContractCreated> {
  requireAny(ctx.auth, [BUYER]);
  return idempotent(ctx.tx, ctx.idem, () => insertContract(ctx, input));
}

/** Writes a new contract (and sends it with `send`); `summary` replaces the log's "drafted". */
async function insertContract(ctx: RequestContext, input: CreateInput, summary?: SummaryOf): Promise<ContractCreated> {
  const { tx, auth, tenantId: me } = ctx;
  checkDates(input);
  await checkSupplier(ctx, input.supplierId);
  const places = await getDecimalPlaces(tx, me);
  const lines = await resolveLines(tx, me, input.lines, places);
  const id = newId();
  const contractNo = await nextDocumentNumber(tx, { prefix: 'CT', table: c, column: c.contractNo, owner: me });
  await tx.insert(c).values({
    tenantId: me,
    id,
    contractNo,
    ...(await headerOf(ctx, input, places)),
    lineCount: lines.length,
    ownerId: auth.userId,
    deptId: auth.deptId,
  });
  await insertLines(tx, { tenantId: me, id, supplierTenantId: null }, lines);
  await attachFiles(tx, auth.userId, { table: c, id, ownerTenantId: me }, input.attachments);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.ADD,
    module: CONTRACT_MODULE,
    targetId: id,
    summary: summary
      ? summary(contractNo)
      : text(input.send ? 'contracts.createdAndSent' : 'contracts.created', { contractNo, count: lines.length }),
  });
  if (!input.send) return { id, contractNo, status: CONTRACT_STATUS.DRAFT, version: 1 };
  const [draft] = await tx
    .select()
    .from(c)
    .where(and(eq(c.tenantId, me), eq(c.id, id)));
  const sent = await sendContract(ctx, draft!);
  // Registered only when the create really ran: a replayed Idempotency-Key tells nobody twice.
  ctx.afterCommit(() => tellSent(ctx.tell, me, sent));
  return { id, contractNo, status: CONTRACT_STATUS.SENT, version: sent.version };
}

/**
 * A draft framework contract from an awarded inquiry, in one step: the lines the inquiry's last round
 * awarded to `supplierId`, each at its awarded price and tax rate, capped at the awarded quantity; the
 * inquiry's currency, tax and payment terms; valid from today (the buyer's zone) until the earliest
 * validity the supplier quoted for those lines, else for a year. The buyer edits it before sending.
 * Reads the award (quotation lines with `award_qty`) and never changes the inquiry.
 */
export async function createContractFromInquiry(
  ctx: RequestContext,
  input: FromInquiryInput,
): Promise<ContractCreated> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [BUYER]);
  const inquiry = await findInquiry(tx, auth, input.inquiryId);
  if (!inquiry) throw new AppError('NOT_FOUND');
  if (inquiry.status !== INQUIRY_STATUS.AWARDED) throw new AppError('INQUIRY_NOT_AWARDED');
  return idempotent(tx, ctx.idem, async () => {
    const awarded = await tx
      .select({
        materialId: inquiryLines.materialId,
        qty: quotationLines.awardQty,
        price: quotationLines.awardPrice,
        taxRate: quotationLines.taxRate,
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
          eq(quotations.tenantId, me),
          eq(quotations.inquiryId, inquiry.id),
          eq(quotations.round, inquiry.round),
          eq(quotations.supplierId, input.supplierId),
          sql`${quotationLines.awardQty} > 0`,
        ),
      )
      .orderBy(asc(inquiryLines.lineNo));
    if (!awarded.length) throw new AppError('CONTRACT_NOT_AWARDED', { inquiryNo: inquiry.inquiryNo });
    // One line per material: lines of the same material awarded to the supplier add up at the lower price.
    const byMaterial = new Map<string, (typeof awarded)[number]>();
    for (const a of awarded) {
      const seen = byMaterial.get(a.materialId);
      if (!seen) byMaterial.set(a.materialId, { ...a });
      else {
        seen.qty = sumDecimals([seen.qty!, a.qty!], 10);
        if (compareDecimals(a.price!, seen.price!) < 0) seen.price = a.price;
      }
    }
    const today = await todayOf(tx, me);
    const quoted = awarded.map((a) => a.validUntil).filter((d): d is string => !!d && d >= today);
    const validFrom = input.validFrom ?? today;
    const validTo =
      input.validTo ?? (quoted.length ? quoted.sort()[0]! : addCalendarDays(addCalendarYears(validFrom, 1), -1));
    const lines = [...byMaterial.values()];
    return insertContract(
      ctx,
      {
        kind: input.kind,
        supplierId: input.supplierId,
        title: input.title ?? inquiry.title,
        validFrom,
        validTo,
        currency: inquiry.currency as CreateInput['currency'],
        taxIncluded: inquiry.taxIncluded,
        paymentTerms: inquiry.paymentTerms,
        terms: undefined,
        amountCap: null,
        attachments: [],
        send: false,
        lines: lines.map((l) => ({
          materialId: l.materialId,
          price: l.price,
          taxRate: l.taxRate ?? '0',
          priceBreaks: [],
          qtyCap: l.qty,
          remark: inquiry.inquiryNo,
        })),
      },
      (contractNo) =>
        text('contracts.createdFromInquiry', { contractNo, inquiryNo: inquiry.inquiryNo, count: lines.length }),
    );
  });
}

/** The buyer edits a draft or a returned contract; the supplier answers by returning it, never by editing. */
export async function updateContract(ctx: RequestContext, id: string, input: UpdateInput): Promise<void> {
  const { tx, auth, tenantId: me } = ctx;
  const hit = await findContract(tx, auth, id);
  if (!hit) throw new AppError('NOT_FOUND');
  if (hit.side === 'supplier') throw new AppError('CONTRACT_SUPPLIER_CANNOT_EDIT');
  requireAny(auth, [BUYER]);
  if (!CONTRACT_EDITABLE_STATUSES.includes(hit.row.status as never)) throw new AppError('CONTRACT_NOT_EDITABLE');
  if (hit.row.supplierTenantId && input.supplierId !== hit.row.supplierId)
    throw new AppError('CONTRACT_SUPPLIER_FIXED');
  checkDates(input);
  await checkSupplier(ctx, input.supplierId);
  const places = await getDecimalPlaces(tx, me);
  const lines = await resolveLines(tx, me, input.lines, places);
  const [moved] = await tx
    .update(c)
    .set({
      ...(await headerOf(ctx, input, places)),
      lineCount: lines.length,
      version: sql`${c.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(c.tenantId, me),
        eq(c.id, id),
        eq(c.version, input.version),
        inArray(c.status, [...CONTRACT_EDITABLE_STATUSES]),
      ),
    )
    .returning({ supplierTenantId: c.supplierTenantId });
  if (!moved) throw new AppError('CONFLICT');
  await tx.delete(cl).where(and(eq(cl.tenantId, me), eq(cl.contractId, id)));
  await insertLines(tx, { tenantId: me, id, supplierTenantId: moved.supplierTenantId }, lines);
  await attachFiles(
    tx,
    auth.userId,
    { table: c, id, ownerTenantId: me, partnerTenantId: moved.supplierTenantId },
    input.attachments,
  );
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: CONTRACT_MODULE,
    targetId: id,
    summary: text('contracts.edited', { contractNo: hit.row.contractNo, count: lines.length }),
  });
}
