import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  computeFileDqDate,
  type DocumentSide,
  isSupplierBlocked,
  type ListResult,
  OPERATION_TYPE,
  QUALIFICATION_EDITABLE_STATUSES,
  QUALIFICATION_STATUS,
  QUALIFICATION_SUPPLIER_HIDDEN_STATUSES,
  type QualificationAction,
  type QualificationDetail,
  type QualificationListItem,
  type QualificationOptions,
  type QualificationRequestResult,
  type QualificationSkipped,
  type qualificationActionSchema,
  type qualificationListSchema,
  qualificationMachine,
  qualificationReplySchema,
  type qualificationRequestSchema,
  type qualificationUpdateSchema,
  type TextKey,
  type TextRef,
  text,
  type UploadedFileRef,
} from '@concord/shared';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, notInArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.ts';
import {
  customers,
  enterprises,
  qualificationDocuments as qd,
  qualificationRequirements,
  supplierClasses,
  suppliers,
  users,
} from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import {
  actorOf,
  escapeLike,
  historyOfDocument,
  partyOf,
  requireAny,
  sideCondition as twoPartySide,
} from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import type { Clock, JobRunner } from '../../platform/jobs.ts';
import type { MessageProvider } from '../../platform/mail.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { todayOf } from '../../platform/time.ts';
import { enterpriseName, nameOf } from '../enterprises/enterprises.names.ts';
import { type PartyNote, tellParty } from '../messages/messages.tell.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { archiveScope } from '../suppliers/suppliers.scope.ts';
import { assertSupplierAddressable } from '../suppliers/suppliers.service.ts';
import { markDueDocuments } from './qualifications.expiry.ts';
import { buyerLink, linesOf, MODULE, supplierLink, validUntil } from './qualifications.notify.ts';

type ListQuery = z.infer<typeof qualificationListSchema>;
type RequestInput = z.infer<typeof qualificationRequestSchema>;
type UpdateInput = z.infer<typeof qualificationUpdateSchema>;
type ActionBody = z.infer<typeof qualificationActionSchema>;
export type DocumentRow = typeof qd.$inferSelect;

/** What a qualification step needs beyond its request: where uploads live, the clock, the warning window. */
export interface QualificationSettings {
  /** Where uploads live: a reply's attachments must be files the upload route stored. */
  dataDir: string;
  clock: Clock;
  /** Days before the due date at which a completed document turns expiring. */
  expiringDays: number;
}

/** What the background jobs need besides: they run outside any request. */
export interface QualificationDeps extends QualificationSettings {
  db: Db;
  provider: MessageProvider;
  log: FastifyBaseLogger;
  jobs: JobRunner;
}

/** Reading the buyer side: the qualification page (PO_SUP_RZ) or the supplier archive tab (PO_SUP_ARC). */
const BUYER_READ = ['PO_SUP_RZ', 'PO_SUP_ARC'];
const BUYER_WRITE = 'PO_SUP_RZ';
const SUPPLIER_READ = 'SL_CUS';

const S = QUALIFICATION_STATUS;

const listColumns = {
  id: qd.id,
  fileCode: qd.fileCode,
  fileName: qd.fileName,
  description: qd.description,
  fileType: qd.fileType,
  isNecessary: qd.isNecessary,
  validityType: qd.validityType,
  fileDqDate: qd.fileDqDate,
  validQuantity: qd.validQuantity,
  status: qd.status,
  result: qd.result,
  documentCode: qd.documentCode,
  buildDate: qd.buildDate,
  submitTime: qd.submitTime,
  createdAt: qd.createdAt,
  updatedAt: qd.updatedAt,
  supplierId: qd.supplierId,
  supCode: sql<string>`coalesce(${suppliers.supCode}, '')`,
  supName: sql<string>`coalesce(${suppliers.supName}, '')`,
  customerTenantId: qd.tenantId,
  customerName: sql<string>`coalesce(${enterpriseName}, '')`,
  attachmentCount: sql<number>`jsonb_array_length(${qd.attachments})::int`,
  ownerName: users.name,
};

const SORTABLE = {
  fileCode: qd.fileCode,
  fileName: qd.fileName,
  status: qd.status,
  fileDqDate: qd.fileDqDate,
  submitTime: qd.submitTime,
  createdAt: qd.createdAt,
};

function baseSelect(q: Queryable) {
  return q
    .select(listColumns)
    .from(qd)
    .leftJoin(suppliers, and(eq(suppliers.tenantId, qd.tenantId), eq(suppliers.id, qd.supplierId)))
    .leftJoin(enterprises, eq(enterprises.id, qd.tenantId))
    .leftJoin(users, eq(users.id, qd.ownerId));
}

type ListRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['where']>>[number];
const toItem = (r: ListRow): QualificationListItem => r as QualificationListItem;

/** Both sides' view within their data scopes; a supplier never sees the buyer's drafts. */
const sideCondition = (q: Queryable, auth: MemberAuth, side: DocumentSide): Promise<SQL | undefined> =>
  twoPartySide(q, auth, side, qd, {
    from: 'supplier',
    status: qd.status,
    statuses: QUALIFICATION_SUPPLIER_HIDDEN_STATUSES,
  });

export async function listQualifications(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<QualificationListItem>> {
  const f = query.filter ?? { side: 'buyer' as const };
  if (f.side === 'buyer') requireAny(auth, BUYER_READ);
  else requireAny(auth, [SUPPLIER_READ]);
  const where = and(
    await sideCondition(q, auth, f.side),
    f.supplierId ? eq(qd.supplierId, f.supplierId) : undefined,
    f.customerTenantId ? eq(qd.tenantId, f.customerTenantId) : undefined,
    f.statuses?.length ? inArray(qd.status, f.statuses) : undefined,
    f.fileName ? ilike(qd.fileName, escapeLike(f.fileName)) : undefined,
    f.dueFrom ? gte(qd.fileDqDate, f.dueFrom) : undefined,
    f.dueTo ? lte(qd.fileDqDate, f.dueTo) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    baseSelect(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [qd.createdAt, 'desc']), desc(qd.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(qd).where(where),
  ]);
  return { dataList: rows.map(toItem), totalCount: total };
}

// ---------------------------------------------------------------------------------------------
// Detail

/** The document as one side may see it, or null. */
async function loadForSide(q: Queryable, auth: MemberAuth, id: string, side: DocumentSide) {
  const [row] = await q
    .select()
    .from(qd)
    .where(and(eq(qd.id, id), await sideCondition(q, auth, side)))
    .limit(1);
  return row ?? null;
}

/**
 * One route serves both sides: my enterprise's request opens as the buyer's view, a request a
 * customer addressed to me as the supplier's. The history joins both enterprises' operation logs
 * for this document — who did what and when, never their addresses.
 */
export async function getQualification(ctx: RequestContext, id: string): Promise<QualificationDetail> {
  const { tx, auth, tenantId: me } = ctx;
  // Not a party: checked as the supplier, so a missing id and another's answer alike.
  const side = (await partyOf(tx, me, qd, id)) ?? 'supplier';
  requireAny(auth, side === 'buyer' ? BUYER_READ : [SUPPLIER_READ]);
  const row = await loadForSide(tx, auth, id, side);
  if (!row) throw new AppError('NOT_FOUND');
  const [item] = await baseSelect(tx).where(and(eq(qd.tenantId, row.tenantId), eq(qd.id, id)));
  const history = await historyOfDocument(ctx, row, MODULE, id, 200);
  return {
    ...toItem(item!),
    side,
    templateFile: row.templateFile as UploadedFileRef | null,
    attachments: row.attachments as UploadedFileRef[],
    resultComment: row.resultComment,
    requirementId: row.requirementId,
    version: row.version,
    history,
  };
}

// ---------------------------------------------------------------------------------------------
// Form options

/** Suppliers and classes the request form offers (buyer) and the customers that asked me (supplier). */
export async function getQualificationOptions(
  { tx: q, auth, tenantId: me }: RequestContext,
  expiringDays: number,
): Promise<QualificationOptions> {
  const buyer = BUYER_READ.some((c) => auth.permissions.has(c));
  const supplier = auth.permissions.has(SUPPLIER_READ);
  if (!buyer && !supplier) throw new AppError('FORBIDDEN');
  const scope = buyer ? await resolveDataScope(q, auth) : null;
  const supplierRows = scope
    ? await q
        .select({
          id: suppliers.id,
          supCode: suppliers.supCode,
          supName: suppliers.supName,
          supplierClassId: suppliers.supplierClassId,
          supplierTenantId: suppliers.supplierTenantId,
          inviteState: suppliers.inviteState,
          relationState: suppliers.relationState,
        })
        .from(suppliers)
        .where(and(eq(suppliers.tenantId, me), archiveScope(scope)))
        .orderBy(asc(suppliers.supCode))
        .limit(5000)
    : [];
  const classes = buyer
    ? await q
        .select({ id: supplierClasses.id, code: supplierClasses.code, name: supplierClasses.name })
        .from(supplierClasses)
        .where(eq(supplierClasses.tenantId, me))
        .orderBy(asc(supplierClasses.code))
    : [];
  const customerRows = supplier
    ? await q
        .select({ tenantId: customers.customerTenantId, name: customers.poName })
        .from(customers)
        .where(eq(customers.tenantId, me))
        .orderBy(asc(customers.poName))
    : [];
  return {
    suppliers: supplierRows.map((r) => ({
      id: r.id,
      supCode: r.supCode,
      supName: r.supName,
      supplierClassId: r.supplierClassId,
      onNetwork: r.supplierTenantId !== null,
      blocked: isSupplierBlocked(r),
    })),
    classes,
    customers: customerRows,
    expiringDays,
  };
}

// ---------------------------------------------------------------------------------------------
// Buyer: request and edit

interface Target {
  id: string;
  supName: string;
  supplierTenantId: string | null;
}

/**
 * Who receives the request: each supplier chosen one by one must be visible to the caller and
 * addressable (blacklisted, invalid or stopped fails the whole request, naming it); from the chosen
 * classes, those that cannot receive it are left out and reported. Sending needs a supplier on the
 * network; a draft may wait for it.
 */
async function resolveTargets(
  q: Queryable,
  auth: MemberAuth,
  supplierIds: string[],
  classIds: string[],
  send: boolean,
): Promise<{ targets: Target[]; skipped: QualificationSkipped[] }> {
  const me = auth.tenantId;
  const scope = await resolveDataScope(q, auth);
  const visible = archiveScope(scope);
  const chosen = [...new Set(supplierIds)];
  const targets: Target[] = [];
  for (const id of chosen) {
    const [seen] = await q
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, me), eq(suppliers.id, id), visible))
      .limit(1);
    if (!seen) throw new AppError('NOT_FOUND');
    const s = await assertSupplierAddressable(q, me, id);
    if (send && !s.supplierTenantId) throw new AppError('QUALIFICATION_SUPPLIER_NOT_JOINED', { name: s.supName });
    targets.push(s);
  }
  const classes = [...new Set(classIds)];
  const skipped: QualificationSkipped[] = [];
  if (classes.length) {
    const found = await q
      .select({ id: supplierClasses.id })
      .from(supplierClasses)
      .where(and(eq(supplierClasses.tenantId, me), inArray(supplierClasses.id, classes)));
    if (found.length !== classes.length) throw new AppError('SUPPLIER_CLASS_NOT_FOUND');
    const members = await q
      .select({
        id: suppliers.id,
        supName: suppliers.supName,
        supplierTenantId: suppliers.supplierTenantId,
        inviteState: suppliers.inviteState,
        relationState: suppliers.relationState,
      })
      .from(suppliers)
      .where(
        and(
          eq(suppliers.tenantId, me),
          inArray(suppliers.supplierClassId, classes),
          chosen.length ? notInArray(suppliers.id, chosen) : undefined,
          visible,
        ),
      )
      .orderBy(asc(suppliers.supCode));
    for (const m of members) {
      if (isSupplierBlocked(m)) skipped.push({ supplierId: m.id, supName: m.supName, reason: 'notAddressable' });
      else if (send && !m.supplierTenantId)
        skipped.push({ supplierId: m.id, supName: m.supName, reason: 'notOnNetwork' });
      else targets.push({ id: m.id, supName: m.supName, supplierTenantId: m.supplierTenantId });
    }
  }
  if (targets.length === 0) throw new AppError('QUALIFICATION_NO_RECIPIENTS', {}, { skipped });
  return { targets, skipped };
}

/**
 * File codes run QF00001, QF00002… per enterprise. There is no unique index to race on, so numbering
 * is serialized per enterprise by a transaction-scoped advisory lock.
 */
async function nextFileCodes(q: Queryable, tenantId: string, n: number): Promise<string[]> {
  await q.execute(sql`select pg_advisory_xact_lock(7321, hashtext(${tenantId}))`);
  const result = await q.execute<{ n: number }>(sql`
    select coalesce(max(substring(file_code from 3)::int), 0) as n
      from ${qd} where tenant_id = ${tenantId} and file_code ~ '^QF[0-9]{1,9}$'`);
  const last = Number(result.rows[0]?.n ?? 0);
  return Array.from({ length: n }, (_, i) => `QF${String(last + i + 1).padStart(5, '0')}`);
}

interface Sent {
  id: string;
  supplierTenantId: string;
  fileCode: string;
  fileName: string;
}

/** One message per supplier, once the requests are committed. */
function tellSent(ctx: RequestContext, buyerName: string, sent: Sent[]): Promise<void> {
  const bySupplier = new Map<string, Sent[]>();
  for (const s of sent) bySupplier.set(s.supplierTenantId, [...(bySupplier.get(s.supplierTenantId) ?? []), s]);
  return tellParty(
    ctx.tell,
    'qualification',
    [...bySupplier].map(([tenantId, docs]) => ({
      tenantId,
      title: text('qualifications.requestedTitle', { party: buyerName, count: docs.length }),
      content: linesOf(
        docs.map((d) => text('qualifications.documentLine', { fileCode: d.fileCode, fileName: d.fileName })),
      ),
      link: docs.length === 1 ? supplierLink(docs[0]!.id) : '/sale/customer/qualification',
    })),
  );
}

export async function createQualificationRequests(
  ctx: RequestContext,
  input: RequestInput,
): Promise<QualificationRequestResult> {
  const { tx, auth, tenantId: me } = ctx;
  requireAny(auth, [BUYER_WRITE]);
  // A replayed Idempotency-Key returns the stored reply and tells nobody twice: the message is
  // registered only when the requests are really made.
  return idempotent(tx, ctx.idem, async () => {
    const { targets, skipped } = await resolveTargets(tx, auth, input.supplierIds, input.supplierClassIds, input.send);
    const requirementIds = [...new Set(input.items.map((i) => i.requirementId).filter((v): v is string => !!v))];
    if (requirementIds.length) {
      const found = await tx
        .select({ id: qualificationRequirements.id })
        .from(qualificationRequirements)
        .where(and(eq(qualificationRequirements.tenantId, me), inArray(qualificationRequirements.id, requirementIds)));
      if (found.length !== requirementIds.length) throw new AppError('NOT_FOUND');
    }
    const codes = await nextFileCodes(tx, me, targets.length * input.items.length);
    const rows = targets.flatMap((t, ti) =>
      input.items.map((item, ii) => ({
        tenantId: me,
        id: newId(),
        supplierTenantId: t.supplierTenantId,
        supplierId: t.id,
        requirementId: item.requirementId,
        fileName: item.fileName,
        description: item.description,
        fileType: item.fileType,
        isNecessary: item.isNecessary,
        validityType: item.validityType,
        fileDqDate: item.validityType === 'date' ? item.validDate : null,
        validQuantity: item.validQuantity,
        templateFile: item.templateFile,
        fileCode: codes[ti * input.items.length + ii]!,
        status: input.send ? S.TO_BE_REPLIED : S.DRAFT,
        ownerId: auth.userId,
        deptId: auth.deptId,
      })),
    );
    await tx.insert(qd).values(rows);
    for (const r of rows) {
      // One template for many suppliers: the first request takes it, the others link it (file-documents.ts).
      await attachFiles(tx, auth.userId, { table: qd, id: r.id, ownerTenantId: me }, r.templateFile);
      await recordOperation(tx, actorOf(auth), {
        type: OPERATION_TYPE.ADD,
        module: MODULE,
        targetId: r.id,
        summary: text(input.send ? 'qualifications.requested' : 'qualifications.drafted', {
          fileCode: r.fileCode,
          fileName: r.fileName,
          supName: targets.find((t) => t.id === r.supplierId)?.supName ?? '',
        }),
      });
    }
    if (input.send) {
      const buyerName = await nameOf(tx, me);
      const sent = rows.map((r) => ({
        id: r.id,
        supplierTenantId: r.supplierTenantId!,
        fileCode: r.fileCode,
        fileName: r.fileName,
      }));
      ctx.afterCommit(() => tellSent(ctx, buyerName, sent));
    }
    return { documentIds: rows.map((r) => r.id), skipped };
  });
}

/** The buyer edits a draft or withdrawn request; the reply is the document as it now stands. */
export async function updateQualification(
  ctx: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<QualificationDetail> {
  const { tx: q, auth, tenantId: me } = ctx;
  requireAny(auth, [BUYER_WRITE]);
  const before = await loadForSide(q, auth, id, 'buyer');
  if (!before) throw new AppError('NOT_FOUND');
  if (!QUALIFICATION_EDITABLE_STATUSES.includes(before.status as never))
    throw new AppError('QUALIFICATION_NOT_EDITABLE');
  const fields = {
    fileName: input.fileName,
    description: input.description,
    fileType: input.fileType,
    isNecessary: input.isNecessary,
    validityType: input.validityType,
    fileDqDate: input.validityType === 'date' ? input.validDate : null,
    validQuantity: input.validQuantity,
    templateFile: input.templateFile,
  };
  const updated = await q
    .update(qd)
    .set({ ...fields, version: sql`${qd.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(qd.tenantId, me),
        eq(qd.id, id),
        eq(qd.version, input.version),
        inArray(qd.status, [...QUALIFICATION_EDITABLE_STATUSES]),
      ),
    )
    .returning({ id: qd.id });
  if (updated.length === 0) throw new AppError('CONFLICT');
  await attachFiles(q, auth.userId, { table: qd, id, ownerTenantId: me }, input.templateFile);
  const pick = (r: Record<string, unknown>) => ({
    ...r,
    templateFile: (r.templateFile as UploadedFileRef | null)?.name ?? '',
  });
  const changes = summarizeChanges(
    pick({
      fileName: before.fileName,
      description: before.description,
      fileType: before.fileType,
      isNecessary: before.isNecessary,
      validityType: before.validityType,
      fileDqDate: before.fileDqDate,
      validQuantity: before.validQuantity,
      templateFile: before.templateFile,
    }),
    pick(fields),
  );
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: changes
      ? text('qualifications.updated', { fileCode: before.fileCode, changes })
      : text('qualifications.saved', { fileCode: before.fileCode }),
  });
  return getQualification(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// State changes

/** A reply's files must be ones the upload route stored (its magic-byte, size and pixel checks, spec §5). */
async function assertStored(dataDir: string, files: UploadedFileRef[]): Promise<void> {
  for (const f of files) {
    const key = f.url.slice(f.url.lastIndexOf('/') + 1);
    const found = await stat(path.join(dataDir, 'files', key)).then(
      (s) => s.isFile(),
      () => false,
    );
    if (!found) throw new AppError('QUALIFICATION_ATTACHMENT_MISSING', { name: f.name });
  }
}

/** The supplier's answer, checked against what the document asks for; `today` is the buyer's. */
async function replyFields(
  settings: QualificationSettings,
  doc: DocumentRow,
  action: QualificationAction,
  body: ActionBody,
  today: string,
) {
  const reply = qualificationReplySchema.parse(body);
  if (reply.attachments.length < doc.validQuantity) {
    throw new AppError('QUALIFICATION_ATTACHMENTS_REQUIRED', { count: doc.validQuantity });
  }
  await assertStored(settings.dataDir, reply.attachments);
  if (reply.buildDate > today) throw new AppError('QUALIFICATION_BUILD_DATE_INVALID');
  // A renewal must state its new expiry; a first reply may keep the date the request specified.
  const specified = reply.fileDqDate ?? (action === 'reply' ? doc.fileDqDate : null);
  const fileDqDate = computeFileDqDate(doc.validityType, reply.buildDate, specified);
  if (doc.validityType === 'date' && (!fileDqDate || fileDqDate <= reply.buildDate)) {
    throw new AppError('QUALIFICATION_DUE_DATE_INVALID');
  }
  if (fileDqDate && fileDqDate < today) throw new AppError('QUALIFICATION_DUE_DATE_INVALID');
  return {
    attachments: reply.attachments,
    documentCode: reply.documentCode,
    buildDate: reply.buildDate,
    fileDqDate,
    submitTime: settings.clock.now().toISOString(),
    result: null,
    resultComment: '',
    notifiedStatus: null,
  };
}

/** Each step of QUALIFICATION_TRANSITIONS as logged; told to the other side after the party's name. */
const STEP_TEXT = {
  send: 'qualifications.sent',
  withdraw: 'qualifications.withdrawn',
  reply: 'qualifications.replied',
  renew: 'qualifications.renewed',
  withdrawReply: 'qualifications.replyWithdrawn',
  pass: 'qualifications.passed',
  fail: 'qualifications.failed',
  invalidate: 'qualifications.invalidated',
} as const satisfies Record<QualificationAction, TextKey>;

export const stepText = (action: QualificationAction, doc: { fileCode: string; fileName: string }): TextRef =>
  text(STEP_TEXT[action], { fileCode: doc.fileCode, fileName: doc.fileName });

/** The log entry of a step: a reply with what it brought, a verdict with its comment. */
export function stepSummary(
  action: QualificationAction,
  doc: Pick<DocumentRow, 'fileCode' | 'fileName' | 'documentCode' | 'buildDate' | 'fileDqDate' | 'resultComment'> & {
    attachments: unknown[];
  },
): TextRef {
  const what = stepText(action, doc);
  if (action === 'reply' || action === 'renew') {
    return text('qualifications.replyDetails', {
      what,
      documentCode: doc.documentCode,
      buildDate: doc.buildDate ?? '',
      validUntil: validUntil(doc.fileDqDate),
      count: doc.attachments.length,
    });
  }
  const verdict = qualificationMachine.transition(action)!.result;
  return verdict && doc.resultComment ? text('qualifications.withComment', { what, comment: doc.resultComment }) : what;
}

/**
 * Runs one row of QUALIFICATION_TRANSITIONS. Each side writes only its own fields — the supplier its
 * answer, the buyer its verdict — and the update matches the expected status, so a concurrent step
 * finds nothing to change and answers 409 (QUALITY R-03, T-03).
 */
export async function actOnQualification(
  ctx: RequestContext,
  settings: QualificationSettings,
  id: string,
  action: QualificationAction,
  body: ActionBody,
): Promise<QualificationDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const t = qualificationMachine.transition(action)!;
  const side = t.side;
  requireAny(auth, [t.permission]);
  const doc = await loadForSide(tx, auth, id, side);
  if (!doc) {
    const other = await loadForSide(tx, auth, id, side === 'buyer' ? 'supplier' : 'buyer');
    throw new AppError(other ? 'QUALIFICATION_WRONG_SIDE' : 'NOT_FOUND');
  }
  // A document is valid through the end of its last day in the buyer's zone.
  const today = await todayOf(tx, doc.tenantId, settings.clock.now());
  let fields: Partial<typeof qd.$inferInsert> = {};
  if (t.withReply) fields = await replyFields(settings, doc, action, body, today);
  if (action === 'send') {
    const s = await assertSupplierAddressable(tx, me, doc.supplierId);
    if (!s.supplierTenantId) throw new AppError('QUALIFICATION_SUPPLIER_NOT_JOINED', { name: s.supName });
    fields = { supplierTenantId: s.supplierTenantId };
  }
  if (t.result) {
    const comment = body.comment?.trim() ?? '';
    if (t.result === 'fail' && !comment) throw new AppError('QUALIFICATION_COMMENT_REQUIRED');
    fields = { result: t.result, resultComment: comment };
  }
  const [moved] = await tx
    .update(qd)
    .set({ ...fields, status: t.to, version: sql`${qd.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(qd.tenantId, doc.tenantId),
        eq(qd.id, id),
        inArray(qd.status, [...t.from]),
        side === 'supplier' ? eq(qd.supplierTenantId, me) : undefined,
      ),
    )
    .returning();
  if (!moved) throw new AppError('QUALIFICATION_STATE_CHANGED');
  if (t.withReply) {
    const files = { table: qd, id, ownerTenantId: moved.tenantId, partnerTenantId: moved.supplierTenantId };
    await attachFiles(tx, auth.userId, files, moved.attachments);
  }
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: stepSummary(action, moved),
  });
  // A passed document already inside the warning window, or past its date, says so at once.
  if (action === 'pass') {
    await markDueDocuments(tx, doc.tenantId, today, settings.expiringDays, {
      ids: [id],
      quiet: true,
    });
  }
  const note = noteToOtherSide(action, doc, moved, await nameOf(tx, me));
  if (note) ctx.afterCommit(() => tellParty(ctx.tell, 'qualification', [note]));
  return getQualification(ctx, id);
}

/** What the other side hears of a step, or null when it hears nothing. */
function noteToOtherSide(
  action: QualificationAction,
  before: DocumentRow,
  after: DocumentRow,
  party: string,
): PartyNote | null {
  const title = text('qualifications.byParty', { party, what: stepText(action, after) });
  if (qualificationMachine.transition(action)!.side === 'supplier') {
    return {
      tenantId: after.tenantId,
      userId: after.ownerId,
      title,
      content:
        action === 'withdrawReply'
          ? text('qualifications.replyWithdrawnContent', { party })
          : text('qualifications.pleaseConfirm', {
              documentCode: after.documentCode,
              validUntil: validUntil(after.fileDqDate),
            }),
      link: buyerLink(after.id),
    };
  }
  // A supplier never shown the request (a draft being invalidated) hears nothing of it.
  const supplierSaw = !QUALIFICATION_SUPPLIER_HIDDEN_STATUSES.includes(before.status as never) || action === 'send';
  if (!after.supplierTenantId || !supplierSaw) return null;
  const content: Partial<Record<QualificationAction, TextRef>> = {
    send: text('qualifications.pleaseReply', { description: after.description || after.fileName }),
    fail: text('qualifications.pleaseCorrect', { reason: after.resultComment }),
    pass: text('qualifications.acceptedUntil', { validUntil: validUntil(after.fileDqDate) }),
  };
  return { tenantId: after.supplierTenantId, title, content: content[action], link: supplierLink(after.id) };
}
