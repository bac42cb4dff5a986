import { type DecimalPlaces, type inquiryLineInputSchema, MATERIAL_STATUS } from '@concord/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { materialDrawings, materials } from '../../db/schema.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { inquiryLines } from './inquiries.table.ts';

type LineInput = z.infer<typeof inquiryLineInputSchema>;
export type InquiryLineRow = typeof inquiryLines.$inferSelect;

interface ResolvedLine {
  lineNo: number;
  materialId: string;
  prdtNo: string;
  prdtName: string;
  prdtSpc: string;
  unitNo: string;
  unitName: string;
  drawingNo: string;
  drawingVersion: number | null;
  qty: string;
  requiredDate: string;
  targetPrice: string | null;
  remark: string;
}

/**
 * The buyer's lines as stored: each material read once from the archive (enabled ones only) with its
 * valid drawing (the latest published when it has several drawing numbers), numbers at the buyer's places.
 */
export async function resolveLines(
  q: Queryable,
  tenantId: string,
  lines: LineInput[],
  places: DecimalPlaces,
): Promise<ResolvedLine[]> {
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
  const drawings = await q
    .selectDistinctOn([materialDrawings.materialId], {
      materialId: materialDrawings.materialId,
      drawingNo: materialDrawings.drawingNo,
      drawingVersion: materialDrawings.drawingVersion,
    })
    .from(materialDrawings)
    .where(
      and(
        eq(materialDrawings.tenantId, tenantId),
        inArray(materialDrawings.materialId, ids),
        eq(materialDrawings.isItValid, true),
      ),
    )
    .orderBy(asc(materialDrawings.materialId), desc(materialDrawings.publishTime));
  const drawingOf = new Map(drawings.map((d) => [d.materialId, d]));
  return lines.map((l, i) => {
    const lineNo = i + 1;
    const m = byId.get(l.materialId);
    if (!m || m.status !== MATERIAL_STATUS.ENABLED) throw new AppError('INQUIRY_MATERIAL_NOT_FOUND', { lineNo });
    const d = drawingOf.get(m.id);
    return {
      lineNo,
      materialId: m.id,
      prdtNo: m.prdtNo,
      prdtName: m.prdtName,
      prdtSpc: m.prdtSpc,
      unitNo: m.unitNo,
      unitName: m.unitName,
      drawingNo: d?.drawingNo ?? '',
      drawingVersion: d?.drawingVersion ?? null,
      qty: placedDecimal(l.qty, places.quantity, `lines.${i}.qty`),
      requiredDate: l.requiredDate,
      targetPrice: l.targetPrice === null ? null : placedDecimal(l.targetPrice, places.price, `lines.${i}.targetPrice`),
      remark: l.remark,
    };
  });
}

/** Replaces an inquiry's lines in two statements, the lines travelling as one JSON parameter. */
export async function replaceLines(
  q: Queryable,
  inquiry: { tenantId: string; id: string },
  lines: ResolvedLine[],
): Promise<void> {
  await q
    .delete(inquiryLines)
    .where(and(eq(inquiryLines.tenantId, inquiry.tenantId), eq(inquiryLines.inquiryId, inquiry.id)));
  const rows = JSON.stringify(lines.map((l) => ({ ...l, id: newId() })));
  await q.execute(sql`
    insert into ${inquiryLines} (tenant_id, id, inquiry_id, line_no, material_id, prdt_no, prdt_name, prdt_spc,
                                 unit_no, unit_name, drawing_no, drawing_version, qty, required_date, target_price, remark)
    select ${inquiry.tenantId}::bigint, v.id, ${inquiry.id}::bigint, v."lineNo", v."materialId", v."prdtNo", v."prdtName",
           v."prdtSpc", v."unitNo", v."unitName", v."drawingNo", v."drawingVersion", v.qty, v."requiredDate",
           v."targetPrice", v.remark
      from jsonb_to_recordset(${rows}::jsonb) as v(
        id bigint, "lineNo" int, "materialId" bigint, "prdtNo" text, "prdtName" text, "prdtSpc" text, "unitNo" text,
        "unitName" text, "drawingNo" text, "drawingVersion" int, qty numeric, "requiredDate" date,
        "targetPrice" numeric, remark text)`);
}

export async function loadLines(q: Queryable, tenantId: string, inquiryId: string): Promise<InquiryLineRow[]> {
  return q
    .select()
    .from(inquiryLines)
    .where(and(eq(inquiryLines.tenantId, tenantId), eq(inquiryLines.inquiryId, inquiryId)))
    .orderBy(asc(inquiryLines.lineNo));
}
