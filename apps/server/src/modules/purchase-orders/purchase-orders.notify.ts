import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { inTenantTx } from '../../platform/context.ts';
import type { MessageProvider, OutgoingMessage } from '../../platform/mail.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { recipientsOf } from '../qualifications/qualifications.notify.ts';

/** Operation-log module names: the history of an order or a change is its log entries on both sides. */
export const ORDER_MODULE = 'purchase-orders';
export const CHANGE_MODULE = 'purchase-order-changes';

/** `quiet`: the demo seed writes orders through the services but tells nobody. */
export type NotifyDeps = { db: Db; provider: MessageProvider; log: FastifyBaseLogger } | { db: Db; quiet: true };

export interface OrderNote {
  tenantId: string;
  /** The order's owner on the buyer side; null: the enterprise's administrators. */
  userId?: string | null;
  title: string;
  content: string;
  link: string;
}

/**
 * Tells the other enterprise in its own transaction after ours committed: a message row and a
 * websocket push (`notifyUsers`), then the e-mails of those who enabled them.
 */
export async function tellOrder(deps: NotifyDeps, notes: OrderNote[]): Promise<void> {
  if ('quiet' in deps) return;
  const emails: OutgoingMessage[] = [];
  for (const n of notes) {
    emails.push(
      ...(await inTenantTx(deps.db, n.tenantId, async (tx) =>
        notifyUsers(tx, {
          tenantId: n.tenantId,
          userIds: await recipientsOf(tx, n.tenantId, n.userId ?? null),
          kind: 'order',
          title: n.title,
          content: n.content,
          link: n.link,
        }),
      )),
    );
  }
  await sendNotificationEmails(deps.provider, emails, deps.log);
}

export const buyerOrderLink = (id: string) => `/procurementConsignment/order/detail?id=${id}`;
export const supplierOrderLink = (id: string) => `/customer/order/detail?id=${id}`;
export const buyerChangeLink = (id: string) => `/purchasechange/order/detail?id=${id}`;
export const supplierChangeLink = (id: string) => `/orderchange/order/detail?id=${id}`;
