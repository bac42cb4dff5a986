import type { PermissionCode } from './permissions.ts';
import { defineMachine, type MachineRow } from './state-machine.ts';

/**
 * Quotations (spec §2 /inquiryoffer/offerin, QU_MA): one per invited supplier and round of an inquiry.
 * The supplier types its bids, saves, submits and may revise until the close (its last submit counts),
 * or declines. The buyer records the quotes of suppliers off the network. The inquiry's award, cancel
 * and new round settle the rest.
 */
export const QUOTATION_STATUS = {
  INVITED: 0,
  /** Bids saved, not (or no longer) submitted. */
  DRAFTING: 1,
  SUBMITTED: 2,
  DECLINED: 3,
  AWARDED: 4,
  PARTLY_AWARDED: 5,
  NOT_AWARDED: 6,
  /** The inquiry was cancelled, or awarded without this quotation ever being submitted. */
  VOID: 7,
} as const;
export type QuotationStatus = (typeof QUOTATION_STATUS)[keyof typeof QUOTATION_STATUS];
export const QUOTATION_STATUS_NAMES = [
  'invited',
  'drafting',
  'submitted',
  'declined',
  'awarded',
  'partlyAwarded',
  'notAwarded',
  'void',
] as const;
export type QuotationStatusName = (typeof QUOTATION_STATUS_NAMES)[number];

/** Actions callable through `POST /gateway/srm/quotations/:id/actions/:action`. */
export const QUOTATION_ACTIONS = ['submit', 'revise', 'decline', 'record'] as const;
export type QuotationAction = (typeof QUOTATION_ACTIONS)[number];

export type QuotationSide = 'buyer' | 'supplier';

export interface QuotationTransition extends MachineRow<QuotationStatus> {
  /** `save` is `PUT /:id` (the bids); `award` and `void` are the inquiry's steps. */
  action: QuotationAction | 'save' | 'award' | 'void';
  side: QuotationSide | 'system';
  permission: PermissionCode | null;
}

const S = QUOTATION_STATUS;
const SUPPLIER = 'QU_MA';
const OPEN = [S.INVITED, S.DRAFTING] as const;

export const QUOTATION_TRANSITIONS: readonly QuotationTransition[] = [
  { action: 'save', from: OPEN, to: S.DRAFTING, side: 'supplier', permission: SUPPLIER },
  // Only before the deadline, by the database clock; every line priced or marked no-bid.
  { action: 'submit', from: OPEN, to: S.SUBMITTED, side: 'supplier', permission: SUPPLIER },
  // The submitted bid still counts unless the revision is submitted before the close.
  { action: 'revise', from: [S.SUBMITTED], to: S.DRAFTING, side: 'supplier', permission: SUPPLIER },
  { action: 'decline', from: OPEN, to: S.DECLINED, side: 'supplier', permission: SUPPLIER },
  // A supplier off the network: the buyer types the quote it received, unsealed.
  { action: 'record', from: [...OPEN, S.SUBMITTED], to: S.SUBMITTED, side: 'buyer', permission: 'PR_ION' },
  // Awarded, partly awarded or not awarded, from the allocations of the inquiry's award.
  { action: 'award', from: [S.SUBMITTED], side: 'system', permission: null },
  { action: 'void', from: [...OPEN, S.SUBMITTED], to: S.VOID, side: 'system', permission: null },
];

/** A supplier's bid is written (PUT) only while it is drafting or not yet started. */
export const QUOTATION_EDITABLE_STATUSES: readonly QuotationStatus[] = OPEN;

export const quotationMachine = defineMachine({
  statuses: QUOTATION_STATUS,
  names: QUOTATION_STATUS_NAMES,
  transitions: QUOTATION_TRANSITIONS,
  entered: {
    initial: [S.INVITED],
    // Set by the inquiry's award from each quotation's allocations.
    otherwise: [S.AWARDED, S.PARTLY_AWARDED, S.NOT_AWARDED],
  },
});
