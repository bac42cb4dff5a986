import { DELIVERY_BUYER_PERMISSION } from '@concord/shared';

export const RECEIPT_MODULE = 'receipts';
/** The buyer's steps on a delivery note are logged under the note (delivery-notes.common.ts): one history. */
export const RECEIVER = DELIVERY_BUYER_PERMISSION;
