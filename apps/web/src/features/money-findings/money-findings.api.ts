import type { ListResult, MoneyFinding, MoneyFindingKind } from '@concord/shared';
import { http } from '../../api/http.ts';
import { ORDER_PATHS } from '../purchase-orders/purchase-orders.api.ts';
import { statementPaths } from '../reconciliations/reconciliations.api.ts';

export type { MoneyFinding, MoneyFindingKind };

export interface MoneyFindingFilter {
  documentKind?: MoneyFindingKind;
  documentNo?: string;
}

export const moneyFindingsApi = {
  list: (filter: MoneyFindingFilter, pageNum: number, pageSize: number) =>
    http.get<ListResult<MoneyFinding>>(
      '/srm/money-findings',
      { ...filter, pageNum, pageSize },
      // A list read is not a change; the global overlay would only flicker.
      { overlay: false },
    ),
};

/** The document's page, where it has one (the findings are the owner's, so the buyer's pages). */
export function documentPath(f: Pick<MoneyFinding, 'documentKind' | 'documentId'>): string | null {
  if (f.documentKind === 'purchaseOrder') return `${ORDER_PATHS.buyer.detail}?id=${f.documentId}`;
  if (f.documentKind === 'reconciliation') return statementPaths('buyer').detail(f.documentId);
  return null;
}
