import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Purchase orders (spec §2 /procurementConsignment/order CG_TG_SURE; the supplier's /customer/order
 * CU_OR_CO) and their changes (/purchasechange/order CHAN_SU; /orderchange/order). The buyer sends an
 * order, the supplier confirms each line or counter-proposes its quantity and date, the buyer accepts or
 * rejects a counter-proposal. The header status follows from the line statuses (`deriveOrderStatus`)
 * for every step that answers lines; the other steps move it directly.
 * Every step is one row below: the server runs `UPDATE … WHERE id = $1 AND status IN (from)` (0 rows →
 * 409) and the web builds its buttons from the same rows.
 */
export const PURCHASE_ORDER_STATUS = {
  DRAFT: 0,
  /** Sent; no line answered yet. */
  SENT: 1,
  /** Some lines confirmed, others still waiting for the supplier. */
  PARTIALLY_CONFIRMED: 2,
  /** At least one line carries a counter-proposal waiting for the buyer. */
  COUNTER_PROPOSED: 3,
  CONFIRMED: 4,
  CLOSED: 5,
  CANCELLED: 6,
} as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUS)[keyof typeof PURCHASE_ORDER_STATUS];
/** Indexed by status code. */
export const PURCHASE_ORDER_STATUS_NAMES = [
  'draft',
  'sent',
  'partiallyConfirmed',
  'counterProposed',
  'confirmed',
  'closed',
  'cancelled',
] as const;
export type PurchaseOrderStatusName = (typeof PURCHASE_ORDER_STATUS_NAMES)[number];

export const PURCHASE_ORDER_LINE_STATUS = {
  /** Waiting for the supplier's answer. */
  PENDING: 0,
  CONFIRMED: 1,
  /** The supplier proposed another quantity or date; waiting for the buyer. */
  PROPOSED: 2,
  /** Taken out of the order by a change. */
  CANCELLED: 3,
} as const;
export type PurchaseOrderLineStatus = (typeof PURCHASE_ORDER_LINE_STATUS)[keyof typeof PURCHASE_ORDER_LINE_STATUS];
export const PURCHASE_ORDER_LINE_STATUS_NAMES = ['pending', 'confirmed', 'proposed', 'cancelled'] as const;

export type PurchaseOrderSide = 'buyer' | 'supplier';

/** Actions callable through `POST /gateway/srm/purchase-orders/:id/actions/:action`. */
export const PURCHASE_ORDER_ACTIONS = ['send', 'confirm', 'accept', 'reject', 'close', 'cancel'] as const;
export type PurchaseOrderAction = (typeof PURCHASE_ORDER_ACTIONS)[number];

export interface PurchaseOrderTransition extends MachineRow<PurchaseOrderStatus> {
  action: PurchaseOrderAction;
  /** 'lines': the status is derived from the lines after the step (`deriveOrderStatus`). */
  to: PurchaseOrderStatus | 'lines';
  side: PurchaseOrderSide;
  permission: PermissionCode;
  /** The step answers lines: confirm/propose (supplier) or accept/reject a proposal (buyer). */
  lineStep?: boolean;
}

const S = PURCHASE_ORDER_STATUS;
const BUYER = 'CG_TG_SURE';
const SUPPLIER = 'CU_OR_CO';
const OPEN = [S.SENT, S.PARTIALLY_CONFIRMED, S.COUNTER_PROPOSED] as const;

export const PURCHASE_ORDER_TRANSITIONS: readonly PurchaseOrderTransition[] = [
  { action: 'send', from: [S.DRAFT], to: S.SENT, side: 'buyer', permission: BUYER },
  // The supplier confirms lines or counter-proposes; a line with a proposal waits for the buyer.
  { action: 'confirm', from: OPEN, to: 'lines', side: 'supplier', permission: SUPPLIER, lineStep: true },
  { action: 'accept', from: [S.COUNTER_PROPOSED], to: 'lines', side: 'buyer', permission: BUYER, lineStep: true },
  { action: 'reject', from: [S.COUNTER_PROPOSED], to: 'lines', side: 'buyer', permission: BUYER, lineStep: true },
  { action: 'close', from: [S.CONFIRMED], to: S.CLOSED, side: 'buyer', permission: BUYER },
  { action: 'cancel', from: [S.DRAFT, ...OPEN, S.CONFIRMED], to: S.CANCELLED, side: 'buyer', permission: BUYER },
];

/** The buyer edits the order itself (PUT) only before sending; afterwards through a change. */
export const PURCHASE_ORDER_EDITABLE_STATUSES: readonly PurchaseOrderStatus[] = [S.DRAFT];
/** A change may be drafted on an order the supplier has and that is still running. */
export const PURCHASE_ORDER_CHANGEABLE_STATUSES: readonly PurchaseOrderStatus[] = [...OPEN, S.CONFIRMED];
/** A supplier never sees an order its customer has not sent. */
export const PURCHASE_ORDER_SUPPLIER_HIDDEN_STATUSES: readonly PurchaseOrderStatus[] = [S.DRAFT];

export const purchaseOrderMachine = defineMachine({
  statuses: PURCHASE_ORDER_STATUS,
  names: PURCHASE_ORDER_STATUS_NAMES,
  transitions: PURCHASE_ORDER_TRANSITIONS,
  entered: {
    // An order may be created and sent in one call.
    initial: [S.DRAFT, S.SENT],
    // Set by `deriveOrderStatus` after the 'lines' steps and after a change is applied or confirmed.
    otherwise: [S.PARTIALLY_CONFIRMED, S.COUNTER_PROPOSED, S.CONFIRMED],
  },
});

/**
 * The header status that a sent order's line statuses imply: any open proposal → counter-proposed;
 * every live line confirmed → confirmed; some → partially confirmed; none → sent.
 */
export function deriveOrderStatus(counts: {
  pending: number;
  confirmed: number;
  proposed: number;
}): PurchaseOrderStatus {
  if (counts.proposed > 0) return S.COUNTER_PROPOSED;
  if (counts.pending === 0 && counts.confirmed > 0) return S.CONFIRMED;
  if (counts.confirmed > 0) return S.PARTIALLY_CONFIRMED;
  return S.SENT;
}

// ---------------------------------------------------------------------------------------------
// Changes

export const PURCHASE_CHANGE_STATUS = {
  DRAFT: 0,
  /** Applied to the order as a new revision; waiting for the supplier to confirm the changed lines. */
  SENT: 1,
  CONFIRMED: 2,
  CANCELLED: 3,
} as const;
export type PurchaseChangeStatus = (typeof PURCHASE_CHANGE_STATUS)[keyof typeof PURCHASE_CHANGE_STATUS];
export const PURCHASE_CHANGE_STATUS_NAMES = ['draft', 'sent', 'confirmed', 'cancelled'] as const;

/** Actions callable through `POST /gateway/srm/purchase-order-changes/:id/actions/:action`. */
export const PURCHASE_CHANGE_ACTIONS = ['send', 'cancel', 'confirm'] as const;
export type PurchaseChangeAction = (typeof PURCHASE_CHANGE_ACTIONS)[number];

export interface PurchaseChangeTransition extends MachineRow<PurchaseChangeStatus> {
  action: PurchaseChangeAction;
  to: PurchaseChangeStatus;
  side: PurchaseOrderSide;
  permission: PermissionCode;
}

const C = PURCHASE_CHANGE_STATUS;

export const PURCHASE_CHANGE_TRANSITIONS: readonly PurchaseChangeTransition[] = [
  { action: 'send', from: [C.DRAFT], to: C.SENT, side: 'buyer', permission: 'CHAN_SU' },
  { action: 'cancel', from: [C.DRAFT], to: C.CANCELLED, side: 'buyer', permission: 'CHAN_SU' },
  // Confirms every line the change left waiting; a counter-proposal goes through the order instead.
  { action: 'confirm', from: [C.SENT], to: C.CONFIRMED, side: 'supplier', permission: SUPPLIER },
];

export const purchaseChangeMachine = defineMachine({
  statuses: PURCHASE_CHANGE_STATUS,
  names: PURCHASE_CHANGE_STATUS_NAMES,
  transitions: PURCHASE_CHANGE_TRANSITIONS,
  // A change may be drafted and sent in one call.
  entered: { initial: [C.DRAFT, C.SENT] },
});
