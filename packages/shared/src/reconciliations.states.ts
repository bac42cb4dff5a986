import type { PermissionCode } from './permissions.ts';
import type { DocumentSide } from './receiving-plans.states.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Reconciliation statements (buyer: spec §2 /purchasebill PU_BI; supplier: /workers RE_MA). Either side
 * drafts a statement over warehoused receipt lines of one period; the other side agrees or disputes
 * each line with a reason; the drafter revises and resends until every line is agreed; then the
 * answering side confirms and the drafter confirms last. `drafter` / `counterpart` are resolved
 * against the statement's `drafted_by` at run time.
 */
export const RECONCILIATION_STATUS = {
  DRAFT: 0,
  /** Waiting for the counterpart's answer to every line. */
  SENT: 1,
  /** The counterpart disputed at least one line; back with the drafter. */
  DISPUTED: 2,
  /** The counterpart agreed every line and confirmed; waiting for the drafter's final confirmation. */
  COUNTERPART_CONFIRMED: 3,
  CONFIRMED: 4,
  CANCELLED: 5,
} as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUS)[keyof typeof RECONCILIATION_STATUS];
export const RECONCILIATION_STATUS_NAMES = [
  'draft',
  'sent',
  'disputed',
  'counterpartConfirmed',
  'confirmed',
  'cancelled',
] as const;

export const RECONCILIATION_LINE_STATUS = { OPEN: 0, AGREED: 1, DISPUTED: 2 } as const;
export type ReconciliationLineStatus = (typeof RECONCILIATION_LINE_STATUS)[keyof typeof RECONCILIATION_LINE_STATUS];
export const RECONCILIATION_LINE_STATUS_NAMES = ['open', 'agreed', 'disputed'] as const;

/** The drafter may edit (remark, lines, accepted proposals) and cancel only while the statement is with it. */
export const RECONCILIATION_EDITABLE_STATUSES: readonly ReconciliationStatus[] = [
  RECONCILIATION_STATUS.DRAFT,
  RECONCILIATION_STATUS.DISPUTED,
];

/** Actions callable through `POST /gateway/srm/reconciliations/:id/actions/:action`. */
export const RECONCILIATION_ACTIONS = ['send', 'answer', 'confirm', 'finalize', 'cancel'] as const;
export type ReconciliationAction = (typeof RECONCILIATION_ACTIONS)[number];
export type ReconciliationRole = 'drafter' | 'counterpart';

/**
 * Either enterprise may draft a statement, so a row's party is a role (`reconciliationRole`), and no
 * row carries a permission of its own: the caller's side permission (`RECONCILIATION_PERMISSION`, the
 * machine's `gate`) opens every row.
 */
export interface ReconciliationTransition extends MachineRow<ReconciliationStatus> {
  action: ReconciliationAction;
  /** 'lines': DISPUTED when any line is disputed after the step, else SENT (all agreed, not yet confirmed). */
  to: ReconciliationStatus | 'lines';
  side: ReconciliationRole;
  permission: null;
}

const R = RECONCILIATION_STATUS;

export const RECONCILIATION_TRANSITIONS: readonly ReconciliationTransition[] = [
  { action: 'send', from: [R.DRAFT, R.DISPUTED], to: R.SENT, side: 'drafter', permission: null },
  { action: 'answer', from: [R.SENT], to: 'lines', side: 'counterpart', permission: null },
  { action: 'confirm', from: [R.SENT], to: R.COUNTERPART_CONFIRMED, side: 'counterpart', permission: null },
  { action: 'finalize', from: [R.COUNTERPART_CONFIRMED], to: R.CONFIRMED, side: 'drafter', permission: null },
  { action: 'cancel', from: [R.DRAFT, R.DISPUTED], to: R.CANCELLED, side: 'drafter', permission: null },
];

export const RECONCILIATION_PERMISSION: Readonly<Record<DocumentSide, PermissionCode>> = {
  buyer: 'PU_BI',
  supplier: 'RE_MA',
};

export function reconciliationRole(side: DocumentSide, draftedBy: string): ReconciliationRole {
  return side === draftedBy ? 'drafter' : 'counterpart';
}

export const reconciliationMachine = defineMachine({
  statuses: RECONCILIATION_STATUS,
  names: RECONCILIATION_STATUS_NAMES,
  transitions: RECONCILIATION_TRANSITIONS,
  entered: {
    initial: [R.DRAFT],
    // Set by the counterpart's 'lines' answer when it disputes a line.
    otherwise: [R.DISPUTED],
  },
  gate: RECONCILIATION_PERMISSION,
});
