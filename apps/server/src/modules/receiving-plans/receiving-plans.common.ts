import type { DocumentSide } from '@concord/shared';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { type Auth, inTenantTx } from '../../platform/context.ts';
import {
  resolveDataScope,
  scopeCondition,
  type TwoPartyColumns,
  twoPartyCondition,
} from '../../platform/data-scope.ts';
import type { MessageProvider, OutgoingMessage } from '../../platform/mail.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { recipientsOf } from '../qualifications/qualifications.notify.ts';
import { suppliers } from '../suppliers/suppliers.table.ts';

/** Operation-log modules: a document's history is its log entries on both sides. */
export const PLAN_MODULE = 'receiving-plans';
export const URGENT_MODULE = 'urgent-deliveries';
export const INVENTORY_MODULE = 'inventory-reports';

/** `quiet`: the demo seed writes documents through the services but tells nobody. */
export type Deps = { db: Db; provider: MessageProvider; log: FastifyBaseLogger } | { db: Db; quiet: true };

export const escapeLike = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;
export const today = () => new Date().toISOString().slice(0, 10);

/** The two-party columns every buyer-owned document of this module has. */
export interface TwoPartyDocument extends TwoPartyColumns {
  id: AnyPgColumn;
}

export async function sideCondition(
  q: Queryable,
  auth: Auth,
  side: DocumentSide,
  t: TwoPartyColumns,
): Promise<SQL | undefined> {
  return twoPartyCondition(auth.tenantId!, side, await resolveDataScope(q, auth), t);
}

/** Which side the caller is on for a document id: its own enterprise's document opens as the buyer's. */
export async function sideOf(
  q: Queryable,
  auth: Auth,
  table: PgTable & TwoPartyDocument,
  id: string,
): Promise<DocumentSide> {
  const [own] = await q
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.tenantId, auth.tenantId!), eq(table.id, id)))
    .limit(1);
  return own ? 'buyer' : 'supplier';
}

/** Suppliers on the platform that the caller may see (data scope and trading partners), for pickers. */
export async function joinedSuppliers(q: Queryable, auth: Auth) {
  const scope = await resolveDataScope(q, auth);
  return q
    .select({ id: suppliers.id, supCode: suppliers.supCode, supName: suppliers.supName })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.tenantId, auth.tenantId!),
        isNotNull(suppliers.supplierTenantId),
        scopeCondition(scope, {
          owner: suppliers.ownerId,
          dept: suppliers.deptId,
          partner: { column: suppliers.supplierTenantId, kind: 'supplier' },
        }),
      ),
    )
    .orderBy(asc(suppliers.supCode))
    .limit(500);
}

/**
 * Document numbers run <prefix> + yyMMdd + a 4-digit daily sequence per enterprise, serialized per
 * enterprise by a transaction-scoped advisory lock; the unique index is the last guard. The start
 * position is cast to int: as an untyped parameter it would pick substring's regular-expression form.
 */
export async function nextNumber(
  q: Queryable,
  tenantId: string,
  prefix: 'RP' | 'UD',
  table: PgTable,
  column: 'plan_no' | 'notice_no',
): Promise<string> {
  await q.execute(sql`select pg_advisory_xact_lock(7323, hashtext(${`${prefix}${tenantId}`}))`);
  const day = today();
  const stem = `${prefix}${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;
  const col = sql.raw(column);
  const result = await q.execute<{ n: number }>(sql`
    select coalesce(max(substring(${col} from ${stem.length + 1}::int)::int), 0) as n
      from ${table} where tenant_id = ${tenantId} and ${col} ~ ${`^${stem}[0-9]{4,6}$`}`);
  return `${stem}${String(Number(result.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

export interface Note {
  tenantId: string;
  /** The document's owner on the buyer side; null: the enterprise's administrators. */
  userId?: string | null;
  title: string;
  content: string;
  link: string;
}

/**
 * Tells the other enterprise in its own transaction after ours committed: a message row and a
 * websocket push, then the e-mails of those who enabled them.
 */
export async function tellParty(deps: Deps, notes: Note[]): Promise<void> {
  if ('quiet' in deps) return;
  const emails: OutgoingMessage[] = [];
  for (const n of notes) {
    emails.push(
      ...(await inTenantTx(deps.db, n.tenantId, async (tx) =>
        notifyUsers(tx, {
          tenantId: n.tenantId,
          userIds: await recipientsOf(tx, n.tenantId, n.userId ?? null),
          kind: 'delivery',
          title: n.title,
          content: n.content,
          link: n.link,
        }),
      )),
    );
  }
  await sendNotificationEmails(deps.provider, emails, deps.log);
}

export const buyerPlanLink = (id: string) => `/receivingPlan/order/detail?id=${id}`;
export const buyerPlanConfirmLink = (id: string) => `/receivingPlan/plansure/detail?id=${id}`;
export const supplierPlanLink = (id: string) => `/supreceivePlan/order/detail?id=${id}`;
export const buyerUrgentLink = (id: string) => `/recemanage/emerdelivery/detail?id=${id}`;
export const supplierUrgentLink = (id: string) => `/customer/emerdelivery/detail?id=${id}`;
export const buyerInventoryLink = () => '/supplier/uploadinventory';
export const supplierInventoryLink = () => '/customer/inventory';
