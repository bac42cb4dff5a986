/**
 * Organization and access-control vocabulary shared by server and web (spec §3 position, §4
 * invitation statuses, §6 position flags).
 */

/** Data permission types of a position (spec §3 enumeration). */
export const DATA_PERMISSION = {
  ALL: 0,
  ONLY_USER: 1,
  ONLY_DEPT: 2,
  ONLY_DEPT_AND_CHILD: 3,
  CUSTOM_DEPT_AND_CHILD: 4,
  CUSTOM_DEPT: 5,
  DEPT_USER: 6,
  DEPT_AND_CHILD_USER: 7,
} as const;
export type DataPermission = (typeof DATA_PERMISSION)[keyof typeof DATA_PERMISSION];
export const DATA_PERMISSION_VALUES = Object.values(DATA_PERMISSION) as DataPermission[];

/** Types 4 and 5 name their departments explicitly. */
export const usesCustomDepartments = (type: number) =>
  type === DATA_PERMISSION.CUSTOM_DEPT_AND_CHILD || type === DATA_PERMISSION.CUSTOM_DEPT;

/** What a masked price, amount or supplier name reads as in every output. */
export const MASK = '***';

/**
 * Field names that carry a price or an amount anywhere in the API. The server masks every one of
 * them for a position without "view price" — in lists, details, exports, prints, reports, pushes
 * and error data — and ignores sorting and filtering on them. A module adding a money field names it
 * here (or uses one of these names).
 */
export const PRICE_FIELDS: readonly string[] = [
  'price',
  'unitPrice',
  'taxPrice',
  'noTaxPrice',
  'amount',
  'taxAmount',
  'noTaxAmount',
  'totalAmount',
  'lineAmount',
  'orderAmount',
  'invoiceAmount',
  'reconciledAmount',
  'quotePrice',
  'lastPrice',
  'targetPrice',
];

/** Field names that carry a supplier's name; masked without "show supplier name". */
export const SUPPLIER_NAME_FIELDS: readonly string[] = ['supName', 'supplierName', 'supShort'];

/** Kinds of trading-partner permission an employee holds per partner (spec §3 employee). */
export const PARTNER_KINDS = ['supplier', 'client'] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** Enterprise-wide access settings (spec §6 "global settings"). */
export interface OrgSettings {
  /** Ordinary users see only their own business documents. */
  privateBusinessData: boolean;
  /** Employees see only documents of the trading partners assigned to them. */
  tradingPartnerRestriction: boolean;
  /** A superior position sees the documents of its subordinate positions' holders. */
  superiorSeesSubordinates: boolean;
}
