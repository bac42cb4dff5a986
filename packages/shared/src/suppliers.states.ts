import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Supplier relationship states (spec §4) and the one table of allowed moves between them.
 *
 * A buyer-side `suppliers` row carries four independent states:
 * - inviteState: where the onboarding stands (not invited → in progress → to be reviewed → joined, plus
 *   blacklist and invalid);
 * - chkState: the buyer's approval of the registration data the supplier submitted;
 * - relationState: whether the two enterprises may do new business (valid / invalid / stopped);
 * - syncState: ERP synchronisation (set by integrations, not by these actions).
 *
 * Review is one step on purpose: approving sets chkState approved and moves inviteState through
 * REVIEWED straight to JOINED (auditDate and joinDate recorded, relation valid). REVIEWED exists for the
 * spec's vocabulary and for archives imported in that state; nothing here leaves a row in it, because a
 * reviewed-but-not-joined supplier would be a relation nobody can use.
 *
 * The server runs `UPDATE … WHERE id = $1 AND invite_state IN (from) [AND relation_state IN (relationFrom)]`
 * and the web builds its row buttons from the same table.
 */
export const SUPPLIER_INVITE_STATE = {
  NOT_INVITED: 0,
  IN_PROGRESS: 1,
  TO_BE_REVIEWED: 2,
  REVIEWED: 3,
  JOINED: 4,
  BLACKLIST: 5,
  INVALID: 6,
} as const;
export type SupplierInviteState = (typeof SUPPLIER_INVITE_STATE)[keyof typeof SUPPLIER_INVITE_STATE];
export const SUPPLIER_INVITE_STATE_NAMES = [
  'notInvited',
  'inProgress',
  'toBeReviewed',
  'reviewed',
  'joined',
  'blacklist',
  'invalid',
] as const;
export type SupplierInviteStateName = (typeof SUPPLIER_INVITE_STATE_NAMES)[number];

export const CHK_STATE = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export type ChkState = (typeof CHK_STATE)[keyof typeof CHK_STATE];
export const CHK_STATE_NAMES = ['pending', 'approved', 'rejected'] as const;

/** 0 is "invalid" so that a new archive has no usable relation until the supplier joins. */
export const RELATION_STATE = { INVALID: 0, VALID: 1, STOPPED: 2 } as const;
export type RelationState = (typeof RELATION_STATE)[keyof typeof RELATION_STATE];
export const RELATION_STATE_NAMES = ['invalid', 'valid', 'stopped'] as const;

export const SYNC_STATE = { NOT_SYNCHRONIZED: 0, SYNCHRONIZING: 1, SYNCHRONIZED: 2 } as const;
export type SyncState = (typeof SYNC_STATE)[keyof typeof SYNC_STATE];
export const SYNC_STATE_NAMES = ['notSynchronized', 'synchronizing', 'synchronized'] as const;

export type SupplierSide = 'buyer' | 'supplier';

export const SUPPLIER_ACTIONS = [
  'invite',
  'accept',
  'approve',
  'reject',
  'blacklist',
  'restore',
  'invalidate',
  'stop',
  'resume',
] as const;
export type SupplierAction = (typeof SUPPLIER_ACTIONS)[number];

/** Actions run through `POST /gateway/srm/suppliers/:id/actions/:action`; invite and accept have their own calls. */
export const SUPPLIER_ROW_ACTIONS = [
  'approve',
  'reject',
  'blacklist',
  'restore',
  'invalidate',
  'stop',
  'resume',
] as const satisfies readonly SupplierAction[];
export type SupplierRowAction = (typeof SUPPLIER_ROW_ACTIONS)[number];

export interface SupplierTransition extends MachineRow<SupplierInviteState> {
  action: SupplierAction;
  /** New inviteState; absent when the action changes only the relation, and on restore (`restoredInviteState`). */
  to?: SupplierInviteState;
  /** relationState values the row must be in, when the action cares. */
  relationFrom?: readonly RelationState[];
  /** New relationState, when the action sets it. */
  relationTo?: RelationState;
  /** New chkState, when the action sets it. */
  chkTo?: ChkState;
  side: SupplierSide;
  permission: PermissionCode;
}

const I = SUPPLIER_INVITE_STATE;
const R = RELATION_STATE;

/** Every state a supplier can be blacklisted or invalidated from (not the end states themselves). */
const ACTIVE: readonly SupplierInviteState[] = [I.NOT_INVITED, I.IN_PROGRESS, I.TO_BE_REVIEWED, I.REVIEWED, I.JOINED];

export const SUPPLIER_TRANSITIONS: readonly SupplierTransition[] = [
  { action: 'invite', from: [I.NOT_INVITED], to: I.IN_PROGRESS, side: 'buyer', permission: 'PO_SUP' },
  // The supplier submits its registration data; the buyer's approval is pending again.
  {
    action: 'accept',
    from: [I.IN_PROGRESS],
    to: I.TO_BE_REVIEWED,
    chkTo: CHK_STATE.PENDING,
    side: 'supplier',
    permission: 'SL_CUS',
  },
  // One step: approved, reviewed and joined; the relation becomes valid.
  {
    action: 'approve',
    from: [I.TO_BE_REVIEWED],
    to: I.JOINED,
    chkTo: CHK_STATE.APPROVED,
    relationTo: R.VALID,
    side: 'buyer',
    permission: 'PO_SUP_ARC',
  },
  // Back to in progress with the reason in auditDescription: the supplier corrects and submits again.
  {
    action: 'reject',
    from: [I.TO_BE_REVIEWED],
    to: I.IN_PROGRESS,
    chkTo: CHK_STATE.REJECTED,
    side: 'buyer',
    permission: 'PO_SUP_ARC',
  },
  { action: 'blacklist', from: ACTIVE, to: I.BLACKLIST, side: 'buyer', permission: 'PO_SUP_ARC' },
  // Restore returns a supplier to where its relation says it belongs (see `restoredInviteState`).
  { action: 'restore', from: [I.BLACKLIST, I.INVALID], side: 'buyer', permission: 'PO_SUP_ARC' },
  { action: 'invalidate', from: ACTIVE, to: I.INVALID, side: 'buyer', permission: 'PO_SUP_ARC' },
  {
    action: 'stop',
    from: [I.JOINED],
    relationFrom: [R.VALID],
    relationTo: R.STOPPED,
    side: 'buyer',
    permission: 'PO_SUP_ARC',
  },
  {
    action: 'resume',
    from: [I.JOINED],
    relationFrom: [R.STOPPED],
    relationTo: R.VALID,
    side: 'buyer',
    permission: 'PO_SUP_ARC',
  },
];

/** The machine of `inviteState`; the relation and approval a row moves travel as the row's extras. */
export const supplierMachine = defineMachine({
  statuses: SUPPLIER_INVITE_STATE,
  names: SUPPLIER_INVITE_STATE_NAMES,
  transitions: SUPPLIER_TRANSITIONS,
  entered: {
    // A buyer creates an archive; a supplier joining with the enterprise's invite code applies at once.
    initial: [I.NOT_INVITED, I.TO_BE_REVIEWED],
    // Kept for the spec's vocabulary and archives imported in it (see above); approval goes straight to JOINED.
    otherwise: [I.REVIEWED],
  },
});

/**
 * Where restore leads: blacklisting and invalidating keep the relation and approval untouched, so a
 * supplier that had been approved goes back to joined, one that was on the network but not yet approved
 * to in progress (it must submit again), and an archive-only one to not invited.
 */
export function restoredInviteState(row: { chkState: number; supplierTenantId: string | null }): SupplierInviteState {
  if (row.chkState === CHK_STATE.APPROVED && row.supplierTenantId) return I.JOINED;
  if (row.supplierTenantId) return I.IN_PROGRESS;
  return I.NOT_INVITED;
}

/** A supplier to which no new document (order, inquiry, notice, qualification request) may be addressed. */
export function isSupplierBlocked(row: { inviteState: number; relationState: number }): boolean {
  return row.inviteState === I.BLACKLIST || row.inviteState === I.INVALID || row.relationState === R.STOPPED;
}

/**
 * The rows offered on a supplier's row menu (the `also` of `supplierMachine.available`): the actions
 * of the row route (not invite and accept, which have their own calls) whose relation condition the
 * supplier's `relationState` meets.
 */
export const offeredOnSupplierRow =
  (relationState: number) =>
  (t: SupplierTransition): t is SupplierTransition & { action: SupplierRowAction } =>
    (SUPPLIER_ROW_ACTIONS as readonly string[]).includes(t.action) &&
    (!t.relationFrom || (t.relationFrom as readonly number[]).includes(relationState));
