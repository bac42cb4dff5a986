import { type TextRef, text } from '@concord/shared';

/** Operation-log module name of qualification documents (history of a document = its log entries). */
export const MODULE = 'qualifications';

export const buyerLink = (id: string) => `/supplier/qualification/detail?id=${id}`;
export const supplierLink = (id: string) => `/sale/customer/detail?id=${id}`;

/** A validity date as read: the date, or "long-term" in the reader's language. */
export const validUntil = (date: string | null): string | TextRef => date ?? text('qualifications.longTerm');

/**
 * Texts (at least one) one below the other. A parameter holds one text, so a list nests pairs, halving
 * it each time: a list of any length stays a shallow tree.
 */
export function linesOf(items: TextRef[]): TextRef {
  if (items.length <= 1) return items[0]!;
  const half = Math.ceil(items.length / 2);
  return text('qualifications.lines', { first: linesOf(items.slice(0, half)), rest: linesOf(items.slice(half)) });
}
