import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Receiving plans (spec §2 /receivingPlan RE_PLA, /receivingPlan/plansure RE_PLA_SU; the supplier's
 * /supreceivePlan SURE_PL) and urgent delivery notices (/recemanage/emerdelivery RE_MAN; the
 * supplier answers under customer orders, CU_OR_CO).
 *
 * A plan splits confirmed order lines into dated deliveries. The supplier confirms each scheduled
 * delivery or proposes another date; the buyer accepts or rejects a proposal. Like an order, the
 * plan's header status follows from its line statuses for every step that answers lines.
 * Every step is one row below: the server runs `UPDATE … WHERE id = $1 AND status IN (from)` (0 rows
 * → 409) and the web builds its buttons from the same rows.
 */
export const RECEIVING_PLAN_STATUS = {
  DRAFT: 0,
  /** Sent; no scheduled delivery answered yet. */
  SENT: 1,
  /** Some deliveries confirmed, others still waiting for the supplier. */
  PARTIALLY_CONFIRMED: 2,
  /** At least one delivery carries another date proposed by the supplier, waiting for the buyer. */
  PROPOSED: 3,
  CONFIRMED: 4,
  CANCELLED: 5,
} as const;
export type ReceivingPlanStatus = (typeof RECEIVING_PLAN_STATUS)[keyof typeof RECEIVING_PLAN_STATUS];
/** Indexed by status code. */
export const RECEIVING_PLAN_STATUS_NAMES = [
  'draft',
  'sent',
  'partiallyConfirmed',
  'proposed',
  'confirmed',
  'cancelled',
] as const;

export const RECEIVING_PLAN_LINE_STATUS = {
  /** Waiting for the supplier's answer. */
  PENDING: 0,
  CONFIRMED: 1,
  /** The supplier proposed another date; waiting for the buyer. */
  PROPOSED: 2,
  CANCELLED: 3,
} as const;
export type ReceivingPlanLineStatus = (typeof RECEIVING_PLAN_LINE_STATUS)[keyof typeof RECEIVING_PLAN_LINE_STATUS];
export const RECEIVING_PLAN_LINE_STATUS_NAMES = ['pending', 'confirmed', 'proposed', 'cancelled'] as const;

export type DocumentSide = 'buyer' | 'supplier';

/** Actions callable through `POST /gateway/srm/receiving-plans/:id/actions/:action`. */
export const RECEIVING_PLAN_ACTIONS = ['send', 'confirm', 'accept', 'reject', 'cancel'] as const;
export type ReceivingPlanAction = (typeof RECEIVING_PLAN_ACTIONS)[number];

export interface ReceivingPlanTransition extends MachineRow<ReceivingPlanStatus> {
  action: ReceivingPlanAction;
  /** 'lines': the status is derived from the lines after the step (`derivePlanStatus`). */
  to: ReceivingPlanStatus | 'lines';
  side: DocumentSide;
  permission: PermissionCode;
  /** The step answers scheduled deliveries. */
  lineStep?: boolean;
}

const P = RECEIVING_PLAN_STATUS;
const PLANNER = 'RE_PLA';
const PLAN_CONFIRMER = 'RE_PLA_SU';
const PLAN_SUPPLIER = 'SURE_PL';
const PLAN_OPEN = [P.SENT, P.PARTIALLY_CONFIRMED, P.PROPOSED] as const;

export const RECEIVING_PLAN_TRANSITIONS: readonly ReceivingPlanTransition[] = [
  { action: 'send', from: [P.DRAFT], to: P.SENT, side: 'buyer', permission: PLANNER },
  // The supplier confirms deliveries or proposes other dates; never other quantities (T-03).
  { action: 'confirm', from: PLAN_OPEN, to: 'lines', side: 'supplier', permission: PLAN_SUPPLIER, lineStep: true },
  { action: 'accept', from: [P.PROPOSED], to: 'lines', side: 'buyer', permission: PLAN_CONFIRMER, lineStep: true },
  { action: 'reject', from: [P.PROPOSED], to: 'lines', side: 'buyer', permission: PLAN_CONFIRMER, lineStep: true },
  { action: 'cancel', from: [P.DRAFT, ...PLAN_OPEN, P.CONFIRMED], to: P.CANCELLED, side: 'buyer', permission: PLANNER },
];

/** The buyer edits the plan itself (PUT) only before sending; afterwards it cancels and plans again. */
export const RECEIVING_PLAN_EDITABLE_STATUSES: readonly ReceivingPlanStatus[] = [P.DRAFT];
/** A supplier never sees a plan its customer has not sent. */
export const RECEIVING_PLAN_SUPPLIER_HIDDEN_STATUSES: readonly ReceivingPlanStatus[] = [P.DRAFT];

export const receivingPlanMachine = defineMachine({
  statuses: RECEIVING_PLAN_STATUS,
  names: RECEIVING_PLAN_STATUS_NAMES,
  transitions: RECEIVING_PLAN_TRANSITIONS,
  entered: {
    // A plan may be created and sent in one call.
    initial: [P.DRAFT, P.SENT],
    // Set by `derivePlanStatus` after the 'lines' steps.
    otherwise: [P.PARTIALLY_CONFIRMED, P.PROPOSED, P.CONFIRMED],
  },
});

/**
 * The header status that a sent plan's line statuses imply: any open proposal → proposed; every live
 * delivery confirmed → confirmed; some → partially confirmed; none → sent.
 */
export function derivePlanStatus(counts: {
  pending: number;
  confirmed: number;
  proposed: number;
}): ReceivingPlanStatus {
  if (counts.proposed > 0) return P.PROPOSED;
  if (counts.pending === 0 && counts.confirmed > 0) return P.CONFIRMED;
  if (counts.confirmed > 0) return P.PARTIALLY_CONFIRMED;
  return P.SENT;
}

// ---------------------------------------------------------------------------------------------
// Urgent delivery notices

export const URGENT_DELIVERY_STATUS = {
  /** Sent to the supplier; not yet seen. */
  SENT: 1,
  /** The supplier has seen it and is working on an answer. */
  ACKNOWLEDGED: 2,
  /** The supplier said what it can ship and when. */
  ANSWERED: 3,
  CLOSED: 4,
  CANCELLED: 5,
} as const;
export type UrgentDeliveryStatus = (typeof URGENT_DELIVERY_STATUS)[keyof typeof URGENT_DELIVERY_STATUS];
/** Indexed by status code (0 unused: a notice is sent when it is made). */
export const URGENT_DELIVERY_STATUS_NAMES = ['', 'sent', 'acknowledged', 'answered', 'closed', 'cancelled'] as const;

/** Actions callable through `POST /gateway/srm/urgent-deliveries/:id/actions/:action`. */
export const URGENT_DELIVERY_ACTIONS = ['acknowledge', 'answer', 'close', 'cancel'] as const;
export type UrgentDeliveryAction = (typeof URGENT_DELIVERY_ACTIONS)[number];

export interface UrgentDeliveryTransition extends MachineRow<UrgentDeliveryStatus> {
  action: UrgentDeliveryAction;
  to: UrgentDeliveryStatus;
  side: DocumentSide;
  permission: PermissionCode;
}

const U = URGENT_DELIVERY_STATUS;
const URGENT_BUYER = 'RE_MAN';
const URGENT_SUPPLIER = 'CU_OR_CO';

export const URGENT_DELIVERY_TRANSITIONS: readonly UrgentDeliveryTransition[] = [
  { action: 'acknowledge', from: [U.SENT], to: U.ACKNOWLEDGED, side: 'supplier', permission: URGENT_SUPPLIER },
  // The supplier may correct its answer until the buyer closes the notice.
  {
    action: 'answer',
    from: [U.SENT, U.ACKNOWLEDGED, U.ANSWERED],
    to: U.ANSWERED,
    side: 'supplier',
    permission: URGENT_SUPPLIER,
  },
  { action: 'close', from: [U.ANSWERED], to: U.CLOSED, side: 'buyer', permission: URGENT_BUYER },
  { action: 'cancel', from: [U.SENT, U.ACKNOWLEDGED], to: U.CANCELLED, side: 'buyer', permission: URGENT_BUYER },
];

export const urgentDeliveryMachine = defineMachine({
  statuses: URGENT_DELIVERY_STATUS,
  names: URGENT_DELIVERY_STATUS_NAMES,
  transitions: URGENT_DELIVERY_TRANSITIONS,
  entered: { initial: [U.SENT] },
});
