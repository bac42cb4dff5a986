import { DELIVERY_PACKAGE_KIND, type LabelPdfRequest, placesOf, roundDecimal } from '@concord/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { nameOf } from '../enterprises/enterprises.names.ts';
import { findNote } from './delivery-notes.service.ts';
import { deliveryNoteLines as dnl, deliveryPackages as dp } from './delivery-notes.table.ts';
import { type Label, renderLabelsPdf } from './labels.pdf.ts';

/**
 * The labels of one note the caller may see (the supplier prints them, the buyer reprints them):
 * every package, or the chosen ones, numbered k of n over the whole note.
 */
export async function labelsOfNote({ tx, auth }: RequestContext, request: LabelPdfRequest): Promise<Label[]> {
  const hit = await findNote(tx, auth, request.noteId);
  if (!hit) throw new AppError('NOT_FOUND');
  const note = hit.row;
  const rows = await tx
    .select({
      id: dp.id,
      packageNo: dp.packageNo,
      kind: dp.kind,
      qty: dp.qty,
      batchNo: dp.batchNo,
      lineNo: dnl.lineNo,
      prdtNo: dnl.prdtNo,
      prdtName: dnl.prdtName,
      unitName: dnl.unitName,
    })
    .from(dp)
    .innerJoin(dnl, and(eq(dnl.tenantId, dp.tenantId), eq(dnl.id, dp.lineId)))
    .where(and(eq(dp.tenantId, note.tenantId), eq(dp.noteId, note.id)))
    .orderBy(asc(dnl.lineNo), asc(dp.kind), asc(dp.seq));
  const customerName = await nameOf(tx, note.tenantId);
  const chosen = request.packageIds ? new Set(request.packageIds) : null;
  const labels = rows.map((r, i) => ({
    packageNo: r.packageNo,
    customerName,
    noteNo: note.noteNo,
    lineNo: r.lineNo,
    prdtNo: r.prdtNo,
    prdtName: r.prdtName,
    // The shortest text: a label reads `12`, not the stored `12.00`.
    qty: roundDecimal(r.qty, placesOf(r.qty)),
    unitName: r.unitName,
    batchNo: r.batchNo,
    kind: r.kind ?? DELIVERY_PACKAGE_KIND.SMALL,
    index: i + 1,
    total: rows.length,
    id: r.id,
  }));
  const picked = chosen ? labels.filter((l) => chosen.has(l.id)) : labels;
  if (!picked.length) throw new AppError('NOT_FOUND');
  return picked.map(({ id: _id, ...l }) => l);
}

export async function labelsPdf(ctx: RequestContext, request: LabelPdfRequest): Promise<Buffer> {
  return Buffer.from(await renderLabelsPdf(await labelsOfNote(ctx, request), ctx.locale));
}
