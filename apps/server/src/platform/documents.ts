import type { DocumentSide, ErrorCode } from '@concord/shared';
import { and, asc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/client.ts';
import { enterprises, operationLogs, users } from '../db/schema.ts';
import { renderLogText } from '../modules/operation-logs/operation-logs.service.ts';
import { type Auth, type MemberAuth, type RequestContext, switchTenant } from './context.ts';
import { type DataScope, resolveDataScope, type TwoPartyColumns, twoPartyCondition } from './data-scope.ts';
import { AppError } from './errors.ts';
import { todayOf } from './time.ts';

/*
 * The kernel of the two-party documents (ARCHITECTURE §2): a buyer-owned row (`tenant_id`) that the
 * supplier (`supplier_tenant_id`, stamped when sent) reads and answers. Every two-party domain finds,
 * lists, claims, numbers and logs its documents through these functions.
 */

// ---------------------------------------------------------------------------------------------
// Who acts

/** Who an operation-log entry names. */
export interface Actor {
  tenantId: string;
  userId: string | null;
  username: string;
  ip: string | null;
}

/** The caller as the actor of a step, in its own enterprise unless the step is logged in another. */
export const actorOf = (auth: MemberAuth, tenantId: string = auth.tenantId): Actor => ({
  tenantId,
  userId: auth.userId,
  username: auth.username,
  ip: auth.ip,
});

/** Who did a step, as people read it: the user's name, else the login. */
export async function userNameOf(q: Queryable, userId: string): Promise<string> {
  const [row] = await q.select({ name: users.name, username: users.username }).from(users).where(eq(users.id, userId));
  return row?.name || row?.username || '';
}

/** Refused unless the caller holds one of the codes (a route serving both sides checks the side's). */
export function requireAny(auth: Auth, codes: readonly string[]): void {
  if (!codes.some((c) => auth.permissions.has(c))) throw new AppError('FORBIDDEN');
}

/** A LIKE/ILIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const escapeLike = (text: string) => `%${text.replace(/[%_\\]/g, '\\$&')}%`;

// ---------------------------------------------------------------------------------------------
// Side and visibility

/** What tells the two parties of a document apart: the owner (buyer) and the supplier it is addressed to. */
type PartyColumns = Pick<TwoPartyColumns, 'tenantId' | 'supplierTenantId'> & { id: AnyPgColumn };

/**
 * Which side the caller's enterprise is on for a document id: its own document opens as the buyer's,
 * one addressed to it as the supplier's; null when it is neither party (an id of someone else's).
 */
export async function partyOf(
  q: Queryable,
  tenantId: string,
  table: PgTable & PartyColumns,
  id: string,
): Promise<DocumentSide | null> {
  const [party] = await q
    .select({ tenantId: table.tenantId })
    .from(table)
    .where(and(eq(table.id, id), or(eq(table.tenantId, tenantId), eq(table.supplierTenantId, tenantId))))
    .limit(1);
  if (!party) return null;
  return party.tenantId === tenantId ? 'buyer' : 'supplier';
}

/** Statuses one side never sees: the buyer's drafts for the supplier, or the supplier's for the buyer. */
export interface HiddenStatuses {
  from: DocumentSide;
  status: AnyPgColumn;
  statuses: readonly number[];
}

/**
 * What one side may see of a document kind, for lists, counts and details: the two-party view of the
 * caller's data scope (platform/data-scope.ts) less the statuses hidden from that side.
 */
export function sideWhere(
  auth: MemberAuth,
  side: DocumentSide,
  scope: DataScope,
  t: TwoPartyColumns,
  hidden?: HiddenStatuses,
): SQL | undefined {
  return and(
    twoPartyCondition(auth.tenantId, side, scope, t),
    hidden?.from === side ? notInArray(hidden.status, [...hidden.statuses]) : undefined,
  );
}

/** `sideWhere` with the caller's data scope resolved here. */
export async function sideCondition(
  q: Queryable,
  auth: MemberAuth,
  side: DocumentSide,
  t: TwoPartyColumns,
  hidden?: HiddenStatuses,
): Promise<SQL | undefined> {
  return sideWhere(auth, side, await resolveDataScope(q, auth), t, hidden);
}

export interface DocumentAccess {
  /** What the side may see (usually `sideCondition` of the document kind). */
  visible: (side: DocumentSide) => Promise<SQL | undefined>;
  /** The permission codes that read the kind on that side. */
  read: (side: DocumentSide) => readonly string[];
}

/**
 * The document as the caller sees it, and on which side; null when not visible (the route answers
 * 404, alike for a missing id and another enterprise's, T-01). A visible one without the side's read
 * permission is refused.
 */
export async function findDocument<T extends PgTable & PartyColumns>(
  q: Queryable,
  auth: MemberAuth,
  table: T,
  id: string,
  access: DocumentAccess,
): Promise<{ side: DocumentSide; row: T['$inferSelect'] } | null> {
  const side = await partyOf(q, auth.tenantId, table, id);
  if (!side) return null;
  const t = table as PgTable & PartyColumns;
  const [row] = await q
    .select()
    .from(t)
    .where(and(eq(t.id, id), await access.visible(side)))
    .limit(1);
  if (!row) return null;
  requireAny(auth, access.read(side));
  return { side, row: row as T['$inferSelect'] };
}

// ---------------------------------------------------------------------------------------------
// Steps

/** A two-party document header whose steps follow a transition table of packages/shared. */
type ClaimedTable = PgTable & {
  tenantId: PgColumn;
  id: PgColumn;
  status: PgColumn;
  version: PgColumn;
  supplierTenantId: PgColumn;
  updatedAt: PgColumn;
};

export interface Claim {
  from: readonly number[];
  /** The version the caller saw, when it says. */
  version: number | undefined;
  side: DocumentSide;
  /** The caller's tenant: a supplier claims only documents addressed to it. */
  me: string;
}

/**
 * Claims a document for one step (ARCHITECTURE §4): the header row moves only from a status the step
 * allows and, when given, from the version the caller saw. The row lock makes concurrent steps on one
 * document run one after the other; the loser finds the row moved and gets 409 (R-03/R-04): CONFLICT
 * for a stale version, `stateChanged` when only the status moved.
 */
export async function claimDocument<T extends ClaimedTable>(
  tx: Queryable,
  table: T,
  row: { tenantId: string; id: string },
  claim: Claim,
  stateChanged: ErrorCode,
): Promise<T['$inferSelect']> {
  const t = table as ClaimedTable;
  const [claimed] = await tx
    .update(t)
    .set({ version: sql`${t.version} + 1`, updatedAt: sql`now()` } as never)
    .where(
      and(
        eq(t.tenantId, row.tenantId),
        eq(t.id, row.id),
        inArray(t.status, [...claim.from]),
        claim.version !== undefined ? eq(t.version, claim.version) : undefined,
        claim.side === 'supplier' ? eq(t.supplierTenantId, claim.me) : undefined,
      ),
    )
    .returning();
  if (claimed) return claimed as T['$inferSelect'];
  const [now] = await tx
    .select({ version: t.version })
    .from(t)
    .where(and(eq(t.tenantId, row.tenantId), eq(t.id, row.id)));
  throw new AppError(now && claim.version !== undefined && now.version !== claim.version ? 'CONFLICT' : stateChanged);
}

/** The lines of a document that one side answers line by line (confirm, propose, accept, reject). */
export interface AnsweredLines {
  table: PgTable & { tenantId: PgColumn; id: PgColumn; status: PgColumn; lineNo: PgColumn };
  /** The line's column naming its document. */
  parent: PgColumn;
  /** Nothing named, or nothing left to answer. */
  nothing: ErrorCode;
  /** A named line has left the expected status. */
  lineChanged: ErrorCode;
  /** A line moved between reading and writing. */
  changed: ErrorCode;
}

/** The lines an answer names (or all of them, with `all`), every one in `expected` status. */
export async function answeredLines<Row>(
  tx: Queryable,
  lines: AnsweredLines,
  doc: { tenantId: string; id: string },
  body: { all?: boolean; lines?: { id: string }[] },
  expected: number,
): Promise<Row[]> {
  const t = lines.table;
  const ofDoc = and(eq(t.tenantId, doc.tenantId), eq(lines.parent, doc.id));
  let rows: Row[];
  if (body.all) {
    rows = (await tx
      .select()
      .from(t)
      .where(and(ofDoc, eq(t.status, expected)))) as Row[];
  } else {
    const ids = [...new Set((body.lines ?? []).map((l) => l.id))];
    if (!ids.length) throw new AppError(lines.nothing);
    const found = await tx
      .select()
      .from(t)
      .where(and(ofDoc, inArray(t.id, ids)));
    if (found.length !== ids.length) throw new AppError('NOT_FOUND');
    const stale = (found as { status: number; lineNo: number }[]).find((r) => r.status !== expected);
    if (stale) throw new AppError(lines.lineChanged, { lineNo: stale.lineNo });
    rows = found as Row[];
  }
  if (!rows.length) throw new AppError(lines.nothing);
  return rows;
}

/**
 * Writes the answers to many lines in one statement: each row of `values` is matched by id and must
 * still be in status `from`, so a line answered meanwhile is counted as missing and the step is
 * refused. `columns` declares the fields of `values`; `assignments` reads them as `v.*` (the line is `l`).
 */
export async function writeLineAnswers(
  tx: Queryable,
  lines: AnsweredLines,
  doc: { tenantId: string; id: string },
  from: number,
  values: Record<string, unknown>[],
  columns: string,
  assignments: SQL,
): Promise<void> {
  const result = await tx.execute(sql`
    update ${lines.table} as l set ${assignments}, version = l.version + 1, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(${sql.raw(columns)})
     where l.tenant_id = ${doc.tenantId} and l.${sql.identifier(lines.parent.name)} = ${doc.id}
       and l.id = v.id and l.status = ${from}`);
  if ((result.rowCount ?? 0) !== values.length) throw new AppError(lines.changed);
}

// ---------------------------------------------------------------------------------------------
// History

export interface HistoryEntry {
  at: string;
  side: DocumentSide;
  /** The person who took the step: their name, else their login name. */
  actor: string;
  /** Whether the reader's own enterprise took the step. */
  own: boolean;
  /** The enterprise that took it, as named to others. */
  party: string;
  /** What they did, in the reader's language and masked for the reader. */
  summary: string;
}

/**
 * A document's history: both enterprises' log entries of it, each read in its own tenant's
 * row-level-security context within the request's transaction (the caller's is restored after), in
 * time order — who did what and when, never their addresses — told from the reader's side (issue 17):
 * people by name, each step labelled with the enterprise that took it, the reader's own as such.
 */
export async function historyOfDocument(
  ctx: RequestContext,
  row: { tenantId: string; supplierTenantId: string | null },
  module: string,
  id: string,
  limit = 500,
): Promise<HistoryEntry[]> {
  const read = async (tenantId: string, side: DocumentSide) => {
    await switchTenant(ctx.tx, tenantId);
    const rows = await ctx.tx
      .select({
        at: operationLogs.createdAt,
        actor: sql<string>`coalesce(nullif(${users.name}, ''), ${operationLogs.username})`,
        summary: operationLogs.summary,
      })
      .from(operationLogs)
      .leftJoin(users, eq(users.id, operationLogs.userId))
      .where(
        and(eq(operationLogs.tenantId, tenantId), eq(operationLogs.module, module), eq(operationLogs.targetId, id)),
      )
      .orderBy(asc(operationLogs.createdAt), asc(operationLogs.id))
      .limit(limit);
    return rows.map((r) => ({ ...r, side, tenantId }));
  };
  // A failed read aborts the transaction, which then rolls back: restoring the context matters only on success.
  const entries = [
    ...(await read(row.tenantId, 'buyer')),
    ...(row.supplierTenantId ? await read(row.supplierTenantId, 'supplier') : []),
  ];
  await switchTenant(ctx.tx, ctx.tenantId);
  const parties = await ctx.tx
    .select({
      id: enterprises.id,
      name: sql<string>`coalesce(nullif(${enterprises.shortName}, ''), ${enterprises.name})`,
    })
    .from(enterprises)
    .where(inArray(enterprises.id, [...new Set(entries.map((e) => e.tenantId))]));
  const partyName = new Map(parties.map((p) => [p.id, p.name]));
  return entries
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map(({ tenantId, summary, ...e }) => ({
      ...e,
      own: tenantId === ctx.tenantId,
      party: partyName.get(tenantId) ?? '',
      summary: renderLogText(summary, ctx.locale, ctx.auth),
    }));
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** The advisory-lock class of document numbering; the prefix and the owner make the key within it. */
const NUMBERING_LOCK = 7322;

export interface Numbering {
  /** Two capitals: PO, CH, RP, UD, DN, RK, RC… */
  prefix: string;
  table: PgTable;
  column: AnyPgColumn;
  /** The enterprise that owns the documents and their numbers (the buyer). */
  owner: string;
  /**
   * The caller's enterprise when it is not the owner (a supplier numbering the buyer's document): the
   * owner's numbers are read in the owner's row-level-security context, then the caller's is restored.
   */
  caller?: string;
}

/**
 * The next document number: prefix + yyMMdd + a 4-digit daily sequence per owner (PO2611260001), the
 * day being the owner's today in its time zone.
 * Numbering is serialized per owner and prefix by a transaction-scoped advisory lock; the unique index
 * is the last guard. The start position is cast to int: as an untyped parameter it would pick
 * substring's regular-expression form.
 */
export async function nextDocumentNumber(q: Queryable, n: Numbering): Promise<string> {
  await q.execute(sql`select pg_advisory_xact_lock(${NUMBERING_LOCK}, hashtext(${`${n.prefix}${n.owner}`}))`);
  const day = await todayOf(q, n.owner);
  const stem = `${n.prefix}${day.slice(2, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;
  const col = sql.identifier(n.column.name);
  const foreign = n.caller !== undefined && n.caller !== n.owner;
  if (foreign) await switchTenant(q, n.owner);
  const result = await q.execute<{ n: number }>(sql`
    select coalesce(max(substring(${col} from ${stem.length + 1}::int)::int), 0) as n
      from ${n.table} where tenant_id = ${n.owner} and ${col} like ${`${stem}%`} and ${col} ~ ${`^${stem}[0-9]{4,6}$`}`);
  if (foreign) await switchTenant(q, n.caller!);
  return `${stem}${String(Number(result.rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}
