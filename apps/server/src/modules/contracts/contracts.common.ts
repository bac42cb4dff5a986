import { CONTRACT_SUPPLIER_HIDDEN_STATUSES, type DocumentSide } from '@concord/shared';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth } from '../../platform/context.ts';
import { findDocument, sideCondition } from '../../platform/documents.ts';
import { contracts } from './contracts.table.ts';

/* What the contract files share: each side's permission, what a side may see, finding one, names and links. */

export const BUYER = 'PO_CON';
export const SUPPLIER = 'SL_CON';
export const readPermission = (side: DocumentSide) => [side === 'buyer' ? BUYER : SUPPLIER];

/** Operation-log module: a contract's history is its entries in both enterprises' logs. */
export const CONTRACT_MODULE = 'contracts';

export const buyerContractLink = (id: string) => `/contract/supplier/detail?id=${id}`;
export const supplierContractLink = (id: string) => `/contract/customer/detail?id=${id}`;

export type ContractRow = typeof contracts.$inferSelect;

/** Both sides' view within the caller's data scope; a supplier never sees the buyer's drafts. */
export const contractSideCondition = (q: Queryable, auth: MemberAuth, side: DocumentSide): Promise<SQL | undefined> =>
  sideCondition(q, auth, side, contracts, {
    from: 'supplier',
    status: contracts.status,
    statuses: CONTRACT_SUPPLIER_HIDDEN_STATUSES,
  });

/** The contract as the caller sees it, and on which side; not visible → null (the route answers 404). */
export const findContract = (
  q: Queryable,
  auth: MemberAuth,
  id: string,
): Promise<{ side: DocumentSide; row: ContractRow } | null> =>
  findDocument(q, auth, contracts, id, {
    visible: (side) => contractSideCondition(q, auth, side),
    read: readPermission,
  });
