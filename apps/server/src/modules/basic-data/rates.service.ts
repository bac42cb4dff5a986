import {
  type ExchangeRate,
  type exchangeRateFieldsSchema,
  type exchangeRateListSchema,
  type exchangeRateUpdateSchema,
  type InterestRate,
  type interestRateFieldsSchema,
  type interestRateListSchema,
  type interestRateUpdateSchema,
  type ListResult,
  roundDecimal,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, gte, ilike, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { exchangeRates, interestRates } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { placedDecimal } from '../../platform/decimal-places.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { ADD, assertUnique, DELETE, LOG_MODULES, logChange, UPDATE, updateVersioned } from './basic-data.common.ts';

// ---------------------------------------------------------------------------------------------
// Interest rates

type InterestFields = z.infer<typeof interestRateFieldsSchema>;
type InterestUpdate = z.infer<typeof interestRateUpdateSchema>;
type InterestListQuery = z.infer<typeof interestRateListSchema>;

const interestColumns = {
  id: interestRates.id,
  startDate: interestRates.startDate,
  endDate: interestRates.endDate,
  monthlyRate: interestRates.monthlyRate,
  registrantName: interestRates.registrantName,
  registeredAt: interestRates.registeredAt,
  valid: interestRates.valid,
  version: interestRates.version,
  createdAt: interestRates.createdAt,
  updatedAt: interestRates.updatedAt,
};

/** Rates in their shortest text, so a stored `0.300000` and a sent `0.3` are no change to the log. */
const comparableRate = <K extends string>(row: Record<K, string>, key: K) => ({
  ...row,
  [key]: roundDecimal(row[key], 8),
});

const INTEREST_SORTABLE = {
  startDate: interestRates.startDate,
  endDate: interestRates.endDate,
  monthlyRate: interestRates.monthlyRate,
  registeredAt: interestRates.registeredAt,
};

const interestFilter = (tenantId: string, f: InterestListQuery['filter'] = {}) =>
  and(
    eq(interestRates.tenantId, tenantId),
    f.valid === undefined ? undefined : eq(interestRates.valid, f.valid),
    f.onDate ? and(lte(interestRates.startDate, f.onDate), gte(interestRates.endDate, f.onDate)) : undefined,
  );

export async function listInterestRates(
  { tx: q, tenantId }: RequestContext,
  query: InterestListQuery,
): Promise<ListResult<InterestRate>> {
  const where = interestFilter(tenantId, query.filter);
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(interestColumns)
      .from(interestRates)
      .where(where)
      .orderBy(
        ...orderBy(query.orderParam, INTEREST_SORTABLE, [interestRates.startDate, 'desc']),
        desc(interestRates.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(interestRates).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export async function listInterestRatesForExport(
  { tx: q, tenantId }: RequestContext,
  filter: InterestListQuery['filter'],
  max: number,
): Promise<InterestRate[]> {
  return q
    .select(interestColumns)
    .from(interestRates)
    .where(interestFilter(tenantId, filter))
    .orderBy(asc(interestRates.startDate))
    .limit(max + 1);
}

export function getInterestRate({ tx, tenantId }: RequestContext, id: string): Promise<InterestRate> {
  return loadInterestRate(tx, tenantId, id);
}

async function loadInterestRate(q: Queryable, tenantId: string, id: string): Promise<InterestRate> {
  const [row] = await q
    .select(interestColumns)
    .from(interestRates)
    .where(and(eq(interestRates.tenantId, tenantId), eq(interestRates.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Interest-rate writes of one tenant run one at a time: the overlap check reads the other periods,
 * and two concurrent saves must not both pass it.
 */
export const lockInterestRates = (q: Queryable, tenantId: string) =>
  q.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`interest_rates:${tenantId}`}, 0))`);

/** The valid periods of the tenant that meet [start, end], other than `selfId`. */
export async function overlappingPeriods(
  q: Queryable,
  tenantId: string,
  period: { startDate: string; endDate: string },
  selfId: string | null,
): Promise<{ startDate: string; endDate: string }[]> {
  return q
    .select({ startDate: interestRates.startDate, endDate: interestRates.endDate })
    .from(interestRates)
    .where(
      and(
        eq(interestRates.tenantId, tenantId),
        eq(interestRates.valid, true),
        lte(interestRates.startDate, period.endDate),
        gte(interestRates.endDate, period.startDate),
        selfId ? ne(interestRates.id, selfId) : undefined,
      ),
    )
    .orderBy(asc(interestRates.startDate));
}

async function assertNoOverlap(q: Queryable, tenantId: string, input: InterestFields, selfId: string | null) {
  if (!input.valid) return;
  const [other] = await overlappingPeriods(q, tenantId, input, selfId);
  if (other) throw new AppError('INTEREST_PERIOD_OVERLAP', { start: other.startDate, end: other.endDate });
}

export async function createInterestRate(ctx: RequestContext, input: InterestFields): Promise<InterestRate> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await lockInterestRates(tx, tenantId);
    await assertNoOverlap(tx, tenantId, input, null);
    const id = newId();
    await tx.insert(interestRates).values({
      tenantId,
      id,
      ...input,
      registrantId: auth.userId,
      registrantName: auth.username,
    });
    await logChange(
      ctx,
      ADD,
      LOG_MODULES.interestRates,
      id,
      text('basicData.interestRateCreated', {
        monthlyRate: input.monthlyRate,
        startDate: input.startDate,
        endDate: input.endDate,
      }),
    );
    return loadInterestRate(tx, tenantId, id);
  });
}

/** Inserts checked import rows (already free of overlaps) in the request's transaction. */
export async function insertInterestRates(ctx: RequestContext, rows: InterestFields[]): Promise<void> {
  const { tx, auth, tenantId } = ctx;
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insert(interestRates).values(
      rows.slice(i, i + 1000).map((r) => ({
        tenantId,
        id: newId(),
        ...r,
        registrantId: auth.userId,
        registrantName: auth.username,
      })),
    );
  }
  await logChange(
    ctx,
    ADD,
    LOG_MODULES.interestRates,
    null,
    text('basicData.interestRatesImported', { count: rows.length }),
  );
}

export async function updateInterestRate(
  ctx: RequestContext,
  id: string,
  input: InterestUpdate,
): Promise<InterestRate> {
  const { tx: q, tenantId } = ctx;
  await lockInterestRates(q, tenantId);
  const before = await loadInterestRate(q, tenantId, id);
  const { version, ...fields } = input;
  await assertNoOverlap(q, tenantId, fields, id);
  await updateVersioned(q, interestRates, tenantId, id, version, fields);
  const changes = summarizeChanges(comparableRate(before, 'monthlyRate'), fields);
  if (changes) {
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.interestRates,
      id,
      text('basicData.interestRateUpdated', { startDate: before.startDate, endDate: before.endDate, changes }),
    );
  }
  return loadInterestRate(q, tenantId, id);
}

export async function deleteInterestRate(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  const row = await loadInterestRate(q, tenantId, id);
  await q.delete(interestRates).where(and(eq(interestRates.tenantId, tenantId), eq(interestRates.id, id)));
  await logChange(
    ctx,
    DELETE,
    LOG_MODULES.interestRates,
    id,
    text('basicData.interestRateDeleted', { startDate: row.startDate, endDate: row.endDate }),
  );
}

// ---------------------------------------------------------------------------------------------
// Exchange rates

type ExchangeFields = z.infer<typeof exchangeRateFieldsSchema>;
type ExchangeUpdate = z.infer<typeof exchangeRateUpdateSchema>;
type ExchangeListQuery = z.infer<typeof exchangeRateListSchema>;

const exchangeColumns = {
  id: exchangeRates.id,
  currencyCode: exchangeRates.currencyCode,
  currencyName: exchangeRates.currencyName,
  baseCurrency: exchangeRates.baseCurrency,
  rate: exchangeRates.rate,
  decimalPlaces: exchangeRates.decimalPlaces,
  updaterName: exchangeRates.updaterName,
  updatedAt: exchangeRates.updatedAt,
  version: exchangeRates.version,
  createdAt: exchangeRates.createdAt,
};

const EXCHANGE_SORTABLE = {
  currencyCode: exchangeRates.currencyCode,
  baseCurrency: exchangeRates.baseCurrency,
  updatedAt: exchangeRates.updatedAt,
};

const exchangeFilter = (tenantId: string, f: ExchangeListQuery['filter'] = {}) =>
  and(
    eq(exchangeRates.tenantId, tenantId),
    f.keyword
      ? or(
          ilike(exchangeRates.currencyCode, escapeLike(f.keyword)),
          ilike(exchangeRates.currencyName, escapeLike(f.keyword)),
        )
      : undefined,
  );

export async function listExchangeRates(
  { tx: q, tenantId }: RequestContext,
  query: ExchangeListQuery,
): Promise<ListResult<ExchangeRate>> {
  const where = exchangeFilter(tenantId, query.filter);
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(exchangeColumns)
      .from(exchangeRates)
      .where(where)
      .orderBy(
        ...orderBy(query.orderParam, EXCHANGE_SORTABLE, [exchangeRates.currencyCode, 'asc']),
        asc(exchangeRates.baseCurrency),
      )
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(exchangeRates).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export async function listExchangeRatesForExport(
  { tx: q, tenantId }: RequestContext,
  filter: ExchangeListQuery['filter'],
  max: number,
): Promise<ExchangeRate[]> {
  return q
    .select(exchangeColumns)
    .from(exchangeRates)
    .where(exchangeFilter(tenantId, filter))
    .orderBy(asc(exchangeRates.currencyCode), asc(exchangeRates.baseCurrency))
    .limit(max + 1);
}

export function getExchangeRate({ tx, tenantId }: RequestContext, id: string): Promise<ExchangeRate> {
  return loadExchangeRate(tx, tenantId, id);
}

async function loadExchangeRate(q: Queryable, tenantId: string, id: string): Promise<ExchangeRate> {
  const [row] = await q
    .select(exchangeColumns)
    .from(exchangeRates)
    .where(and(eq(exchangeRates.tenantId, tenantId), eq(exchangeRates.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The existing "currency/base" pairs of the tenant, for the import's per-row errors. */
export async function existingCurrencyPairs(q: Queryable, tenantId: string): Promise<Set<string>> {
  const rows = await q
    .select({ currencyCode: exchangeRates.currencyCode, baseCurrency: exchangeRates.baseCurrency })
    .from(exchangeRates)
    .where(eq(exchangeRates.tenantId, tenantId));
  return new Set(rows.map((r) => `${r.currencyCode}/${r.baseCurrency}`));
}

const assertPairFree = (q: Queryable, tenantId: string, input: ExchangeFields, selfId: string | null) =>
  assertUnique(
    q,
    exchangeRates,
    exchangeRates.id,
    and(
      eq(exchangeRates.tenantId, tenantId),
      eq(exchangeRates.currencyCode, input.currencyCode),
      eq(exchangeRates.baseCurrency, input.baseCurrency),
    ),
    selfId,
    `${input.currencyCode}/${input.baseCurrency}`,
  );

/** The rate has at most the places the row declares for it; more is refused, never rounded away. */
const placedRate = <T extends ExchangeFields>(input: T): T => ({
  ...input,
  rate: placedDecimal(input.rate, input.decimalPlaces, 'rate'),
});

const exchangeValues = (input: ExchangeFields, auth: MemberAuth) => ({
  ...input,
  updaterId: auth.userId,
  updaterName: auth.username,
});

export async function createExchangeRate(ctx: RequestContext, request: ExchangeFields): Promise<ExchangeRate> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    const input = placedRate(request);
    await assertPairFree(tx, tenantId, input, null);
    const id = newId();
    await tx.insert(exchangeRates).values({ tenantId, id, ...exchangeValues(input, auth) });
    await logChange(
      ctx,
      ADD,
      LOG_MODULES.exchangeRates,
      id,
      text('basicData.exchangeRateCreated', {
        currencyCode: input.currencyCode,
        baseCurrency: input.baseCurrency,
        rate: input.rate,
      }),
    );
    return loadExchangeRate(tx, tenantId, id);
  });
}

/** Inserts checked import rows (pairs not yet taken) in the request's transaction. */
export async function insertExchangeRates(ctx: RequestContext, rows: ExchangeFields[]): Promise<void> {
  const { tx, auth, tenantId } = ctx;
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(exchangeRates)
      .values(rows.slice(i, i + 1000).map((r) => ({ tenantId, id: newId(), ...exchangeValues(r, auth) })));
  }
  await logChange(
    ctx,
    ADD,
    LOG_MODULES.exchangeRates,
    null,
    text('basicData.exchangeRatesImported', { count: rows.length }),
  );
}

export async function updateExchangeRate(
  ctx: RequestContext,
  id: string,
  input: ExchangeUpdate,
): Promise<ExchangeRate> {
  const { tx: q, auth, tenantId } = ctx;
  const before = await loadExchangeRate(q, tenantId, id);
  const { version, ...fields } = placedRate(input);
  await assertPairFree(q, tenantId, fields, id);
  await updateVersioned(q, exchangeRates, tenantId, id, version, exchangeValues(fields, auth));
  const changes = summarizeChanges(comparableRate(before, 'rate'), fields);
  if (changes) {
    await logChange(
      ctx,
      UPDATE,
      LOG_MODULES.exchangeRates,
      id,
      text('basicData.exchangeRateUpdated', {
        currencyCode: before.currencyCode,
        baseCurrency: before.baseCurrency,
        changes,
      }),
    );
  }
  return loadExchangeRate(q, tenantId, id);
}

export async function deleteExchangeRate(ctx: RequestContext, id: string): Promise<void> {
  const { tx: q, tenantId } = ctx;
  const row = await loadExchangeRate(q, tenantId, id);
  await q.delete(exchangeRates).where(and(eq(exchangeRates.tenantId, tenantId), eq(exchangeRates.id, id)));
  await logChange(
    ctx,
    DELETE,
    LOG_MODULES.exchangeRates,
    id,
    text('basicData.exchangeRateDeleted', { currencyCode: row.currencyCode, baseCurrency: row.baseCurrency }),
  );
}
