import { lineAmount } from '@concord/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { receiptLines } from '../modules/receipts/receipts.table.ts';
import { actOnStatement } from '../modules/reconciliations/reconciliations.actions.ts';
import { createStatement } from '../modules/reconciliations/reconciliations.service.ts';
import { inTenantTx } from '../platform/context.ts';
import { asMember, seedAdmin } from './context.ts';
import type { DemoWorld } from './world.ts';

/**
 * Reconciliation statements over the receipts the receipt seed warehoused (it runs first): with
 * Shenzhen Precision one statement the buyer drafted and both sides confirmed, with Suzhou Plastics
 * one the supplier drafted and the buyer disputed (a line with a reason and a price difference).
 * Each takes about half of the partner's lines, so the rest stays unreconciled for the reports.
 * Written through the services; nobody is notified. Without receipt lines it does nothing.
 */

/** About half of the unreconciled lines of one supplier, oldest first; a single line is left alone. */
async function someOpenLines(db: Db, buyerTenantId: string, supplierTenantId: string) {
  const rows = await inTenantTx(db, buyerTenantId, (tx) =>
    tx
      .select({ id: receiptLines.id, supplierId: receiptLines.supplierId, date: receiptLines.receiptDate })
      .from(receiptLines)
      .where(
        and(
          eq(receiptLines.tenantId, buyerTenantId),
          eq(receiptLines.supplierTenantId, supplierTenantId),
          isNull(receiptLines.reconciliationId),
        ),
      )
      .orderBy(asc(receiptLines.receiptDate), asc(receiptLines.id)),
  );
  const picked = rows.slice(0, Math.floor(rows.length / 2));
  if (!picked.length) return null;
  const dates = picked.map((r) => r.date).sort();
  return {
    supplierId: picked[0]!.supplierId,
    ids: picked.filter((r) => r.supplierId === picked[0]!.supplierId).map((r) => r.id),
    periodFrom: dates[0]!,
    periodTo: dates[dates.length - 1]!,
  };
}

export async function seedReconciliations(db: Db, world: DemoWorld): Promise<void> {
  const { huaxin, precision, plastics } = world.tenants;
  const buyer = seedAdmin(world.users.buyer, 'buyer', huaxin);

  const confirmed = await someOpenLines(db, huaxin, precision);
  if (confirmed) {
    const supplier = seedAdmin(world.users.supplier, 'supplier', precision);
    const { id } = await asMember(db, buyer, (ctx) =>
      createStatement(ctx, {
        side: 'buyer',
        supplierId: confirmed.supplierId,
        periodFrom: confirmed.periodFrom,
        periodTo: confirmed.periodTo,
        receiptLineIds: confirmed.ids,
        remark: 'Monthly statement 月度对账',
      }),
    );
    await asMember(db, buyer, (ctx) => actOnStatement(ctx, id, 'send', {}));
    await asMember(db, supplier, (ctx) => actOnStatement(ctx, id, 'confirm', {}));
    await asMember(db, buyer, (ctx) => actOnStatement(ctx, id, 'finalize', {}));
  }

  const disputed = await someOpenLines(db, huaxin, plastics);
  if (disputed) {
    const supplier2 = seedAdmin(world.users.supplier2, 'supplier2', plastics);
    const { id } = await asMember(db, supplier2, (ctx) =>
      createStatement(ctx, {
        side: 'supplier',
        customerTenantId: huaxin,
        periodFrom: disputed.periodFrom,
        periodTo: disputed.periodTo,
        receiptLineIds: disputed.ids,
        remark: '',
      }),
    );
    const sent = await asMember(db, supplier2, (ctx) => actOnStatement(ctx, id, 'send', {}));
    const [first, ...rest] = sent.lines;
    await asMember(db, buyer, (ctx) =>
      actOnStatement(ctx, id, 'answer', {
        lines: [
          {
            id: first!.id,
            agree: false,
            reason: 'Price differs from the contract 单价与合同不符',
            // 95 % of the statement's price, exact at its price places.
            price: lineAmount(first!.price, '0.95', sent.decimalPlaces.price),
          },
          ...rest.map((l) => ({ id: l.id, agree: true })),
        ],
      }),
    );
  }
}
