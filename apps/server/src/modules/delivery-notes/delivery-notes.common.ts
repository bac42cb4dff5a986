import {
  DELIVERY_BUYER_PERMISSION,
  DELIVERY_NOTE_BUYER_HIDDEN_STATUSES,
  DELIVERY_SUPPLIER_PERMISSION,
  type DocumentSide,
} from '@concord/shared';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth } from '../../platform/context.ts';
import { sideCondition } from '../../platform/documents.ts';
import { deliveryNotes as dn } from './delivery-notes.table.ts';

/*
 * What the supplier's delivery note and the buyer's receiving of it (modules/receipts) share: one
 * history (the buyer's steps are logged under the note), the links and who sees which notes.
 */

export const NOTE_MODULE = 'delivery-notes';
export const buyerNoticeLink = (id: string) => `/receiptdetail/deliverydetail?id=${id}`;
export const supplierNoteLink = (id: string) => `/supplysee/deliverydetail?id=${id}`;

export const readPermission = (side: DocumentSide) =>
  side === 'buyer' ? [DELIVERY_BUYER_PERMISSION] : [DELIVERY_SUPPLIER_PERMISSION];

/** The buyer sees notices of its suppliers within its data scope, never a draft; the supplier its own notes. */
export const noteSideCondition = (q: Queryable, auth: MemberAuth, side: DocumentSide): Promise<SQL | undefined> =>
  sideCondition(q, auth, side, dn, { from: 'buyer', status: dn.status, statuses: DELIVERY_NOTE_BUYER_HIDDEN_STATUSES });
