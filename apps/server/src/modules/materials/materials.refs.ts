import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { dictionaryItems, materialClasses, warehouses } from '../../db/schema.ts';

/**
 * The basic data a material names, as lookup maps of one tenant: units and tax rates by dictionary
 * code (enabled items only), classes and warehouses by code and by id. One load serves a whole import.
 */
export interface ReferenceMaps {
  units: Map<string, { name: string }>;
  taxRates: Map<string, { rate: string | null }>;
  deliveryTypes: Map<string, { name: string }>;
  classesByCode: Map<string, { id: string; erpClassCode: string }>;
  classesById: Map<string, { code: string; erpClassCode: string }>;
  warehousesByCode: Map<string, { id: string }>;
  warehousesById: Map<string, { code: string; name: string }>;
}

export async function loadReferenceMaps(q: Queryable, tenantId: string): Promise<ReferenceMaps> {
  const [dict, classes, whs] = await Promise.all([
    q
      .select({
        type: dictionaryItems.dictType,
        code: dictionaryItems.code,
        name: dictionaryItems.name,
        value: dictionaryItems.value,
      })
      .from(dictionaryItems)
      .where(
        and(
          eq(dictionaryItems.tenantId, tenantId),
          eq(dictionaryItems.enabled, true),
          inArray(dictionaryItems.dictType, ['unit', 'taxRate', 'deliveryType']),
        ),
      ),
    q
      .select({ id: materialClasses.id, code: materialClasses.code, erpClassCode: materialClasses.erpClassCode })
      .from(materialClasses)
      .where(eq(materialClasses.tenantId, tenantId)),
    q
      .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name })
      .from(warehouses)
      .where(eq(warehouses.tenantId, tenantId)),
  ]);
  const maps: ReferenceMaps = {
    units: new Map(),
    taxRates: new Map(),
    deliveryTypes: new Map(),
    classesByCode: new Map(classes.map((c) => [c.code, { id: c.id, erpClassCode: c.erpClassCode }])),
    classesById: new Map(classes.map((c) => [c.id, { code: c.code, erpClassCode: c.erpClassCode }])),
    warehousesByCode: new Map(whs.map((w) => [w.code, { id: w.id }])),
    warehousesById: new Map(whs.map((w) => [w.id, { code: w.code, name: w.name }])),
  };
  for (const d of dict) {
    if (d.type === 'unit') maps.units.set(d.code, { name: d.name });
    else if (d.type === 'taxRate') maps.taxRates.set(d.code, { rate: d.value });
    else maps.deliveryTypes.set(d.code, { name: d.name });
  }
  return maps;
}
