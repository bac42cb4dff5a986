import { type InquiryInviteeOptions, type inquiryInviteeOptionsQuerySchema, isSupplierBlocked } from '@concord/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { materialSuppliers, suppliers } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { requireAny } from '../../platform/documents.ts';
import { archiveScope } from '../suppliers/suppliers.scope.ts';
import { INQUIRY_PERMISSION } from './inquiries.common.ts';

/** An archive holds a few thousand suppliers at most; the form searches them in its picker. */
const MAX_INVITEES = 5000;

/**
 * `GET /invitee-options`: whom the inquiry form may invite — the suppliers of the caller's archive
 * within its data scope that are neither stopped nor blacklisted (publishing refuses those with
 * SUPPLIER_BLOCKED), each marked `offline` when it has no enterprise on the network (the buyer records
 * its quote) — and, for the form's materials, the suppliers approved for each (spec §3: supplier part
 * number, lead days and quota), so the form can offer them first.
 */
export async function getInviteeOptions(
  ctx: RequestContext,
  query: z.infer<typeof inquiryInviteeOptionsQuerySchema>,
): Promise<InquiryInviteeOptions> {
  const { tx: q, auth, tenantId: me } = ctx;
  requireAny(auth, [INQUIRY_PERMISSION]);
  const scope = await resolveDataScope(q, auth);
  const rows = await q
    .select({
      id: suppliers.id,
      supCode: suppliers.supCode,
      supName: suppliers.supName,
      supplierTenantId: suppliers.supplierTenantId,
      inviteState: suppliers.inviteState,
      relationState: suppliers.relationState,
    })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, me), archiveScope(scope)))
    .orderBy(asc(suppliers.supCode))
    .limit(MAX_INVITEES);
  const invitable = rows.filter((r) => !isSupplierBlocked(r));
  const materialIds = [...new Set(query.materialIds)];
  const ids = new Set(invitable.map((r) => r.id));
  const approved = materialIds.length
    ? (
        await q
          .select({
            materialId: materialSuppliers.materialId,
            supplierId: materialSuppliers.supplierId,
            supPrdtNo: materialSuppliers.supPrdtNo,
            poLeadDateNum: materialSuppliers.poLeadDateNum,
            poQuotaRate: materialSuppliers.poQuotaRate,
          })
          .from(materialSuppliers)
          .where(and(eq(materialSuppliers.tenantId, me), inArray(materialSuppliers.materialId, materialIds)))
          .orderBy(asc(materialSuppliers.materialId), asc(materialSuppliers.supplierId))
      ).filter((a) => ids.has(a.supplierId))
    : [];
  return {
    suppliers: invitable.map((r) => ({
      id: r.id,
      supCode: r.supCode,
      supName: r.supName,
      offline: r.supplierTenantId === null,
    })),
    approved,
  };
}
