import type { PermissionCode } from './permissions.ts';
import type { DocumentSide } from './receiving-plans.states.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Delivery notes (supplier: spec §2 /delivery/deliverynote SL_SH_GL) which the buyer reads as delivery
 * notices (/recemanage/receipt RE_IPT). Spec §4 names the notice groups not generated, not sent,
 * arrived, accepted, warehoused: "not generated" is the open order and plan lines no note covers yet
 * (the selection list), the others are the statuses below; "sent" (in transit) sits between not sent
 * and arrived (docs/decisions.md).
 * Every step is one row below: the server runs `UPDATE … WHERE id = $1 AND status IN (from)` (0 rows →
 * 409) and the web builds its buttons from the same rows.
 */
export const DELIVERY_NOTE_STATUS = {
  /** Drafted by the supplier; the buyer does not see it yet. */
  NOT_SENT: 0,
  /** Sent: the buyer's delivery notice exists, the goods are on their way. */
  SENT: 1,
  /** The buyer registered the arrival; packages are being received and inspected. */
  ARRIVED: 2,
  /** Every line received and inspected (rejections recorded); ready to warehouse. */
  ACCEPTED: 3,
  WAREHOUSED: 4,
  CANCELLED: 5,
} as const;
export type DeliveryNoteStatus = (typeof DELIVERY_NOTE_STATUS)[keyof typeof DELIVERY_NOTE_STATUS];
/** Indexed by status code. */
export const DELIVERY_NOTE_STATUS_NAMES = [
  'notSent',
  'sent',
  'arrived',
  'accepted',
  'warehoused',
  'cancelled',
] as const;
export type DeliveryNoteStatusName = (typeof DELIVERY_NOTE_STATUS_NAMES)[number];

/** Package kinds of `delivery_packages.kind`. */
export const DELIVERY_PACKAGE_KIND = { SMALL: 1, LARGE: 2 } as const;

/**
 * The supplier's steps are called through `POST /gateway/srm/delivery-notes/:id/actions/:action`, the
 * buyer's through `POST /gateway/srm/receipts/notes/:id/actions/:action`.
 */
export const DELIVERY_NOTE_SUPPLIER_ACTIONS = ['send', 'cancel'] as const;
export const DELIVERY_NOTE_BUYER_ACTIONS = ['arrive', 'accept', 'warehouse'] as const;
export const DELIVERY_NOTE_ACTIONS = [...DELIVERY_NOTE_SUPPLIER_ACTIONS, ...DELIVERY_NOTE_BUYER_ACTIONS] as const;
export type DeliveryNoteAction = (typeof DELIVERY_NOTE_ACTIONS)[number];
export type DeliveryNoteSupplierAction = (typeof DELIVERY_NOTE_SUPPLIER_ACTIONS)[number];

export interface DeliveryNoteTransition extends MachineRow<DeliveryNoteStatus> {
  action: DeliveryNoteAction;
  to: DeliveryNoteStatus;
  side: DocumentSide;
  permission: PermissionCode;
}

const D = DELIVERY_NOTE_STATUS;
export const DELIVERY_SUPPLIER_PERMISSION = 'SL_SH_GL';
export const DELIVERY_BUYER_PERMISSION = 'RE_IPT';

export const DELIVERY_NOTE_TRANSITIONS: readonly DeliveryNoteTransition[] = [
  { action: 'send', from: [D.NOT_SENT], to: D.SENT, side: 'supplier', permission: DELIVERY_SUPPLIER_PERMISSION },
  // Once the buyer has registered the arrival the goods are there: the note can no longer be withdrawn.
  {
    action: 'cancel',
    from: [D.NOT_SENT, D.SENT],
    to: D.CANCELLED,
    side: 'supplier',
    permission: DELIVERY_SUPPLIER_PERMISSION,
  },
  { action: 'arrive', from: [D.SENT], to: D.ARRIVED, side: 'buyer', permission: DELIVERY_BUYER_PERMISSION },
  // Closes receiving and inspection: what was not received by then is short-delivered.
  { action: 'accept', from: [D.ARRIVED], to: D.ACCEPTED, side: 'buyer', permission: DELIVERY_BUYER_PERMISSION },
  { action: 'warehouse', from: [D.ACCEPTED], to: D.WAREHOUSED, side: 'buyer', permission: DELIVERY_BUYER_PERMISSION },
];

/** The supplier edits lines, packages and batches only before sending. */
export const DELIVERY_NOTE_EDITABLE_STATUSES: readonly DeliveryNoteStatus[] = [D.NOT_SENT];
/** The buyer never sees a note its supplier has not sent. */
export const DELIVERY_NOTE_BUYER_HIDDEN_STATUSES: readonly DeliveryNoteStatus[] = [D.NOT_SENT];

export const deliveryNoteMachine = defineMachine({
  statuses: DELIVERY_NOTE_STATUS,
  names: DELIVERY_NOTE_STATUS_NAMES,
  transitions: DELIVERY_NOTE_TRANSITIONS,
  // A note may be created and sent in one call.
  entered: { initial: [D.NOT_SENT, D.SENT] },
});
