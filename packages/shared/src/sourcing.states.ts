import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * The prospect pool (spec §2 /purchase/sourcing, /purchase/supplier-audit): a prospect is audited
 * before it may be invited as a supplier. Every state change is a row below; the server runs
 * `UPDATE … WHERE audit_state IN (from)` and the web builds its buttons from the same rows.
 */
export const PROSPECT_STATE = { NEW: 0, UNDER_AUDIT: 1, APPROVED: 2, REJECTED: 3, CONVERTED: 4 } as const;
export type ProspectState = (typeof PROSPECT_STATE)[keyof typeof PROSPECT_STATE];
export const PROSPECT_STATE_NAMES = ['new', 'underAudit', 'approved', 'rejected', 'converted'] as const;
export type ProspectStateName = (typeof PROSPECT_STATE_NAMES)[number];

/**
 * `submit` and `recall` go through `POST /:id/actions/:action`; `pass` and `fail` are the results of
 * an audit (`POST /:id/audits`, which records the score and comment); `convert` invites the
 * approved prospect as a supplier (`POST /:id/convert`).
 */
export const PROSPECT_ACTIONS = ['submit', 'recall', 'pass', 'fail', 'convert'] as const;
export type ProspectAction = (typeof PROSPECT_ACTIONS)[number];

/** Actions that need nothing but the prospect and so are offered on the generic action route. */
export const PROSPECT_PLAIN_ACTIONS: readonly ProspectAction[] = ['submit', 'recall'];

export interface ProspectTransition extends MachineRow<ProspectState> {
  action: ProspectAction;
  to: ProspectState;
  side: 'buyer';
  permission: PermissionCode;
}

const P = PROSPECT_STATE;
export const PROSPECT_TRANSITIONS: readonly ProspectTransition[] = [
  // A rejected prospect may be improved and sent to audit again.
  { action: 'submit', from: [P.NEW, P.REJECTED], to: P.UNDER_AUDIT, side: 'buyer', permission: 'PO_SSO_PSM_02' },
  { action: 'recall', from: [P.UNDER_AUDIT], to: P.NEW, side: 'buyer', permission: 'PO_SSO_PSM_02' },
  { action: 'pass', from: [P.UNDER_AUDIT], to: P.APPROVED, side: 'buyer', permission: 'PO_PG_SH' },
  { action: 'fail', from: [P.UNDER_AUDIT], to: P.REJECTED, side: 'buyer', permission: 'PO_PG_SH' },
  { action: 'convert', from: [P.APPROVED], to: P.CONVERTED, side: 'buyer', permission: 'PO_SSO_PSM_02' },
];

/** States in which the prospect's data may still be edited. */
export const PROSPECT_EDITABLE_STATES: readonly ProspectState[] = [P.NEW, P.REJECTED];

export const prospectMachine = defineMachine({
  statuses: PROSPECT_STATE,
  names: PROSPECT_STATE_NAMES,
  transitions: PROSPECT_TRANSITIONS,
  entered: { initial: [P.NEW] },
});
