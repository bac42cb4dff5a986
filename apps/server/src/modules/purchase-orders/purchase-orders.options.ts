import { isSupplierBlocked, type PurchaseOrderOptions } from '@concord/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { customers, dictionaryItems, suppliers, warehouses } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { AppError } from '../../platform/errors.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';
import { archiveScope } from '../suppliers/suppliers.scope.ts';
import { BUYER_CHANGE, BUYER_READ, SUPPLIER_READ } from './purchase-orders.common.ts';

const DICT_TYPES = ['unit', 'currency', 'taxRate', 'paymentCondition'] as const;

/** What the order form (buyer) and the customer filter (supplier) offer. */
export async function getOrderOptions({ tx: q, auth, tenantId: me }: RequestContext): Promise<PurchaseOrderOptions> {
  const buyer = [BUYER_READ, BUYER_CHANGE].some((c) => auth.permissions.has(c));
  const supplier = auth.permissions.has(SUPPLIER_READ);
  if (!buyer && !supplier) throw new AppError('FORBIDDEN');
  const scope = buyer ? await resolveDataScope(q, auth) : null;
  const supplierRows = scope
    ? await q
        .select({
          id: suppliers.id,
          supCode: suppliers.supCode,
          supName: suppliers.supName,
          supplierTenantId: suppliers.supplierTenantId,
          inviteState: suppliers.inviteState,
          relationState: suppliers.relationState,
        })
        .from(suppliers)
        .where(and(eq(suppliers.tenantId, me), archiveScope(scope)))
        .orderBy(asc(suppliers.supCode))
        .limit(5000)
    : [];
  const customerRows = supplier
    ? await q
        .select({ tenantId: customers.customerTenantId, name: customers.poName })
        .from(customers)
        .where(eq(customers.tenantId, me))
        .orderBy(asc(customers.poName))
    : [];
  const dict = buyer
    ? await q
        .select({
          type: dictionaryItems.dictType,
          code: dictionaryItems.code,
          name: dictionaryItems.name,
          value: dictionaryItems.value,
        })
        .from(dictionaryItems)
        .where(
          and(
            eq(dictionaryItems.tenantId, me),
            inArray(dictionaryItems.dictType, [...DICT_TYPES]),
            eq(dictionaryItems.enabled, true),
          ),
        )
        .orderBy(asc(dictionaryItems.sortOrder), asc(dictionaryItems.code))
    : [];
  const of = (type: (typeof DICT_TYPES)[number]) =>
    dict.filter((d) => d.type === type).map((d) => ({ code: d.code, name: d.name, value: d.value }));
  const warehouseRows = buyer
    ? await q
        .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name })
        .from(warehouses)
        .where(eq(warehouses.tenantId, me))
        .orderBy(asc(warehouses.code))
    : [];
  return {
    suppliers: supplierRows.map((r) => ({
      id: r.id,
      supCode: r.supCode,
      supName: r.supName,
      canReceive: r.supplierTenantId !== null && !isSupplierBlocked(r),
    })),
    customers: customerRows.filter((c): c is { tenantId: string; name: string } => c.tenantId !== null),
    warehouses: warehouseRows,
    units: of('unit'),
    currencies: of('currency'),
    taxRates: of('taxRate'),
    paymentConditions: of('paymentCondition'),
    decimalPlaces: await getDecimalPlaces(q, me),
  };
}
