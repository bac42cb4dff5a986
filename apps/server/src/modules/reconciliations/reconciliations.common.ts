import { type DocumentSide, RECONCILIATION_PERMISSION, type TextParam, text } from '@concord/shared';
import type { reconciliations } from './reconciliations.table.ts';

export type StatementRow = typeof reconciliations.$inferSelect;

export const RECONCILIATION_MODULE = 'reconciliations';

export const buyerStatementLink = (id: string) => `/purchasebill/sourcing/detail?id=${id}`;
export const supplierStatementLink = (id: string) => `/workers/sourcing/detail?id=${id}`;

export const permissionOf = (side: DocumentSide) => RECONCILIATION_PERMISSION[side];

/** At most 20 items, then an ellipsis: a history entry stays readable however many lines moved. */
export function listOf(items: TextParam[]): TextParam {
  const shown = items.length > 20 ? [...items.slice(0, 20), '…'] : items;
  return shown.reduceRight((rest, first) => text('reconciliations.list', { first, rest }));
}
