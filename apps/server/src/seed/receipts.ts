import {
  compareDecimals,
  DELIVERY_NOTE_STATUS,
  DELIVERY_PACKAGE_KIND,
  INSPECTION_REASON_CODES,
  lineAmount,
  placesOf,
  subtractDecimals,
} from '@concord/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deliveryNoteLines, deliveryNotes, deliveryPackages } from '../db/schema.ts';
import * as receiving from '../modules/receipts/receiving.service.ts';
import { inTenantTx, type MemberAuth } from '../platform/context.ts';
import { asMember, seedAdmin } from './context.ts';
import type { DemoWorld } from './world.ts';

/**
 * Huaxin receives the notes the delivery-note seed sent (it runs first), through the services so
 * statuses, quantities and history are what the product makes, telling nobody: arrivals back-dated
 * around the due dates (some early, some late), packages scanned, lines to inspect inspected with
 * partial rejections, then accepted and warehoused. The first note stays sent, the second arrived
 * and half received, the third accepted, so every group of /recemanage/receipt has something.
 */

const DAY = 86_400_000;
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const today = () => new Date().toISOString().slice(0, 10);

async function noteOf(db: Db, tenantId: string, id: string) {
  return inTenantTx(db, tenantId, async (tx) => {
    const [note] = await tx
      .select()
      .from(deliveryNotes)
      .where(and(eq(deliveryNotes.tenantId, tenantId), eq(deliveryNotes.id, id)));
    const lines = await tx
      .select()
      .from(deliveryNoteLines)
      .where(and(eq(deliveryNoteLines.tenantId, tenantId), eq(deliveryNoteLines.noteId, id)))
      .orderBy(asc(deliveryNoteLines.lineNo));
    // What one scan each receives: large packages, and small ones outside any large one.
    const labels = await tx
      .select({ packageNo: deliveryPackages.packageNo })
      .from(deliveryPackages)
      .where(
        and(
          eq(deliveryPackages.tenantId, tenantId),
          eq(deliveryPackages.noteId, id),
          isNull(deliveryPackages.parentId),
          inArray(deliveryPackages.kind, [DELIVERY_PACKAGE_KIND.SMALL, DELIVERY_PACKAGE_KIND.LARGE]),
        ),
      )
      .orderBy(asc(deliveryPackages.seq));
    return { note, lines, labels: labels.map((l) => l.packageNo) };
  });
}

/** Scans every label (or the first `share` of them), then receives by hand what no label covered. */
async function receiveAll(db: Db, auth: MemberAuth, id: string, share = 1) {
  const { labels } = await noteOf(db, auth.tenantId, id);
  for (const code of labels.slice(0, Math.ceil(labels.length * share))) {
    await asMember(db, auth, (ctx) => receiving.scanPackage(ctx, id, code));
  }
  if (share < 1) return;
  const { lines } = await noteOf(db, auth.tenantId, id);
  const open = lines
    .map((l) => ({ lineId: l.id, qty: subtractDecimals(l.qty, l.receivedQty, placesOf(l.qty)) }))
    .filter((l) => compareDecimals(l.qty, '0') > 0);
  if (open.length) await asMember(db, auth, (ctx) => receiving.receiveLines(ctx, id, { lines: open }));
}

const smaller = (a: string, b: string) => (compareDecimals(a, b) <= 0 ? a : b);

/** Lines to inspect: every other one loses a tenth (at least one unit) to a reason of the list. */
async function inspectAll(db: Db, auth: MemberAuth, id: string, n: number) {
  const { lines } = await noteOf(db, auth.tenantId, id);
  for (const [i, line] of lines.filter((l) => l.isCheck).entries()) {
    const received = line.receivedQty;
    if (compareDecimals(received, '0') <= 0) continue;
    const tenth = lineAmount(received, '0.1', 0);
    const rejected = (n + i) % 2 === 0 ? smaller(received, compareDecimals(tenth, '1') < 0 ? '1' : tenth) : '0';
    const rejects = compareDecimals(rejected, '0') > 0;
    const reasonCode = INSPECTION_REASON_CODES[(n + i) % INSPECTION_REASON_CODES.length]!;
    await asMember(db, auth, (ctx) =>
      receiving.inspectLine(ctx, id, {
        lineId: line.id,
        qualifiedQty: subtractDecimals(received, rejected, placesOf(received)),
        unqualifiedQty: rejected,
        reasonCode: rejects ? reasonCode : undefined,
        reason: rejects ? '来料抽检不合格 failed incoming inspection' : '',
      }),
    );
  }
}

export async function seedReceipts(db: Db, world: DemoWorld, sentNoteIds: string[]): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const auth = seedAdmin(world.users.buyer, 'buyer', huaxin);
  for (const [n, id] of sentNoteIds.entries()) {
    if (n === 0) continue;
    const { note, lines } = await noteOf(db, huaxin, id);
    if (note?.status !== DELIVERY_NOTE_STATUS.SENT) continue;
    const due = lines.map((l) => l.dueDate).sort()[0] ?? note.shipDate;
    // Alternately early and late against the first due date, never before shipping nor after today.
    const wanted = shift(due, n % 2 === 0 ? 3 : -2);
    const arrivalDate = [wanted, note.shipDate].sort()[1]! > today() ? today() : [wanted, note.shipDate].sort()[1]!;
    await asMember(db, auth, (ctx) => receiving.actOnNote(ctx, id, 'arrive', { arrivalDate }));
    if (n === 1) {
      await receiveAll(db, auth, id, 0.5);
      continue;
    }
    await receiveAll(db, auth, id);
    await inspectAll(db, auth, id, n);
    await asMember(db, auth, (ctx) => receiving.actOnNote(ctx, id, 'accept', {}));
    if (n === 2) continue;
    await asMember(db, auth, (ctx) => receiving.actOnNote(ctx, id, 'warehouse', { receiptDate: arrivalDate }));
  }
}
