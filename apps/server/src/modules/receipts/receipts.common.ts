import { DELIVERY_BUYER_PERMISSION, DELIVERY_SUPPLIER_PERMISSION, type DocumentSide } from '@concord/shared';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { today } from '../receiving-plans/receiving-plans.common.ts';
import { receipts } from './receipts.table.ts';

/**
 * The buyer's steps on a delivery note are written into the note's own history: the operation-log
 * module and target of delivery notes, so both sides read one history.
 */
export const NOTE_MODULE = 'delivery-notes';
export const RECEIPT_MODULE = 'receipts';
export const RECEIVER = DELIVERY_BUYER_PERMISSION;
export const readPermission = (side: DocumentSide) =>
  side === 'buyer' ? [DELIVERY_BUYER_PERMISSION] : [DELIVERY_SUPPLIER_PERMISSION];

/** Where the supplier follows its delivery note. */
export const supplierNoteLink = (id: string) => `/supplysee/deliverydetail?id=${id}`;

export { today };

/** Who did a step, as people read it: the user's name, else the login. */
export async function userName(q: Queryable, userId: string): Promise<string> {
  const [row] = await q.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, userId));
  return row?.name || row?.username || '';
}

/**
 * Receipt numbers run RK + yyMMdd + a 4-digit daily sequence per enterprise, serialized per
 * enterprise by a transaction-scoped advisory lock; the unique index is the last guard.
 */
export async function nextReceiptNo(q: Queryable, tenantId: string): Promise<string> {
  await q.execute(sql`select pg_advisory_xact_lock(7323, hashtext(${`RK${tenantId}`}))`);
  const day = today();
  const stem = `RK${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;
  const result = await q.execute<{ n: number }>(sql`
    select coalesce(max(substring(receipt_no from ${stem.length + 1}::int)::int), 0) as n
      from ${receipts} where tenant_id = ${tenantId} and receipt_no ~ ${`^${stem}[0-9]{4,6}$`}`);
  return `${stem}${String(Number(result.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}
