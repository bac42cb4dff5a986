import { MATERIAL_QTY_SCALE, MATERIAL_RATE_SCALE, roundDecimal } from '@concord/shared';
import type { Queryable } from '../../db/client.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import { getDecimalPlaces } from '../basic-data/decimal-places.service.ts';

/**
 * Places of the archive's quantities and percentages (issue 16). Quantities follow the enterprise's
 * quantity places, but never more than the column keeps: a sixth place PostgreSQL would round away
 * is refused instead. Percentages (quotas, over-delivery allowances) keep the columns' two.
 */
export interface MaterialPlaces {
  quantity: number;
  rate: number;
}

export type MaterialDecimalKind = keyof MaterialPlaces;

/** The decimals of a material, an approved supplier and a material-customer relation, by kind. */
export const MATERIAL_DECIMALS = { minOrderQty: 'quantity', minPackQty: 'quantity', orderOverRate: 'rate' } as const;
export const SUPPLIER_DECIMALS = {
  poQuotaRate: 'rate',
  safeStoreQty: 'quantity',
  topStoreQty: 'quantity',
  scheduleOverRate: 'rate',
} as const;
/** The package dimensions in cm are measurements, plain numbers, and not among them. */
export const CUSTOMER_DECIMALS = {
  materialQty: 'quantity',
  smallQty: 'quantity',
  outerQty: 'quantity',
  minQty: 'quantity',
  overdeliveryRate: 'rate',
} as const;

export async function materialPlaces(q: Queryable, tenantId: string): Promise<MaterialPlaces> {
  const places = await getDecimalPlaces(q, tenantId);
  return { quantity: Math.min(places.quantity, MATERIAL_QTY_SCALE), rate: MATERIAL_RATE_SCALE };
}

/**
 * `fields` with each decimal named in `kinds` checked against its places and given as stored; more
 * places than allowed is a 400 DECIMAL_PLACES_EXCEEDED naming the field.
 */
export function placedFields<T extends object>(
  fields: T,
  kinds: Readonly<Record<string, MaterialDecimalKind>>,
  places: MaterialPlaces,
): T {
  const placed = { ...fields } as Record<string, unknown>;
  for (const [key, kind] of Object.entries(kinds)) {
    const value = placed[key];
    if (typeof value === 'string') placed[key] = placedDecimal(value, places[kind], key);
  }
  return placed as T;
}

/**
 * The logged fields of a row in a form the change log compares: a numeric column reads back padded
 * (`10.0000`) while the request says `10`, and the two must not count as a change.
 */
export function loggedValues(
  row: object,
  keys: readonly string[],
  decimals: readonly string[],
): Record<string, unknown> {
  const source = row as Record<string, unknown>;
  return Object.fromEntries(
    keys.map((k) => {
      const v = source[k];
      return [k, decimals.includes(k) && typeof v === 'string' ? roundDecimal(v, 6) : v];
    }),
  );
}
