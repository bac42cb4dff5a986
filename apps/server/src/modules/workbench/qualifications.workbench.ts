import { QUALIFICATION_STATUS, type QualificationListItem } from '@concord/shared';
import { buyerLink, supplierLink } from '../qualifications/qualifications.notify.ts';
import { listQualifications } from '../qualifications/qualifications.service.ts';
import { defineWorkbenchItem, firstRows, pageOf } from './workbench.registry.ts';

/*
 * Qualification documents: requests the supplier has to answer, replies the buyer has to judge, and
 * documents running out. "Expiring" is the status the daily expiry job gives a completed document
 * inside the configured warning window (QUALIFICATION_EXPIRING_DAYS), so the count follows that window.
 */

const S = QUALIFICATION_STATUS;
const BUYER = ['PO_SUP', 'PO_SUP_RZ'] as const;
const SUPPLIER = ['SL_CUS'] as const;
const TO_REPLY = [S.TO_BE_REPLIED, S.REPLY_WITHDRAWN, S.RETURNED];
/** What the supplier renews: documents about to run out and those that have. */
const TO_RENEW = [S.EXPIRING, S.EXPIRED];

/** A request waits since its last step, a reply since it was submitted, a document by its validity. */
const documentRow =
  (path: (id: string) => string, when: (d: QualificationListItem) => { date?: string | null; at?: string | null }) =>
  (d: QualificationListItem) => ({
    id: d.id,
    documentNo: d.fileName,
    supName: d.supName,
    customerName: d.customerName,
    date: null,
    at: null,
    ...when(d),
    path: path(d.id),
  });
const since = (d: QualificationListItem) => ({ at: d.updatedAt });
const submitted = (d: QualificationListItem) => ({ at: d.submitTime ?? null });
const validUntil = (d: QualificationListItem) => ({ date: d.fileDqDate ?? null });

const statusQuery = (statuses: readonly number[]) => ({ status: statuses.join(',') });

export const qualificationsToReply = defineWorkbenchItem({
  key: 'qualificationsToReply',
  side: 'supplier',
  permissions: SUPPLIER,
  link: { path: '/sale/customer/qualification', query: statusQuery(TO_REPLY) },
  load: async (ctx, rows) =>
    pageOf(
      await listQualifications(ctx, {
        filter: { side: 'supplier', statuses: TO_REPLY },
        ...firstRows(rows, 'createdAt'),
      }),
      documentRow(supplierLink, since),
    ),
});

export const qualificationsToRenew = defineWorkbenchItem({
  key: 'qualificationsToRenew',
  side: 'supplier',
  permissions: SUPPLIER,
  link: { path: '/sale/customer/qualification', query: statusQuery(TO_RENEW) },
  load: async (ctx, rows) =>
    pageOf(
      await listQualifications(ctx, {
        filter: { side: 'supplier', statuses: TO_RENEW },
        ...firstRows(rows, 'fileDqDate'),
      }),
      documentRow(supplierLink, validUntil),
    ),
});

export const qualificationsToReview = defineWorkbenchItem({
  key: 'qualificationsToReview',
  side: 'buyer',
  permissions: BUYER,
  link: { path: '/supplier/qualification', query: statusQuery([S.TO_BE_CONFIRMED]) },
  load: async (ctx, rows) =>
    pageOf(
      await listQualifications(ctx, {
        filter: { side: 'buyer', statuses: [S.TO_BE_CONFIRMED] },
        ...firstRows(rows, 'submitTime'),
      }),
      documentRow(buyerLink, submitted),
    ),
});

export const qualificationsExpiring = defineWorkbenchItem({
  key: 'qualificationsExpiring',
  side: 'buyer',
  permissions: BUYER,
  link: { path: '/supplier/qualification', query: statusQuery([S.EXPIRING]) },
  load: async (ctx, rows) =>
    pageOf(
      await listQualifications(ctx, {
        filter: { side: 'buyer', statuses: [S.EXPIRING] },
        ...firstRows(rows, 'fileDqDate'),
      }),
      documentRow(buyerLink, validUntil),
    ),
});
