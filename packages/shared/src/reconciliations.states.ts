import type { DocumentSide } from './receiving-plans.states.ts';

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

export interface ReconciliationTransition {
  action: ReconciliationAction;
  from: readonly ReconciliationStatus[];
  /** 'lines': DISPUTED when any line is disputed after the step, else SENT (all agreed, not yet confirmed). */
  to: ReconciliationStatus | 'lines';
  role: ReconciliationRole;
}

const R = RECONCILIATION_STATUS;

export const RECONCILIATION_TRANSITIONS: readonly ReconciliationTransition[] = [
  { action: 'send', from: [R.DRAFT, R.DISPUTED], to: R.SENT, role: 'drafter' },
  { action: 'answer', from: [R.SENT], to: 'lines', role: 'counterpart' },
  { action: 'confirm', from: [R.SENT], to: R.COUNTERPART_CONFIRMED, role: 'counterpart' },
  { action: 'finalize', from: [R.COUNTERPART_CONFIRMED], to: R.CONFIRMED, role: 'drafter' },
  { action: 'cancel', from: [R.DRAFT, R.DISPUTED], to: R.CANCELLED, role: 'drafter' },
];

export const RECONCILIATION_PERMISSION: Record<DocumentSide, string> = { buyer: 'PU_BI', supplier: 'RE_MA' };

export function reconciliationRole(side: DocumentSide, draftedBy: string): ReconciliationRole {
  return side === draftedBy ? 'drafter' : 'counterpart';
}

export function reconciliationTransition(action: string): ReconciliationTransition | undefined {
  return RECONCILIATION_TRANSITIONS.find((t) => t.action === action);
}

export function availableReconciliationActions(
  side: DocumentSide,
  draftedBy: string,
  status: number,
  can: (code: string) => boolean,
): ReconciliationAction[] {
  if (!can(RECONCILIATION_PERMISSION[side])) return [];
  const role = reconciliationRole(side, draftedBy);
  return RECONCILIATION_TRANSITIONS.filter(
    (t) => t.role === role && (t.from as readonly number[]).includes(status),
  ).map((t) => t.action);
}
