import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Inquiries (spec §2 /prdiversion/inquirynote and pricecom, PR_ION): the buyer asks invited suppliers
 * for prices before a deadline. Bids stay sealed until the buyer opens them after the close; then it
 * compares them and awards each line, wholly or split by quantity. There is no "award pending"
 * status: an approval bound later is a separate approval state on the document.
 * Every step is one row below: the server claims `UPDATE … WHERE status IN (from)` (0 rows → 409) and
 * the web builds its buttons from the same rows.
 */
export const INQUIRY_STATUS = {
  DRAFT: 0,
  /** Sent to the suppliers; they quote until the deadline. */
  PUBLISHED: 1,
  /** Quoting is over; the bids are still sealed. */
  CLOSED: 2,
  /** The bids were revealed to the buyer and can be compared. */
  OPENED: 3,
  AWARDED: 4,
  CANCELLED: 5,
} as const;
export type InquiryStatus = (typeof INQUIRY_STATUS)[keyof typeof INQUIRY_STATUS];
/** Indexed by status code. */
export const INQUIRY_STATUS_NAMES = ['draft', 'published', 'closed', 'opened', 'awarded', 'cancelled'] as const;
export type InquiryStatusName = (typeof INQUIRY_STATUS_NAMES)[number];

/** Actions callable through `POST /gateway/srm/inquiries/:id/actions/:action`. */
export const INQUIRY_ACTIONS = ['publish', 'extend', 'close', 'open', 'new-round', 'award', 'cancel'] as const;
export type InquiryAction = (typeof INQUIRY_ACTIONS)[number];

export interface InquiryTransition extends MachineRow<InquiryStatus> {
  action: InquiryAction | 'expire';
  to: InquiryStatus;
  side: 'buyer' | 'system';
  permission: PermissionCode | null;
  /** The step needs the position's view-price flag as well: it reveals or weighs the bids. */
  needsPrices?: boolean;
}

const S = INQUIRY_STATUS;
const BUYER = 'PR_ION';

export const INQUIRY_TRANSITIONS: readonly InquiryTransition[] = [
  { action: 'publish', from: [S.DRAFT], to: S.PUBLISHED, side: 'buyer', permission: BUYER },
  // A later deadline; from closed it reopens quoting for every invitee.
  { action: 'extend', from: [S.PUBLISHED, S.CLOSED], to: S.PUBLISHED, side: 'buyer', permission: BUYER },
  // Early, once every invitee has submitted or declined.
  { action: 'close', from: [S.PUBLISHED], to: S.CLOSED, side: 'buyer', permission: BUYER },
  // The job closes a published inquiry within a minute of its deadline.
  { action: 'expire', from: [S.PUBLISHED], to: S.CLOSED, side: 'system', permission: null },
  { action: 'open', from: [S.CLOSED], to: S.OPENED, side: 'buyer', permission: BUYER, needsPrices: true },
  // Chosen suppliers quote again before a new deadline; the earlier round stays read-only.
  { action: 'new-round', from: [S.OPENED], to: S.PUBLISHED, side: 'buyer', permission: BUYER },
  { action: 'award', from: [S.OPENED], to: S.AWARDED, side: 'buyer', permission: BUYER, needsPrices: true },
  // Never reveals bids: sealed ones stay unreadable.
  {
    action: 'cancel',
    from: [S.DRAFT, S.PUBLISHED, S.CLOSED, S.OPENED],
    to: S.CANCELLED,
    side: 'buyer',
    permission: BUYER,
  },
];

/** The buyer edits the inquiry itself (PUT, DELETE) only as a draft. */
export const INQUIRY_EDITABLE_STATUSES: readonly InquiryStatus[] = [S.DRAFT];
/** The comparison exists from opening on (earlier only for an inquiry published unsealed). */
export const INQUIRY_REVEALED_STATUSES: readonly InquiryStatus[] = [S.OPENED, S.AWARDED];

export const inquiryMachine = defineMachine({
  statuses: INQUIRY_STATUS,
  names: INQUIRY_STATUS_NAMES,
  transitions: INQUIRY_TRANSITIONS,
  entered: { initial: [S.DRAFT] },
});
