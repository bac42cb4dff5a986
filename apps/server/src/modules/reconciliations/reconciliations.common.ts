import { type DocumentSide, RECONCILIATION_PERMISSION } from '@concord/shared';
import type { reconciliations } from './reconciliations.table.ts';

export type StatementRow = typeof reconciliations.$inferSelect;

export const RECONCILIATION_MODULE = 'reconciliations';

export const buyerStatementLink = (id: string) => `/purchasebill/sourcing/detail?id=${id}`;
export const supplierStatementLink = (id: string) => `/workers/sourcing/detail?id=${id}`;

export const permissionOf = (side: DocumentSide) => RECONCILIATION_PERMISSION[side];
