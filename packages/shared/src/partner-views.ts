import type { SupplierDetail } from './suppliers.schema.ts';
import { CHK_STATE } from './suppliers.states.ts';

/**
 * Partner views (QUALITY T-14): what one party of a trading relation may read of the other party's
 * private record of it. Each view is a list of the fields meant for the partner; everything else —
 * and every field a later issue adds to the record — stays with its owner until it is listed here.
 * The server applies these wherever the caller is the partner side of the record.
 */

/**
 * The buyer's supplier archive (the `suppliers` row, a two-party row the supplier reads through its
 * `supplier_tenant_id`) as the supplier sees it: who it is in the buyer's books (the supplier code is
 * printed on the buyer's documents), where the relation stands, its own registration data and the
 * contacts both sides keep. Not the buyer's descriptive archive (ERP code, tax and payment terms,
 * classes 1–3, customer status), its supplier class, life cycle, evaluation and ERP-sync states,
 * owner, or a pending link invitation.
 */
export const SUPPLIER_ARCHIVE_PARTNER_FIELDS = [
  'id',
  'supCode',
  'supName',
  'supShort',
  'supplierTenantId',
  'supplierCompNo',
  'inviteState',
  'chkState',
  'relationState',
  'receiverName',
  'adminMobileArea',
  'adminMobile',
  'contactEmail',
  'primaryContact',
  'invitationDate',
  'auditDate',
  'joinDate',
  'version',
  'createdAt',
  'side',
  'buyerName',
  'registration',
  'auditDescription',
  'contacts',
] as const satisfies readonly (keyof SupplierDetail)[];

/** GET /gateway/srm/suppliers/:id and the replies of the supplier's own writes, for the supplier. */
export type SupplierPartnerDetail = Pick<SupplierDetail, (typeof SUPPLIER_ARCHIVE_PARTNER_FIELDS)[number]> & {
  side: 'supplier';
};
export type SupplierBuyerDetail = SupplierDetail & { side: 'buyer' };
/** What GET /gateway/srm/suppliers/:id answers: the whole archive to its owner, the partner view to the supplier. */
export type SupplierView = SupplierBuyerDetail | SupplierPartnerDetail;

/**
 * The buyer's review note as the supplier may read it: the reason a registration was returned is
 * addressed to the supplier (it must correct its data); a note kept with an approval is the buyer's own.
 */
export function partnerAuditNote(row: { chkState: number; auditDescription: string }): string {
  return row.chkState === CHK_STATE.REJECTED ? row.auditDescription : '';
}

export function toSupplierPartnerView(detail: SupplierDetail): SupplierPartnerDetail {
  const view: Record<string, unknown> = {};
  for (const field of SUPPLIER_ARCHIVE_PARTNER_FIELDS) view[field] = detail[field];
  return { ...(view as SupplierPartnerDetail), side: 'supplier', auditDescription: partnerAuditNote(detail) };
}

/**
 * Records one party keeps privately about the other that the other party reads nothing of. Their
 * tables carry no `supplier_tenant_id`, so row-level security never shows them to the partner; a
 * security test holds the tables to that and sweeps every read route for their contents.
 */
export const PRIVATE_PARTNER_RECORDS = {
  /** The supplier's customer archive: its own code, names and remarks for a customer. */
  customerArchive: 'customers',
  /** The supplier's material-customer relation: how it maps and packs a customer's materials. */
  materialCustomer: 'material_customers',
  /** The buyer's approved supplier of a material: quota, lead time, stock levels, warehouse. */
  materialSupplier: 'material_suppliers',
  /** The buyer's supplier classes. */
  supplierClass: 'supplier_classes',
} as const;
