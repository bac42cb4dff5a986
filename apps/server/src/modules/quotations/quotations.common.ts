import type { QuotationSide } from '@concord/shared';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth } from '../../platform/context.ts';
import { findDocument, sideCondition } from '../../platform/documents.ts';
import { quotations } from './quotations.table.ts';

/* What the quotation files and the inquiry steps that drive quotations share. */

export const BUYER_PERMISSION = 'PR_ION';
export const SUPPLIER_PERMISSION = 'QU_MA';
export const QUOTATION_MODULE = 'quotations';

export type QuotationRow = typeof quotations.$inferSelect;

export const readPermission = (side: QuotationSide) => (side === 'buyer' ? [BUYER_PERMISSION] : [SUPPLIER_PERMISSION]);

export const buyerQuotationLink = (inquiryId: string) => `/prdiversion/inquirynote/detail?id=${inquiryId}`;
export const supplierQuotationLink = (id: string) => `/inquiryoffer/offerin/detail?id=${id}`;

/** Both sides' two-party view: the buyer within its data scope, the supplier its own quotations. */
export const quotationSideCondition = (q: Queryable, auth: MemberAuth, side: QuotationSide) =>
  sideCondition(q, auth, side, quotations);

/**
 * The quotation as the caller sees it, and on which side; null when not visible (404 alike for a
 * missing id and another enterprise's, T-01).
 */
export const findQuotation = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: QuotationSide; row: QuotationRow } | null> =>
  findDocument(q, auth, quotations, id, {
    visible: (side) => quotationSideCondition(q, auth, side),
    read: readPermission,
  });
