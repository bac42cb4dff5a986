import { BASIC_DATA_READERS, OPERATION_TYPE, type OperationType, type TextRef } from '@concord/shared';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import type { Auth, RequestContext } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';

/** The operation-log module names of basic data, one per screen. */
export const LOG_MODULES = {
  classes: 'material-classes',
  dictionaries: 'dictionaries',
  attributes: 'material-attributes',
  features: 'material-features',
  warehouses: 'warehouses',
  interestRates: 'interest-rates',
  exchangeRates: 'exchange-rates',
  decimalPlaces: 'decimal-places',
  evaluationItems: 'evaluation-items',
} as const;
type LogModule = (typeof LOG_MODULES)[keyof typeof LOG_MODULES];

/**
 * Pickers of other modules' forms list classes, dictionaries and warehouses: buyers, suppliers and
 * basic-data maintainers may read them, only CF_BAS may change them (the route says so).
 */
export function assertReader(auth: Auth): void {
  if (!BASIC_DATA_READERS.some((code) => auth.permissions.has(code))) throw new AppError('FORBIDDEN');
}

/** Logs a change in the caller's enterprise, inside the request's transaction. */
export async function logChange(
  { tx, auth }: RequestContext,
  type: OperationType,
  module: LogModule,
  targetId: string | null,
  summary: TextRef,
): Promise<void> {
  await recordOperation(tx, actorOf(auth), { type, module, targetId, summary });
}

export const ADD = OPERATION_TYPE.ADD;
export const UPDATE = OPERATION_TYPE.UPDATE;
export const DELETE = OPERATION_TYPE.DELETE;

/** Refuses a code (or name) already used in the tenant by another row: unique per tenant, not global (T-10). */
export async function assertUnique(
  q: Queryable,
  table: PgTable,
  idColumn: AnyPgColumn,
  where: SQL | undefined,
  selfId: string | null,
  field: string,
): Promise<void> {
  const [taken] = await q
    .select({ id: idColumn })
    .from(table)
    .where(and(where, selfId ? ne(idColumn, selfId) : undefined))
    .limit(1);
  if (taken) throw new AppError('DUPLICATE', { field });
}

type VersionedTable = PgTable & { tenantId: AnyPgColumn; id: AnyPgColumn; version: AnyPgColumn };

/** Optimistic locking: the row changes only while it still has the `version` the editor read, else CONFLICT. */
export async function updateVersioned<T extends VersionedTable>(
  q: Queryable,
  table: T,
  tenantId: string,
  id: string,
  version: number,
  values: PgUpdateSetSource<T>,
): Promise<void> {
  const [updated] = await q
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(table.tenantId, tenantId), eq(table.id, id), eq(table.version, version)))
    .returning({ id: table.id });
  if (!updated) throw new AppError('CONFLICT');
}
