import {
  addDecimals,
  compareDecimals,
  DELIVERY_NOTE_STATUS,
  DELIVERY_PACKAGE_KIND,
  type DecimalPlaces,
  deliveryNoteMachine,
  type InspectionResult,
  type inspectionCreateSchema,
  lineAmount,
  type ManualReceiptResult,
  type manualReceiptSchema,
  OPERATION_TYPE,
  type PackageScanResult,
  placesOf,
  type ReceiptNoteAction,
  type ReceiptStepResult,
  type receiptNoteActionSchema,
  roundDecimal,
  sumDecimals,
  type TextKey,
  type TextRef,
  text,
} from '@concord/shared';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import {
  actorOf,
  claimDocument,
  nextDocumentNumber,
  requireAny,
  sideCondition,
  userNameOf,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { dayIn, instantAt, timeZoneOf } from '../../platform/time.ts';
import { warehouses } from '../basic-data/basic-data.table.ts';
import { NOTE_MODULE, noteSideCondition, supplierNoteLink } from '../delivery-notes/delivery-notes.common.ts';
import {
  deliveryNotes as dn,
  deliveryNoteLines as dnl,
  deliveryPackages as dp,
} from '../delivery-notes/delivery-notes.table.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { enterprises } from '../enterprises/enterprises.table.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import { purchaseOrders as po, purchaseOrderLines as pol } from '../purchase-orders/purchase-orders.table.ts';
import { RECEIVER } from './receipts.common.ts';
import { receipts as rc, receiptInspections as ri, receiptLines as rl } from './receipts.table.ts';

type ActionBody = z.infer<typeof receiptNoteActionSchema>;
type ManualInput = z.infer<typeof manualReceiptSchema>;
type InspectionInput = z.infer<typeof inspectionCreateSchema>;
export type NoteRow = typeof dn.$inferSelect;
type LineRow = typeof dnl.$inferSelect;

const D = DELIVERY_NOTE_STATUS;
const DEFAULT_PLACES: DecimalPlaces = { quantity: 2, price: 4, amount: 2 };
/** a + b of stored quantities, exact at the places they have. */
const exactSum = (a: string, b: string) => addDecimals(a, b, Math.max(placesOf(a), placesOf(b)));

/** One of my enterprise's delivery notices within the caller's data scope; anything else is not found. */
export async function buyerNote(q: Queryable, auth: MemberAuth, id: string): Promise<NoteRow> {
  requireAny(auth, [RECEIVER]);
  const [row] = await q
    .select()
    .from(dn)
    .where(and(eq(dn.id, id), await noteSideCondition(q, auth, 'buyer')))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Receiving and inspecting happen only while the note is arrived. The share lock keeps a concurrent
 * "finish inspection" from closing the note under a scan, while scans of one note still run together.
 */
async function requireArrived(tx: Queryable, note: NoteRow): Promise<void> {
  const [now] = await tx
    .select({ status: dn.status })
    .from(dn)
    .where(and(eq(dn.tenantId, note.tenantId), eq(dn.id, note.id)))
    .for('share');
  if (now?.status !== D.ARRIVED) throw new AppError('RECEIPT_NOTE_NOT_ARRIVED', { noteNo: note.noteNo });
}

/** Decimal places of the orders behind each line of a note (an order keeps those it was made with). */
async function placesByLine(tx: Queryable, note: NoteRow): Promise<Map<string, DecimalPlaces>> {
  const rows = await tx
    .select({ lineId: dnl.id, places: po.decimalPlaces })
    .from(dnl)
    .leftJoin(po, and(eq(po.tenantId, dnl.tenantId), eq(po.id, dnl.orderId)))
    .where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.noteId, note.id)));
  return new Map(rows.map((r) => [r.lineId, r.places ?? DEFAULT_PLACES]));
}

/** Registered after the commit: the supplier hears of a step only once it is really done. */
function tellSupplier(ctx: RequestContext, note: NoteRow, title: TextKey, content: TextRef) {
  ctx.afterCommit(async () => {
    const party = await nameOf(ctx.tell.db, ctx.tenantId);
    await tellParty(ctx.tell, 'delivery', [
      {
        tenantId: note.supplierTenantId,
        title: text(title, { party, noteNo: note.noteNo }),
        content,
        link: supplierNoteLink(note.id),
      },
    ]);
  });
}

// ---------------------------------------------------------------------------------------------
// Arrival, acceptance, warehousing: the buyer's rows of DELIVERY_NOTE_TRANSITIONS

/**
 * The instant an arrival is kept as: now for the buyer's today, else noon of the day in the buyer's
 * zone, so that the day read back in that zone (receipts, reports) is the day given. "Now" is the
 * clock today was read from, so the two cannot fall on different days.
 */
function arrivalInstant(date: string | undefined, zone: string): string {
  const now = new Date();
  const today = dayIn(now, zone);
  const day = date ?? today;
  if (day > today) throw new AppError('RECEIPT_ARRIVAL_IN_FUTURE', { date: day });
  return (day === today ? now : instantAt(day, zone, '12:00:00')).toISOString();
}

/** The calendar day of an instant column in a zone. */
const dayOf = (column: typeof dn.arrivedAt, zone: string) =>
  sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;

async function registerArrival(tx: Queryable, auth: MemberAuth, note: NoteRow, body: ActionBody): Promise<TextRef> {
  const zone = await timeZoneOf(tx, note.tenantId);
  await tx
    .update(dn)
    .set({ status: D.ARRIVED, arrivedAt: arrivalInstant(body.arrivalDate, zone), arrivedBy: auth.userId })
    .where(and(eq(dn.tenantId, note.tenantId), eq(dn.id, note.id)));
  const [row] = await tx
    .select({ day: dayOf(dn.arrivedAt, zone) })
    .from(dn)
    .where(and(eq(dn.tenantId, note.tenantId), eq(dn.id, note.id)));
  return text('receipts.arrived', { noteNo: note.noteNo, date: row?.day ?? '' });
}

/**
 * Closes receiving and inspection. A line to inspect must be inspected in full; a line that needs no
 * inspection counts what was received and not rejected as qualified. What never came is short.
 */
async function acceptNote(tx: Queryable, note: NoteRow): Promise<TextRef> {
  const [open] = await tx
    .select()
    .from(dnl)
    .where(
      and(
        eq(dnl.tenantId, note.tenantId),
        eq(dnl.noteId, note.id),
        eq(dnl.isCheck, true),
        sql`${dnl.qualifiedQty} + ${dnl.unqualifiedQty} <> ${dnl.receivedQty}`,
      ),
    )
    .orderBy(asc(dnl.lineNo))
    .limit(1);
  if (open) {
    throw new AppError('RECEIPT_INSPECTION_INCOMPLETE', {
      lineNo: open.lineNo,
      prdtNo: open.prdtNo,
      received: open.receivedQty,
      inspected: exactSum(open.qualifiedQty, open.unqualifiedQty),
    });
  }
  await tx
    .update(dnl)
    .set({
      qualifiedQty: sql`${dnl.receivedQty} - ${dnl.unqualifiedQty}`,
      version: sql`${dnl.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.noteId, note.id), eq(dnl.isCheck, false)));
  await tx
    .update(dn)
    .set({ status: D.ACCEPTED, acceptedAt: sql`now()` })
    .where(and(eq(dn.tenantId, note.tenantId), eq(dn.id, note.id)));
  const [sums] = await tx
    .select({
      received: sql<string>`coalesce(sum(${dnl.receivedQty}), 0)::text`,
      qualified: sql<string>`coalesce(sum(${dnl.qualifiedQty}), 0)::text`,
      unqualified: sql<string>`coalesce(sum(${dnl.unqualifiedQty}), 0)::text`,
      short: sql<string>`coalesce(sum(${dnl.qty} - ${dnl.receivedQty}), 0)::text`,
    })
    .from(dnl)
    .where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.noteId, note.id)));
  return text('receipts.inspectionFinished', { noteNo: note.noteNo, ...sums! });
}

interface Warehoused {
  receiptId: string;
  receiptNo: string;
  summary: TextRef;
}

/**
 * Puts the qualified quantities not yet warehoused into one receipt, with each order line's price,
 * tax rate and currency at this moment, and counts them as received on the order lines.
 */
async function warehouseNote(tx: Queryable, auth: MemberAuth, note: NoteRow, body: ActionBody): Promise<Warehoused> {
  const me = note.tenantId;
  if (body.warehouseId) {
    const [w] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.tenantId, me), eq(warehouses.id, body.warehouseId)));
    if (!w) throw new AppError('RECEIPT_WAREHOUSE_UNKNOWN');
  }
  const zone = await timeZoneOf(tx, me);
  const today = dayIn(new Date(), zone);
  const [arrival] = await tx
    .select({ day: dayOf(dn.arrivedAt, zone) })
    .from(dn)
    .where(and(eq(dn.tenantId, me), eq(dn.id, note.id)));
  const arrivalDate = arrival?.day ?? today;
  const receiptDate = body.receiptDate ?? today;
  if (receiptDate > today || receiptDate < arrivalDate) {
    throw new AppError('RECEIPT_DATE_INVALID', { date: receiptDate, arrivalDate });
  }

  const rows = await tx
    .select({
      line: dnl,
      price: pol.price,
      taxRate: pol.taxRate,
      orderWarehouseId: pol.warehouseId,
      currency: po.currency,
      places: po.decimalPlaces,
      open: sql<string>`(${dnl.qualifiedQty} - ${dnl.warehousedQty})::text`,
    })
    .from(dnl)
    .innerJoin(pol, and(eq(pol.tenantId, dnl.tenantId), eq(pol.id, dnl.orderLineId)))
    .innerJoin(po, and(eq(po.tenantId, dnl.tenantId), eq(po.id, dnl.orderId)))
    .where(and(eq(dnl.tenantId, me), eq(dnl.noteId, note.id), sql`${dnl.qualifiedQty} > ${dnl.warehousedQty}`))
    .orderBy(asc(dnl.lineNo));
  if (!rows.length) throw new AppError('RECEIPT_NOTHING_QUALIFIED', { noteNo: note.noteNo });

  const receiptId = newId();
  const receiptNo = await nextDocumentNumber(tx, { prefix: 'RK', table: rc, column: rc.receiptNo, owner: me });
  const lines = rows.map((r, i) => {
    const places = r.places ?? DEFAULT_PLACES;
    const qty = roundDecimal(r.open, places.quantity);
    return {
      tenantId: me,
      supplierTenantId: note.supplierTenantId,
      id: newId(),
      receiptId,
      lineNo: i + 1,
      noteId: note.id,
      noteLineId: r.line.id,
      orderId: r.line.orderId,
      orderLineId: r.line.orderLineId,
      orderNo: r.line.orderNo,
      supplierId: note.supplierId,
      materialId: r.line.materialId,
      prdtNo: r.line.prdtNo,
      prdtName: r.line.prdtName,
      prdtSpc: r.line.prdtSpc,
      unitName: r.line.unitName,
      qty,
      price: r.price,
      taxRate: r.taxRate,
      amount: lineAmount(qty, r.price, places.amount),
      currency: r.currency,
      dueDate: r.line.dueDate,
      arrivalDate,
      receiptDate,
      warehouseId: body.warehouseId ?? r.orderWarehouseId,
      amountPlaces: places.amount,
      quantityPlaces: places.quantity,
    };
  });
  const amountPlaces = Math.max(...lines.map((l) => l.amountPlaces));
  const quantityPlaces = Math.max(...lines.map((l) => l.quantityPlaces));
  const totalQty = sumDecimals(
    lines.map((l) => l.qty),
    quantityPlaces,
  );
  const totalAmount = sumDecimals(
    lines.map((l) => l.amount),
    amountPlaces,
  );
  await tx.insert(rc).values({
    tenantId: me,
    supplierTenantId: note.supplierTenantId,
    id: receiptId,
    receiptNo,
    noteId: note.id,
    supplierId: note.supplierId,
    warehouseId: body.warehouseId ?? null,
    receiptDate,
    lineCount: lines.length,
    totalQty,
    totalAmount,
    ownerId: note.ownerId,
    deptId: note.deptId,
    createdBy: auth.userId,
  });
  await tx.insert(rl).values(lines.map(({ warehouseId: _w, amountPlaces: _a, quantityPlaces: _q, ...l }) => l));

  const byNoteLine = lines.map((l) => ({ id: l.noteLineId, qty: l.qty, w: l.warehouseId }));
  await tx.execute(sql`
    update ${dnl} as l set warehoused_qty = l.warehoused_qty + v.qty, warehouse_id = coalesce(v.w, l.warehouse_id),
           version = l.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(byNoteLine)}::jsonb) as v(id bigint, qty numeric, w bigint)
     where l.tenant_id = ${me} and l.note_id = ${note.id} and l.id = v.id`);
  // Two lines of one note may deliver the same order line: the order line takes their sum.
  const byOrderLine = new Map<string, string>();
  for (const l of lines)
    byOrderLine.set(l.orderLineId, addDecimals(byOrderLine.get(l.orderLineId) ?? '0', l.qty, l.quantityPlaces));
  const orderValues = [...byOrderLine].map(([id, qty]) => ({ id, qty }));
  await tx.execute(sql`
    update ${pol} as l set received_qty = l.received_qty + v.qty, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(orderValues)}::jsonb) as v(id bigint, qty numeric)
     where l.tenant_id = ${me} and l.id = v.id`);
  await tx
    .update(dn)
    .set({ status: D.WAREHOUSED, warehousedAt: sql`now()` })
    .where(and(eq(dn.tenantId, me), eq(dn.id, note.id)));
  return {
    receiptId,
    receiptNo,
    summary: text('receipts.warehoused', { noteNo: note.noteNo, receiptNo, count: lines.length, totalQty }),
  };
}

const TELL: Record<ReceiptNoteAction, TextKey> = {
  arrive: 'receipts.arrivedTitle',
  accept: 'receipts.inspectionFinishedTitle',
  warehouse: 'receipts.warehousedTitle',
};

/**
 * Runs one of the buyer's rows of DELIVERY_NOTE_TRANSITIONS in one transaction (whole or absent,
 * The note is claimed first, so of two concurrent steps one wins and the other gets 409.
 * Warehousing makes a receipt and honours Idempotency-Key: a retry gets the first reply.
 */
export async function actOnNote(
  ctx: RequestContext,
  id: string,
  action: ReceiptNoteAction,
  body: ActionBody,
): Promise<ReceiptStepResult> {
  const { tx, auth, tenantId: me } = ctx;
  const t = deliveryNoteMachine.transition(action)!;
  requireAny(auth, [t.permission]);
  return idempotent(tx, action === 'warehouse' ? ctx.idem : { ...ctx.idem, key: undefined }, async () => {
    const found = await buyerNote(tx, auth, id);
    const note = await claimDocument(
      tx,
      dn,
      found,
      { from: t.from, version: body.version, side: 'buyer', me },
      'RECEIPT_NOTE_STATE_CHANGED',
    );
    let receipt: Warehoused | null = null;
    let step: TextRef;
    if (action === 'arrive') step = await registerArrival(tx, auth, note, body);
    else if (action === 'accept') step = await acceptNote(tx, note);
    else {
      receipt = await warehouseNote(tx, auth, note, body);
      step = receipt.summary;
    }
    const comment = body.comment?.trim();
    const summary = comment ? text('deliveryNotes.withComment', { text: step, comment }) : step;
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: NOTE_MODULE,
      targetId: id,
      summary,
    });
    // Inside the idempotent work: a replayed warehousing tells nobody a second time.
    tellSupplier(ctx, note, TELL[action], summary);
    return {
      noteId: id,
      status: t.to,
      version: note.version,
      receiptId: receipt?.receiptId ?? null,
      receiptNo: receipt?.receiptNo ?? null,
    } satisfies ReceiptStepResult;
  });
}

// ---------------------------------------------------------------------------------------------
// Receiving packages and lines

async function alreadyReceived(tx: Queryable, code: string, packageId: string): Promise<AppError> {
  const [row] = await tx
    .select({
      // In the zone of the buyer who received it.
      at: sql<string>`to_char(${dp.receivedAt} at time zone ${enterprises.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      by: dp.receivedBy,
    })
    .from(dp)
    .innerJoin(enterprises, eq(enterprises.id, dp.tenantId))
    .where(eq(dp.id, packageId));
  const by = row?.by ? await userNameOf(tx, row.by) : '';
  return new AppError('RECEIPT_PACKAGE_ALREADY_RECEIVED', { code, at: row?.at ?? '', by });
}

/** Claims packages that nobody received yet: of two clerks scanning one package, one gets the row. */
function claimPackages(tx: Queryable, auth: MemberAuth, where: SQL | undefined) {
  return tx
    .update(dp)
    .set({ receivedAt: sql`now()`, receivedBy: auth.userId })
    .where(and(where, isNull(dp.receivedAt)))
    .returning({ id: dp.id });
}

/**
 * Adds received packages to their lines in one statement, the quantities summed exactly in SQL;
 * a line that would go above its delivered quantity (e.g. received by hand before) refuses the scan.
 */
async function addPackagesToLines(tx: Queryable, note: NoteRow, packageIds: string[], qty: string) {
  if (!packageIds.length) return [];
  const ids = sql.join(
    packageIds.map((p) => sql`${p}`),
    sql`, `,
  );
  const result = await tx.execute<{ id: string; line_no: number; received_qty: string }>(sql`
    update ${dnl} as l set received_qty = l.received_qty + v.qty, version = l.version + 1, updated_at = now()
      from (select line_id, sum(qty) as qty from ${dp}
             where tenant_id = ${note.tenantId} and id in (${ids}) group by line_id) as v
     where l.tenant_id = ${note.tenantId} and l.note_id = ${note.id} and l.id = v.line_id
       and l.received_qty + v.qty <= l.qty
    returning l.id::text as id, l.line_no, l.received_qty::text as received_qty`);
  const touched = await tx
    .selectDistinct({ lineId: dp.lineId })
    .from(dp)
    .where(and(eq(dp.tenantId, note.tenantId), inArray(dp.id, packageIds)));
  if (result.rows.length !== touched.length) {
    const done = new Set(result.rows.map((r) => r.id));
    const refused = touched.find((t) => !done.has(t.lineId))!;
    const [line] = await tx
      .select()
      .from(dnl)
      .where(and(eq(dnl.tenantId, note.tenantId), eq(dnl.id, refused.lineId)));
    throw new AppError('RECEIPT_OVER_DELIVERED', {
      lineNo: line!.lineNo,
      qty,
      delivered: line!.qty,
      received: line!.receivedQty,
    });
  }
  return result.rows.map((r) => ({ lineId: r.id, lineNo: Number(r.line_no), receivedQty: r.received_qty }));
}

/**
 * What a barcode scanner typed: the package number of one label. A small package is received; a
 * large one receives every small package in it not yet received (or itself when it holds no small
 * ones). Scanning a sent note first registers its arrival today: the goods are evidently there, and
 * the clerk at the dock should not have to stop for it.
 */
export async function scanPackage(ctx: RequestContext, noteId: string, code: string): Promise<PackageScanResult> {
  const { tx, auth, tenantId: me } = ctx;
  const note = await buyerNote(tx, auth, noteId);
  let arrived = false;
  if (note.status === D.SENT) {
    const moved = await tx
      .update(dn)
      .set({
        status: D.ARRIVED,
        arrivedAt: sql`now()`,
        arrivedBy: auth.userId,
        version: sql`${dn.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(dn.tenantId, me), eq(dn.id, note.id), eq(dn.status, D.SENT)))
      .returning({ id: dn.id });
    arrived = moved.length > 0;
    if (arrived) {
      await recordOperation(tx, actorOf(auth), {
        type: OPERATION_TYPE.UPDATE,
        module: NOTE_MODULE,
        targetId: note.id,
        summary: text('receipts.arrivedByScan', {
          noteNo: note.noteNo,
          date: dayIn(new Date(), await timeZoneOf(tx, me)),
        }),
      });
      tellSupplier(ctx, note, 'receipts.arrivedTitle', text('receipts.receivingStarted', { noteNo: note.noteNo }));
    }
  }
  await requireArrived(tx, note);

  const [pkg] = await tx
    .select()
    .from(dp)
    .where(and(eq(dp.tenantId, me), eq(dp.packageNo, code)))
    .limit(1);
  if (!pkg) throw new AppError('RECEIPT_PACKAGE_UNKNOWN', { code });
  if (pkg.noteId !== note.id) {
    const [other] = await tx
      .select({ noteNo: dn.noteNo })
      .from(dn)
      .where(and(eq(dn.id, pkg.noteId), await sideCondition(tx, auth, 'buyer', dn)));
    // A package of a notice the caller may not see is as unknown as a missing one.
    if (!other) throw new AppError('RECEIPT_PACKAGE_UNKNOWN', { code });
    throw new AppError('RECEIPT_PACKAGE_OTHER_NOTE', { code, noteNo: other.noteNo });
  }

  const [own] = await claimPackages(tx, auth, and(eq(dp.tenantId, me), eq(dp.id, pkg.id)));
  if (!own) throw await alreadyReceived(tx, code, pkg.id);
  let counted = [own.id];
  let received = 1;
  if (pkg.kind === DELIVERY_PACKAGE_KIND.LARGE) {
    const inside = await claimPackages(tx, auth, and(eq(dp.tenantId, me), eq(dp.parentId, pkg.id)));
    const [{ n }] = await tx
      .select({ n: count() })
      .from(dp)
      .where(and(eq(dp.tenantId, me), eq(dp.parentId, pkg.id)));
    if (n > 0) {
      counted = inside.map((c) => c.id);
      received = inside.length + 1;
    }
  } else if (pkg.parentId) {
    // The last small package of a large one received on its own completes the large one too.
    await tx.execute(sql`
      update ${dp} set received_at = now(), received_by = ${auth.userId}
       where tenant_id = ${me} and id = ${pkg.parentId} and received_at is null
         and not exists (select 1 from ${dp} c where c.tenant_id = ${me} and c.parent_id = ${pkg.parentId}
                                                  and c.received_at is null)`);
  }
  const [{ qty }] = await tx
    .select({ qty: sql<string>`coalesce(sum(${dp.qty}), 0)::text` })
    .from(dp)
    .where(and(eq(dp.tenantId, me), counted.length ? inArray(dp.id, counted) : sql`false`));
  const lines = await addPackagesToLines(tx, note, counted, qty);
  const [counts] = await tx
    .select({ total: count(), received: count(dp.receivedAt) })
    .from(dp)
    .where(and(eq(dp.tenantId, me), eq(dp.noteId, note.id)));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: NOTE_MODULE,
    targetId: note.id,
    summary: text('receipts.packageScanned', { code, noteNo: note.noteNo, count: received, qty }),
  });
  return {
    packageNo: code,
    kind: pkg.kind,
    received,
    qty,
    arrived,
    receivedPackageCount: counts!.received,
    packageCount: counts!.total,
    lines,
  };
}

/** Receipt by hand of lines whose labels cannot be read; never above what was delivered. */
export async function receiveLines(
  { tx, auth, tenantId: me }: RequestContext,
  noteId: string,
  input: ManualInput,
): Promise<ManualReceiptResult> {
  const note = await buyerNote(tx, auth, noteId);
  await requireArrived(tx, note);
  const places = await placesByLine(tx, note);
  const wanted = new Map<string, string>();
  for (const [i, l] of input.lines.entries()) {
    const linePlaces = places.get(l.lineId)?.quantity;
    if (linePlaces === undefined) throw new AppError('NOT_FOUND');
    const qty = placedDecimal(l.qty, linePlaces, `lines.${i}.qty`);
    wanted.set(l.lineId, addDecimals(wanted.get(l.lineId) ?? '0', qty, linePlaces));
  }
  const values = [...wanted].map(([id, qty]) => ({ id, qty }));
  const result = await tx.execute<{ id: string; line_no: number; received_qty: string }>(sql`
    update ${dnl} as l set received_qty = l.received_qty + v.qty, version = l.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id bigint, qty numeric)
     where l.tenant_id = ${me} and l.note_id = ${note.id} and l.id = v.id and l.received_qty + v.qty <= l.qty
    returning l.id::text as id, l.line_no, l.received_qty::text as received_qty`);
  if (result.rows.length !== values.length) {
    const done = new Set(result.rows.map((r) => r.id));
    const refused = values.find((v) => !done.has(v.id))!;
    const [line] = await tx
      .select()
      .from(dnl)
      .where(and(eq(dnl.tenantId, me), eq(dnl.id, refused.id)));
    throw new AppError(
      'RECEIPT_OVER_DELIVERED',
      { lineNo: line!.lineNo, qty: refused.qty, delivered: line!.qty, received: line!.receivedQty },
      input.lines.flatMap((l, i) => (l.lineId === refused.id ? [{ path: `lines.${i}.qty` }] : [])),
    );
  }
  const lines = result.rows.map((r) => ({ lineId: r.id, lineNo: Number(r.line_no), receivedQty: r.received_qty }));
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: NOTE_MODULE,
    targetId: note.id,
    summary: text('receipts.receivedByHand', {
      noteNo: note.noteNo,
      lines: values.map((v) => `#${lines.find((l) => l.lineId === v.id)?.lineNo}: ${v.qty}`).join('; '),
    }),
  });
  return { lines };
}

// ---------------------------------------------------------------------------------------------
// Inspection

/**
 * One inspection of one line. Several are allowed (a sample, then the rest); together they never
 * exceed what was received. Rejections never block the qualified quantity: it is warehoused anyway.
 */
export async function inspectLine(
  ctx: RequestContext,
  noteId: string,
  input: InspectionInput,
): Promise<InspectionResult> {
  const { tx, auth, tenantId: me } = ctx;
  const note = await buyerNote(tx, auth, noteId);
  await requireArrived(tx, note);
  const [line] = await tx
    .select()
    .from(dnl)
    .where(and(eq(dnl.tenantId, me), eq(dnl.noteId, note.id), eq(dnl.id, input.lineId)));
  if (!line) throw new AppError('NOT_FOUND');
  const places = (await placesByLine(tx, note)).get(line.id)!;
  const qualified = placedDecimal(input.qualifiedQty, places.quantity, 'qualifiedQty');
  const unqualified = placedDecimal(input.unqualifiedQty, places.quantity, 'unqualifiedQty');
  const inspected = addDecimals(qualified, unqualified, places.quantity);
  const rejects = compareDecimals(unqualified, '0') > 0;
  const [after] = await tx
    .update(dnl)
    .set({
      qualifiedQty: sql`${dnl.qualifiedQty} + ${qualified}::numeric`,
      unqualifiedQty: sql`${dnl.unqualifiedQty} + ${unqualified}::numeric`,
      version: sql`${dnl.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(dnl.tenantId, me),
        eq(dnl.id, line.id),
        sql`${dnl.qualifiedQty} + ${dnl.unqualifiedQty} + ${inspected}::numeric <= ${dnl.receivedQty}`,
      ),
    )
    .returning();
  if (!after) throw overInspected(await currentLine(tx, line), inspected);
  const [{ seq }] = (
    await tx.execute<{ seq: number }>(sql`
      select coalesce(max(seq), 0)::int + 1 as seq from ${ri} where tenant_id = ${me} and note_line_id = ${line.id}`)
  ).rows;
  const inspectorName = await userNameOf(tx, auth.userId);
  const [row] = await tx
    .insert(ri)
    .values({
      tenantId: me,
      supplierTenantId: note.supplierTenantId,
      id: newId(),
      noteId: note.id,
      noteLineId: line.id,
      orderLineId: line.orderLineId,
      supplierId: note.supplierId,
      prdtNo: line.prdtNo,
      prdtName: line.prdtName,
      seq: Number(seq),
      inspectedQty: inspected,
      qualifiedQty: qualified,
      unqualifiedQty: unqualified,
      reasonCode: rejects ? (input.reasonCode ?? '') : '',
      reason: rejects ? input.reason : '',
      inspectorId: auth.userId,
      inspectorName,
      inspectedAt: sql`now()`,
    })
    .returning();
  const inspectedLine = { lineNo: line.lineNo, prdtNo: line.prdtNo, noteNo: note.noteNo, qualified };
  const summary = rejects
    ? text('receipts.inspectedWithRejects', {
        ...inspectedLine,
        unqualified,
        reasonName: text(`receipts.reasons.${input.reasonCode ?? 'other'}`),
        reason: input.reason,
      })
    : text('receipts.inspected', inspectedLine);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: NOTE_MODULE,
    targetId: note.id,
    summary,
  });
  if (rejects) {
    tellSupplier(ctx, note, 'receipts.rejectedTitle', summary);
  }
  return {
    inspection: {
      id: row!.id,
      seq: row!.seq,
      inspectedQty: row!.inspectedQty,
      qualifiedQty: row!.qualifiedQty,
      unqualifiedQty: row!.unqualifiedQty,
      reasonCode: row!.reasonCode,
      reason: row!.reason,
      inspectorName: row!.inspectorName,
      inspectedAt: row!.inspectedAt,
    },
    line: {
      lineId: after.id,
      lineNo: after.lineNo,
      receivedQty: after.receivedQty,
      qualifiedQty: after.qualifiedQty,
      unqualifiedQty: after.unqualifiedQty,
    },
  };
}

async function currentLine(tx: Queryable, line: LineRow): Promise<LineRow> {
  const [now] = await tx
    .select()
    .from(dnl)
    .where(and(eq(dnl.tenantId, line.tenantId), eq(dnl.id, line.id)));
  return now ?? line;
}

function overInspected(line: LineRow, qty: string) {
  return new AppError('RECEIPT_INSPECTION_OVER_RECEIVED', {
    lineNo: line.lineNo,
    inspected: exactSum(line.qualifiedQty, line.unqualifiedQty),
    qty,
    received: line.receivedQty,
  });
}
