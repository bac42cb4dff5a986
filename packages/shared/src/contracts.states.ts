import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Contracts (issue 22): one two-party document, the buyer's supplier contract (/contract/supplier,
 * PO_CON) and the supplier's customer contract (/contract/customer, SL_CON). The buyer sends it, the
 * supplier signs it or returns it with a reason, the buyer countersigns and it takes effect; at the end
 * of its last day (the buyer's zone) a job expires it, or the buyer terminates it with a reason.
 */
export const CONTRACT_STATUS = {
  DRAFT: 0,
  SENT: 1,
  /** The supplier signed; waiting for the buyer's countersignature. */
  SIGNED: 2,
  /** The supplier sent it back with a reason; the buyer edits and sends again, or cancels. */
  RETURNED: 3,
  /** Both signed: orders may draw on it while today is within its validity. */
  EFFECTIVE: 4,
  EXPIRED: 5,
  TERMINATED: 6,
  CANCELLED: 7,
} as const;
export type ContractStatus = (typeof CONTRACT_STATUS)[keyof typeof CONTRACT_STATUS];
/** Indexed by status code. */
export const CONTRACT_STATUS_NAMES = [
  'draft',
  'sent',
  'signed',
  'returned',
  'effective',
  'expired',
  'terminated',
  'cancelled',
] as const;
export type ContractStatusName = (typeof CONTRACT_STATUS_NAMES)[number];

/** A framework price agreement governs repeat orders over its validity; a one-off contract one purchase. */
export const CONTRACT_KINDS = ['framework', 'oneOff'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** Actions callable through `POST /gateway/srm/contracts/:id/actions/:action`. */
export const CONTRACT_ACTIONS = ['send', 'sign', 'return', 'countersign', 'terminate', 'cancel'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];

export interface ContractTransition extends MachineRow<ContractStatus> {
  action: ContractAction | 'expire';
  to: ContractStatus;
  side: 'buyer' | 'supplier' | 'system';
  permission: PermissionCode | null;
  /** The step needs a reason (return, terminate). */
  reason?: boolean;
}

const S = CONTRACT_STATUS;
const BUYER = 'PO_CON';
const SUPPLIER = 'SL_CON';

export const CONTRACT_TRANSITIONS: readonly ContractTransition[] = [
  { action: 'send', from: [S.DRAFT, S.RETURNED], to: S.SENT, side: 'buyer', permission: BUYER },
  { action: 'sign', from: [S.SENT], to: S.SIGNED, side: 'supplier', permission: SUPPLIER },
  { action: 'return', from: [S.SENT], to: S.RETURNED, side: 'supplier', permission: SUPPLIER, reason: true },
  { action: 'countersign', from: [S.SIGNED], to: S.EFFECTIVE, side: 'buyer', permission: BUYER },
  { action: 'expire', from: [S.EFFECTIVE], to: S.EXPIRED, side: 'system', permission: null },
  { action: 'terminate', from: [S.EFFECTIVE], to: S.TERMINATED, side: 'buyer', permission: BUYER, reason: true },
  { action: 'cancel', from: [S.DRAFT, S.SENT, S.RETURNED], to: S.CANCELLED, side: 'buyer', permission: BUYER },
];

/** The buyer edits the terms (PUT) while the contract is with it: a draft, or returned by the supplier. */
export const CONTRACT_EDITABLE_STATUSES: readonly ContractStatus[] = [S.DRAFT, S.RETURNED];
/** A supplier never sees a contract its customer has not sent. */
export const CONTRACT_SUPPLIER_HIDDEN_STATUSES: readonly ContractStatus[] = [S.DRAFT];

export const contractMachine = defineMachine({
  statuses: CONTRACT_STATUS,
  names: CONTRACT_STATUS_NAMES,
  transitions: CONTRACT_TRANSITIONS,
  // A contract may be created and sent in one call.
  entered: { initial: [S.DRAFT, S.SENT] },
});
