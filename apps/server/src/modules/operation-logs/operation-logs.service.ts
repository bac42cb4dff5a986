import {
  type ListResult,
  type Locale,
  MASK,
  OPERATION_TYPE,
  type OperationLog,
  type OperationLogExportQuery,
  type OperationLogFilter,
  type OperationLogListQuery,
  type OperationType,
  renderText,
  SUPPLIER_NAME_FIELDS,
  type TextRef,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { operationLogs } from '../../db/schema.ts';
import type { Auth, RequestContext } from '../../platform/context.ts';
import { type Actor, actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { isMoneyField } from '../../platform/masking.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { timeZoneOf } from '../../platform/time.ts';
import { operationLogWorkbook } from './operation-logs.export.ts';

export interface OperationEntry {
  type: OperationType;
  module: string;
  targetId?: string | null;
  /** A catalogue text (issue 17), rendered in each reader's language and masked for each reader. */
  summary: TextRef;
}

export const MODULE = 'operation-logs';

/** Records one operation in the caller's transaction, so the log and the change commit together. */
export async function recordOperation(q: Queryable, actor: Actor, entry: OperationEntry): Promise<void> {
  await q.insert(operationLogs).values({
    tenantId: actor.tenantId,
    id: newId(),
    userId: actor.userId,
    username: actor.username,
    operationType: entry.type,
    module: entry.module,
    targetId: entry.targetId ?? null,
    summary: entry.summary,
    ip: actor.ip,
  });
}

/*
 * A summary is read later by people whose position may hide prices or supplier names (T-06), so the
 * values of such fields are stored between marks and masked per reader by `renderSummary`.
 */
const MONEY_OPEN = '\u2983';
const MONEY_CLOSE = '\u2984';
const SUPPLIER_OPEN = '\u2985';
const SUPPLIER_CLOSE = '\u2986';
const MARKS = /[\u2983-\u2986]/g;
const MONEY_SPAN = /\u2983([^\u2984]*)\u2984/g;
const SUPPLIER_SPAN = /\u2985([^\u2986]*)\u2986/g;
const SUPPLIER_NAMES = new Set(SUPPLIER_NAME_FIELDS);

const format = (v: unknown) => {
  const text = (typeof v === 'string' ? v : JSON.stringify(v ?? '')).replace(MARKS, '');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

function formatField(key: string, v: unknown): string {
  if (isMoneyField(key) && typeof v !== 'boolean') return `${MONEY_OPEN}${format(v)}${MONEY_CLOSE}`;
  if (SUPPLIER_NAMES.has(key)) return `${SUPPLIER_OPEN}${format(v)}${SUPPLIER_CLOSE}`;
  return format(v);
}

/** "name: a → b; phone: c → d" for the fields that really changed. */
export function summarizeChanges(before: Record<string, unknown>, after: Record<string, unknown>): string {
  return Object.keys(after)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k}: ${formatField(k, before[k])} → ${formatField(k, after[k])}`)
    .join('; ');
}

/** The summary as this reader may see it: marked prices and supplier names shown or masked. */
export function renderSummary(summary: string, viewer: Pick<Auth, 'showPrice' | 'showSupplier'>): string {
  return summary
    .replace(MONEY_SPAN, (_m, value: string) => (viewer.showPrice ? value : MASK))
    .replace(SUPPLIER_SPAN, (_m, value: string) => (viewer.showSupplier ? value : MASK));
}

/**
 * A logged text as this reader may read it: parameters named like a price or a supplier name, and the
 * marked spans of a change list, shown or masked (T-06), then rendered in the reader's language.
 */
export function renderLogText(ref: TextRef, locale: Locale, viewer: Pick<Auth, 'showPrice' | 'showSupplier'>): string {
  const masked = (r: TextRef): TextRef => ({
    key: r.key,
    params: Object.fromEntries(
      Object.entries(r.params ?? {}).map(([name, v]) => {
        if (typeof v === 'object') return [name, masked(v)];
        if (isMoneyField(name) && !viewer.showPrice) return [name, MASK];
        if (SUPPLIER_NAMES.has(name) && !viewer.showSupplier) return [name, MASK];
        return [name, typeof v === 'string' ? renderSummary(v, viewer) : v];
      }),
    ),
  });
  return renderText(masked(ref), locale);
}

/** More rows than this are refused rather than built in memory (QUALITY I-10): the caller narrows the filter. */
export const EXPORT_MAX_ROWS = 10_000;

const SORTABLE = {
  createdAt: operationLogs.createdAt,
  username: operationLogs.username,
  operationType: operationLogs.operationType,
  module: operationLogs.module,
};

function whereOf(tenantId: string, f: OperationLogFilter = {}): SQL | undefined {
  return and(
    eq(operationLogs.tenantId, tenantId),
    f.username ? ilike(operationLogs.username, escapeLike(f.username)) : undefined,
    f.operationType === undefined ? undefined : eq(operationLogs.operationType, f.operationType),
    f.module ? eq(operationLogs.module, f.module) : undefined,
    f.from ? gte(operationLogs.createdAt, f.from) : undefined,
    f.to ? lte(operationLogs.createdAt, f.to) : undefined,
  );
}

// Entries of one transaction share created_at; the time-ordered id breaks ties so pages never overlap.
const ordering = (orderParam: OperationLogListQuery['orderParam']) => [
  ...orderBy(orderParam, SORTABLE, [operationLogs.createdAt, 'desc']),
  desc(operationLogs.id),
];

export type OperationLogRow = typeof operationLogs.$inferSelect;

/** The stored code is one of OPERATION_TYPE: the list filter and `recordOperation` accept no other. */
const asEntry = (r: OperationLogRow, viewer: Auth, locale: Locale): OperationLog => ({
  ...r,
  operationType: r.operationType as OperationType,
  summary: renderLogText(r.summary, locale, viewer),
});

export async function listOperationLogs(
  { tx: q, auth, tenantId, locale }: RequestContext,
  query: OperationLogListQuery,
): Promise<ListResult<OperationLog>> {
  const where = whereOf(tenantId, query.filter);
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select()
      .from(operationLogs)
      .where(where)
      .orderBy(...ordering(query.orderParam))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(operationLogs).where(where),
  ]);
  return { dataList: rows.map((r) => asEntry(r, auth, locale)), totalCount: total };
}

/** The modules that have recorded something in this enterprise, for the filter's choices. */
export async function listLoggedModules({ tx: q, tenantId }: RequestContext): Promise<string[]> {
  const rows = await q
    .selectDistinct({ module: operationLogs.module })
    .from(operationLogs)
    .where(eq(operationLogs.tenantId, tenantId))
    .orderBy(asc(operationLogs.module));
  return rows.map((r) => r.module);
}

/**
 * The workbook of an export with the list's filters and order, all or nothing: beyond the cap the
 * caller gets an error naming the cap instead of a silently cut file. The export itself is logged.
 */
export async function exportOperationLogs(
  { tx: q, auth, tenantId, locale }: RequestContext,
  query: OperationLogExportQuery,
): Promise<Buffer> {
  const where = whereOf(tenantId, query.filter);
  const [{ total }] = await q.select({ total: count() }).from(operationLogs).where(where);
  if (total > EXPORT_MAX_ROWS) throw new AppError('EXPORT_TOO_LARGE', { count: total, max: EXPORT_MAX_ROWS });
  const rows = await q
    .select()
    .from(operationLogs)
    .where(where)
    .orderBy(...ordering(query.orderParam))
    .limit(EXPORT_MAX_ROWS);
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.EXPORT,
    module: MODULE,
    summary: exportSummary(rows.length, query.filter),
  });
  const rendered = rows.map((r) => ({ ...r, summary: renderLogText(r.summary, locale, auth) }));
  return operationLogWorkbook(rendered, locale, query.timeZone ?? (await timeZoneOf(q, tenantId)));
}

function exportSummary(count: number, filter: OperationLogFilter = {}): TextRef {
  const criteria = Object.entries(filter)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return criteria
    ? text('operationLogs.exportedWhere', { count, criteria })
    : text('operationLogs.exported', { count });
}
