import { and, count, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { materialSuppliers, materials } from '../../db/schema.ts';

/** How many materials are filed under a class; such a class cannot be deleted. */
export async function countMaterialsOfClass(q: Queryable, tenantId: string, classId: string): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(materials)
    .where(and(eq(materials.tenantId, tenantId), eq(materials.classId, classId)));
  return row.n;
}

/** Materials whose default warehouse it is, plus approved suppliers delivering to it. */
export async function countWarehouseUses(q: Queryable, tenantId: string, warehouseId: string): Promise<number> {
  const [asDefault] = await q
    .select({ n: count() })
    .from(materials)
    .where(and(eq(materials.tenantId, tenantId), eq(materials.warehouseId, warehouseId)));
  const [asDelivery] = await q
    .select({ n: count() })
    .from(materialSuppliers)
    .where(and(eq(materialSuppliers.tenantId, tenantId), eq(materialSuppliers.assWh, warehouseId)));
  return asDefault.n + asDelivery.n;
}
