import {
  DECIMAL_KINDS,
  DEFAULT_DECIMAL_PLACES,
  type DecimalPlaces,
  type DecimalPlacesSetting,
  type decimalPlacesUpdateSchema,
  text,
} from '@concord/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { decimalPlaces } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { LOG_MODULES, logChange, UPDATE } from './basic-data.common.ts';

type UpdateInput = z.infer<typeof decimalPlacesUpdateSchema>;

/**
 * The enterprise's decimal places of quantities, prices and amounts; the defaults (2/4/2) until it
 * saves its own. Other modules round with these through the shared money module (`roundDecimal`).
 */
export async function getDecimalPlaces(q: Queryable, tenantId: string): Promise<DecimalPlaces> {
  const [row] = await q.select().from(decimalPlaces).where(eq(decimalPlaces.tenantId, tenantId)).limit(1);
  if (!row) return { ...DEFAULT_DECIMAL_PLACES };
  return { quantity: row.quantityPlaces, price: row.pricePlaces, amount: row.amountPlaces };
}

const toSetting = (places: DecimalPlaces, version: number): DecimalPlacesSetting => ({
  settings: DECIMAL_KINDS.map((kind) => ({ kind, places: places[kind] })),
  version,
});

export function getDecimalPlacesSetting({ tx, tenantId }: RequestContext): Promise<DecimalPlacesSetting> {
  return readSetting(tx, tenantId);
}

async function readSetting(q: Queryable, tenantId: string): Promise<DecimalPlacesSetting> {
  const [row] = await q
    .select({ version: decimalPlaces.version })
    .from(decimalPlaces)
    .where(eq(decimalPlaces.tenantId, tenantId))
    .limit(1);
  return toSetting(await getDecimalPlaces(q, tenantId), row?.version ?? 0);
}

/**
 * Saves the three settings. Version 0 means "still on the defaults": the insert then races only with
 * another first save, which the primary key turns into a 409 like any stale version.
 */
export async function saveDecimalPlaces(ctx: RequestContext, input: UpdateInput): Promise<DecimalPlacesSetting> {
  const { tx: q, tenantId } = ctx;
  const before = await getDecimalPlaces(q, tenantId);
  const after = Object.fromEntries(input.settings.map((s) => [s.kind, s.places])) as DecimalPlaces;
  const values = { quantityPlaces: after.quantity, pricePlaces: after.price, amountPlaces: after.amount };
  if (input.version === 0) {
    const inserted = await q
      .insert(decimalPlaces)
      .values({ tenantId, ...values })
      .onConflictDoNothing()
      .returning({ tenantId: decimalPlaces.tenantId });
    if (inserted.length === 0) throw new AppError('CONFLICT');
  } else {
    const [updated] = await q
      .update(decimalPlaces)
      .set({ ...values, version: sql`${decimalPlaces.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(decimalPlaces.tenantId, tenantId), eq(decimalPlaces.version, input.version)))
      .returning({ tenantId: decimalPlaces.tenantId });
    if (!updated) throw new AppError('CONFLICT');
  }
  for (const kind of DECIMAL_KINDS.filter((k) => before[k] !== after[k])) {
    const change = { kind: text(`basicData.decimalKind.${kind}`), from: before[kind], to: after[kind] };
    await logChange(ctx, UPDATE, LOG_MODULES.decimalPlaces, tenantId, text('basicData.decimalPlacesChanged', change));
  }
  return readSetting(q, tenantId);
}
