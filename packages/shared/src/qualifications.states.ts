import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Qualification documents (spec §2 /supplier/qualification, §3 qualification, §4 qualification/file
 * statuses). The buyer requests a document from a supplier, the supplier replies with attachments,
 * the buyer passes or fails it, and a daily job marks completed documents expiring and expired.
 * Every state change is one row below: the server runs `UPDATE … WHERE id = $1 AND status IN (from)`
 * (0 rows → 409) and the web builds its buttons from the same rows.
 */
export const QUALIFICATION_STATUS = {
  DRAFT: 0,
  TO_BE_REPLIED: 1,
  WITHDRAWN: 2,
  TO_BE_CONFIRMED: 3,
  REPLY_WITHDRAWN: 4,
  RETURNED: 5,
  COMPLETED: 6,
  INVALID: 7,
  EXPIRED: 8,
  EXPIRING: 9,
} as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUS)[keyof typeof QUALIFICATION_STATUS];
/** Indexed by status code. */
export const QUALIFICATION_STATUS_NAMES = [
  'draft',
  'toBeReplied',
  'withdrawn',
  'toBeConfirmed',
  'replyWithdrawn',
  'returned',
  'completed',
  'invalid',
  'expired',
  'expiring',
] as const;
export type QualificationStatusName = (typeof QUALIFICATION_STATUS_NAMES)[number];

/** 'system' rows are taken by the daily expiry job only, never through the HTTP action route. */
export type QualificationSide = 'buyer' | 'supplier' | 'system';

/** Actions callable through `POST /gateway/srm/qualification-documents/:id/actions/:action`. */
export const QUALIFICATION_ACTIONS = [
  'send',
  'withdraw',
  'reply',
  'renew',
  'withdrawReply',
  'pass',
  'fail',
  'invalidate',
] as const;
export type QualificationAction = (typeof QUALIFICATION_ACTIONS)[number];
export type QualificationSystemAction = 'markExpiring' | 'markExpired';

/** A step one side takes through the action route. */
export interface QualificationPartyTransition extends MachineRow<QualificationStatus> {
  action: QualificationAction;
  to: QualificationStatus;
  side: 'buyer' | 'supplier';
  permission: PermissionCode;
  /** The supplier's answer (attachments, document code, build date) travels with the action. */
  withReply?: boolean;
  /** The buyer's verdict written with the action; 'fail' also needs a comment. */
  result?: 'pass' | 'fail';
}

/** A step of the daily expiry job: nobody holds a permission for it. */
export interface QualificationSystemTransition extends MachineRow<QualificationStatus> {
  action: QualificationSystemAction;
  to: QualificationStatus;
  side: 'system';
  permission: null;
}

export type QualificationTransition = QualificationPartyTransition | QualificationSystemTransition;

const S = QUALIFICATION_STATUS;
const BUYER = 'PO_SUP_RZ';
const SUPPLIER = 'SL_CUS';

export const QUALIFICATION_TRANSITIONS: readonly QualificationTransition[] = [
  // A withdrawn request goes out again with the same action ("resend").
  { action: 'send', from: [S.DRAFT, S.WITHDRAWN], to: S.TO_BE_REPLIED, side: 'buyer', permission: BUYER },
  { action: 'withdraw', from: [S.TO_BE_REPLIED], to: S.WITHDRAWN, side: 'buyer', permission: BUYER },
  {
    action: 'reply',
    from: [S.TO_BE_REPLIED, S.RETURNED, S.REPLY_WITHDRAWN],
    to: S.TO_BE_CONFIRMED,
    side: 'supplier',
    permission: SUPPLIER,
    withReply: true,
  },
  // The renewed certificate of a document about to run out (or run out): the buyer confirms it again.
  {
    action: 'renew',
    from: [S.EXPIRING, S.EXPIRED],
    to: S.TO_BE_CONFIRMED,
    side: 'supplier',
    permission: SUPPLIER,
    withReply: true,
  },
  { action: 'withdrawReply', from: [S.TO_BE_CONFIRMED], to: S.REPLY_WITHDRAWN, side: 'supplier', permission: SUPPLIER },
  { action: 'pass', from: [S.TO_BE_CONFIRMED], to: S.COMPLETED, side: 'buyer', permission: BUYER, result: 'pass' },
  { action: 'fail', from: [S.TO_BE_CONFIRMED], to: S.RETURNED, side: 'buyer', permission: BUYER, result: 'fail' },
  {
    action: 'invalidate',
    from: [
      S.DRAFT,
      S.TO_BE_REPLIED,
      S.WITHDRAWN,
      S.TO_BE_CONFIRMED,
      S.REPLY_WITHDRAWN,
      S.RETURNED,
      S.COMPLETED,
      S.EXPIRED,
      S.EXPIRING,
    ],
    to: S.INVALID,
    side: 'buyer',
    permission: BUYER,
  },
  { action: 'markExpiring', from: [S.COMPLETED], to: S.EXPIRING, side: 'system', permission: null },
  { action: 'markExpired', from: [S.COMPLETED, S.EXPIRING], to: S.EXPIRED, side: 'system', permission: null },
];

/** The buyer may still change the request itself (PUT) while the supplier does not have it. */
export const QUALIFICATION_EDITABLE_STATUSES: readonly QualificationStatus[] = [S.DRAFT, S.WITHDRAWN];

/** A supplier never sees a request its customer has not sent yet. */
export const QUALIFICATION_SUPPLIER_HIDDEN_STATUSES: readonly QualificationStatus[] = [S.DRAFT];

/** Days before `fileDqDate` at which a completed document turns expiring (env QUALIFICATION_EXPIRING_DAYS). */
export const QUALIFICATION_EXPIRING_DAYS_DEFAULT = 30;

export const qualificationMachine = defineMachine({
  statuses: QUALIFICATION_STATUS,
  names: QUALIFICATION_STATUS_NAMES,
  transitions: QUALIFICATION_TRANSITIONS,
  // A request may be created and sent in one call.
  entered: { initial: [S.DRAFT, S.TO_BE_REPLIED] },
});
