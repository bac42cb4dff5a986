import {
  type ListResult,
  OPERATION_TYPE,
  type PotentialSupplier,
  type PotentialSupplierDetail,
  PROSPECT_EDITABLE_STATES,
  PROSPECT_STATE,
  type ProspectAction,
  type ProspectAuditRecord,
  type ProspectAuditResult,
  type prospectAuditSchema,
  type prospectCreateSchema,
  type prospectListSchema,
  prospectMachine,
  type prospectUpdateSchema,
  supplierInviteSchema,
  type TextKey,
  type TextRef,
  text,
} from '@concord/shared';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, potentialSuppliers, supplierAudits, supplierClasses, users } from '../../db/schema.ts';
import { inTenantTx, type MemberAuth, type RequestContext } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { attachFiles } from '../../platform/file-documents.ts';
import { idempotent, withoutKey } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { notifyUsers, sendNotificationEmails } from '../messages/messages.service.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { inviteSupplier } from '../suppliers/invitations.service.ts';

type ProspectCreate = z.infer<typeof prospectCreateSchema>;
type ProspectUpdate = z.infer<typeof prospectUpdateSchema>;
type ProspectListQuery = z.infer<typeof prospectListSchema>;
type ProspectAudit = z.infer<typeof prospectAuditSchema>;

export const MODULE = 'potential-suppliers';

// supplier_audits keeps the audit time in its created_at column (`auditedAt` in the table definition).
const latestAudit = (column: 'score' | 'created_at') =>
  sql.raw(`(select a.${column} from supplier_audits a
     where a.tenant_id = potential_suppliers.tenant_id and a.potential_supplier_id = potential_suppliers.id
     order by a.created_at desc, a.id desc limit 1)`);

const columns = {
  id: potentialSuppliers.id,
  code: potentialSuppliers.code,
  name: potentialSuppliers.name,
  contactName: potentialSuppliers.contactName,
  mobileArea: potentialSuppliers.mobileArea,
  mobile: potentialSuppliers.mobile,
  email: potentialSuppliers.email,
  compNo: potentialSuppliers.compNo,
  socialCreditCode: potentialSuppliers.socialCreditCode,
  productDescription: potentialSuppliers.productDescription,
  supplierClassId: potentialSuppliers.supplierClassId,
  supplierClassName: supplierClasses.name,
  requiredQualifications: potentialSuppliers.requiredQualifications,
  attachments: potentialSuppliers.attachments,
  auditState: potentialSuppliers.auditState,
  convertedSupplierId: potentialSuppliers.convertedSupplierId,
  ownerId: potentialSuppliers.ownerId,
  ownerName: users.name,
  lastScore: sql<number | null>`${latestAudit('score')}`,
  lastAuditedAt: sql<string | null>`${latestAudit('created_at')}`,
  version: potentialSuppliers.version,
  createdAt: potentialSuppliers.createdAt,
  updatedAt: potentialSuppliers.updatedAt,
};

const selectProspects = (q: Queryable) =>
  q
    .select(columns)
    .from(potentialSuppliers)
    .leftJoin(
      supplierClasses,
      and(
        eq(supplierClasses.tenantId, potentialSuppliers.tenantId),
        eq(supplierClasses.id, potentialSuppliers.supplierClassId),
      ),
    )
    .leftJoin(users, eq(users.id, potentialSuppliers.ownerId));

const SORTABLE = {
  code: potentialSuppliers.code,
  name: potentialSuppliers.name,
  contactName: potentialSuppliers.contactName,
  auditState: potentialSuppliers.auditState,
  createdAt: potentialSuppliers.createdAt,
  updatedAt: potentialSuppliers.updatedAt,
};

async function scopeOf(q: Queryable, auth: MemberAuth): Promise<SQL | undefined> {
  const scope = await resolveDataScope(q, auth);
  return scopeCondition(scope, { owner: potentialSuppliers.ownerId, dept: potentialSuppliers.deptId });
}

/**
 * The prospect pool within the caller's data scope. The audit queue is the same list: its screen
 * asks for the prospects under audit, an auditor may also look back at the approved and rejected.
 */
export async function listProspects(
  { tx: q, auth, tenantId }: RequestContext,
  query: ProspectListQuery,
): Promise<ListResult<PotentialSupplier>> {
  const f = query.filter ?? {};
  const where = and(
    eq(potentialSuppliers.tenantId, tenantId),
    await scopeOf(q, auth),
    f.keyword
      ? or(
          ilike(potentialSuppliers.code, escapeLike(f.keyword)),
          ilike(potentialSuppliers.name, escapeLike(f.keyword)),
          ilike(potentialSuppliers.contactName, escapeLike(f.keyword)),
          ilike(potentialSuppliers.compNo, escapeLike(f.keyword)),
        )
      : undefined,
    f.auditState === undefined ? undefined : eq(potentialSuppliers.auditState, f.auditState),
    f.supplierClassId ? eq(potentialSuppliers.supplierClassId, f.supplierClassId) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectProspects(q)
      .where(where)
      .orderBy(
        ...orderBy(query.orderParam, SORTABLE, [potentialSuppliers.createdAt, 'desc']),
        desc(potentialSuppliers.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(potentialSuppliers).where(where),
  ]);
  return { dataList: rows as PotentialSupplier[], totalCount: total };
}

async function loadProspect({ tx: q, auth, tenantId }: RequestContext, id: string): Promise<PotentialSupplier> {
  const [row] = await selectProspects(q)
    .where(and(eq(potentialSuppliers.tenantId, tenantId), eq(potentialSuppliers.id, id), await scopeOf(q, auth)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row as PotentialSupplier;
}

export async function getProspect(ctx: RequestContext, id: string): Promise<PotentialSupplierDetail> {
  const prospect = await loadProspect(ctx, id);
  const audits = await ctx.tx
    .select({
      id: supplierAudits.id,
      result: supplierAudits.result,
      score: supplierAudits.score,
      comment: supplierAudits.comment,
      attachments: supplierAudits.attachments,
      auditorId: supplierAudits.auditorId,
      auditorName: users.name,
      auditedAt: supplierAudits.auditedAt,
    })
    .from(supplierAudits)
    .leftJoin(users, eq(users.id, supplierAudits.auditorId))
    .where(and(eq(supplierAudits.tenantId, ctx.tenantId), eq(supplierAudits.potentialSupplierId, id)))
    .orderBy(desc(supplierAudits.auditedAt), desc(supplierAudits.id));
  return { ...prospect, audits: audits as ProspectAuditRecord[] };
}

/** The supplier classes a prospect may be filed under. */
export async function listClassOptions({ tx: q, tenantId }: RequestContext) {
  return q
    .select({ id: supplierClasses.id, code: supplierClasses.code, name: supplierClasses.name })
    .from(supplierClasses)
    .where(eq(supplierClasses.tenantId, tenantId))
    .orderBy(asc(supplierClasses.code));
}

async function assertReferences(q: Queryable, tenantId: string, input: ProspectCreate) {
  if (input.supplierClassId) {
    const [found] = await q
      .select({ id: supplierClasses.id })
      .from(supplierClasses)
      .where(and(eq(supplierClasses.tenantId, tenantId), eq(supplierClasses.id, input.supplierClassId)))
      .limit(1);
    if (!found) throw new AppError('PROSPECT_CLASS_NOT_FOUND');
  }
  if (input.compNo) {
    const [enterprise] = await q
      .select({ id: enterprises.id })
      .from(enterprises)
      .where(eq(enterprises.compNo, input.compNo))
      .limit(1);
    if (!enterprise) throw new AppError('PARTNER_ENTERPRISE_NOT_FOUND');
    if (enterprise.id === tenantId) throw new AppError('PARTNER_IS_SELF');
  }
}

/** Prospect codes run PS00001, PS00002… per enterprise. */
async function nextProspectCode(q: Queryable, tenantId: string): Promise<string> {
  const [row] = await q
    .execute<{ n: number }>(sql`
    select coalesce(max(substring(code from 3)::int), 0) + 1 as n
      from ${potentialSuppliers} where tenant_id = ${tenantId} and code ~ '^PS[0-9]{1,9}$'`)
    .then((r) => r.rows);
  return `PS${String(row?.n ?? 1).padStart(5, '0')}`;
}

const MAX_NUMBER_ATTEMPTS = 5;

export async function createProspect(ctx: RequestContext, input: ProspectCreate): Promise<PotentialSupplierDetail> {
  const { tx: q, auth, tenantId } = ctx;
  return idempotent(q, ctx.idem, async () => {
    await assertReferences(q, tenantId, input);
    const id = newId();
    let code = '';
    for (let attempt = 0; !code; attempt++) {
      if (attempt === MAX_NUMBER_ATTEMPTS) throw new AppError('CONFLICT');
      const candidate = await nextProspectCode(q, tenantId);
      const inserted = await q
        .insert(potentialSuppliers)
        .values({
          tenantId,
          id,
          code: candidate,
          ...input,
          auditState: PROSPECT_STATE.NEW,
          ownerId: auth.userId,
          deptId: auth.deptId,
        })
        .onConflictDoNothing()
        .returning({ id: potentialSuppliers.id });
      if (inserted.length) code = candidate;
    }
    await attachFiles(q, auth.userId, { table: potentialSuppliers, id, ownerTenantId: tenantId }, input.attachments);
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: MODULE,
      targetId: id,
      summary: prospectCreatedSummary(code, input.name),
    });
    return getProspect(ctx, id);
  });
}

const editable = (p: Pick<PotentialSupplier, keyof ProspectCreate>) => ({
  name: p.name,
  contactName: p.contactName,
  mobile: `${p.mobileArea} ${p.mobile}`,
  email: p.email,
  compNo: p.compNo,
  socialCreditCode: p.socialCreditCode,
  productDescription: p.productDescription,
  supplierClassId: p.supplierClassId,
  requiredQualifications: p.requiredQualifications,
  attachments: p.attachments.map((a) => a.name),
});

/** Only a new or rejected prospect changes; one under audit is what the auditor is looking at. */
export async function updateProspect(
  ctx: RequestContext,
  id: string,
  input: ProspectUpdate,
): Promise<PotentialSupplierDetail> {
  const { tx: q, auth, tenantId } = ctx;
  const before = await loadProspect(ctx, id);
  if (!PROSPECT_EDITABLE_STATES.includes(before.auditState)) throw new AppError('PROSPECT_NOT_EDITABLE');
  const { version, ...fields } = input;
  await assertReferences(q, tenantId, fields);
  const updated = await q
    .update(potentialSuppliers)
    .set({ ...fields, version: sql`${potentialSuppliers.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(potentialSuppliers.tenantId, tenantId),
        eq(potentialSuppliers.id, id),
        eq(potentialSuppliers.version, version),
        sql`${potentialSuppliers.auditState} in (${sql.join(
          PROSPECT_EDITABLE_STATES.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: potentialSuppliers.id });
  if (updated.length === 0) throw new AppError('CONFLICT');
  await attachFiles(q, auth.userId, { table: potentialSuppliers, id, ownerTenantId: tenantId }, fields.attachments);
  const after = await getProspect(ctx, id);
  const changes = summarizeChanges(editable(before), editable(after));
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: changes
      ? text('sourcing.prospectUpdated', { code: before.code, changes })
      : text('sourcing.prospectSaved', { code: before.code }),
  });
  return after;
}

export const prospectCreatedSummary = (code: string, name: string): TextRef =>
  text('sourcing.prospectCreated', { code, name });

const STEP_TEXT = {
  submit: 'sourcing.submitted',
  recall: 'sourcing.recalled',
  pass: 'sourcing.passed',
  fail: 'sourcing.failed',
  convert: 'sourcing.converted',
} as const satisfies Record<ProspectAction, TextKey>;

/** The log entry of a step of PROSPECT_TRANSITIONS. */
export const prospectStepSummary = (action: ProspectAction, p: { code: string; name: string }): TextRef =>
  text(STEP_TEXT[action], { code: p.code, name: p.name });

/**
 * Moves a prospect along one row of PROSPECT_TRANSITIONS: the update only matches a prospect still in
 * a `from` state, so two concurrent steps give one success and one PROSPECT_STATE_CHANGED.
 */
async function moveProspect(ctx: RequestContext, id: string, action: ProspectAction): Promise<PotentialSupplier> {
  const { tx: q, auth, tenantId } = ctx;
  const t = prospectMachine.transition(action)!;
  if (!auth.permissions.has(t.permission)) throw new AppError('FORBIDDEN');
  const before = await loadProspect(ctx, id);
  const moved = await q
    .update(potentialSuppliers)
    .set({ auditState: t.to, version: sql`${potentialSuppliers.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(potentialSuppliers.tenantId, tenantId),
        eq(potentialSuppliers.id, id),
        sql`${potentialSuppliers.auditState} in (${sql.join(
          t.from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning({ id: potentialSuppliers.id });
  if (moved.length === 0) throw new AppError('PROSPECT_STATE_CHANGED');
  await recordOperation(q, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: MODULE,
    targetId: id,
    summary: prospectStepSummary(action, before),
  });
  return before;
}

/** Submit for audit or recall the submission. */
export async function actOnProspect(
  ctx: RequestContext,
  id: string,
  action: 'submit' | 'recall',
): Promise<PotentialSupplierDetail> {
  await moveProspect(ctx, id, action);
  return getProspect(ctx, id);
}

/**
 * An audit records its result, score and comment and decides the prospect: pass → approved,
 * fail → rejected. The purchaser who owns the prospect is told.
 */
export async function auditProspect(
  ctx: RequestContext,
  id: string,
  input: ProspectAudit,
): Promise<PotentialSupplierDetail> {
  const { tx: q, auth, tenantId } = ctx;
  const action: ProspectAuditResult = input.result;
  const before = await moveProspect(ctx, id, action);
  const auditId = newId();
  await q.insert(supplierAudits).values({
    tenantId,
    id: auditId,
    potentialSupplierId: id,
    result: input.result,
    score: input.score,
    comment: input.comment,
    attachments: input.attachments,
    auditorId: auth.userId,
  });
  await attachFiles(q, auth.userId, { table: supplierAudits, id: auditId, ownerTenantId: tenantId }, input.attachments);
  if (before.ownerId && before.ownerId !== auth.userId) {
    const passed = input.result === 'pass';
    const auditor = auth.username;
    // The message and its push belong to this transaction; the e-mails leave once it has committed.
    const emails = await notifyUsers(q, {
      tenantId,
      userIds: [before.ownerId],
      kind: 'system',
      title: text(passed ? 'sourcing.auditPassedTitle' : 'sourcing.auditFailedTitle', {
        code: before.code,
        name: before.name,
        score: input.score,
      }),
      content: input.comment
        ? text('sourcing.auditComment', { auditor, comment: input.comment })
        : text(passed ? 'sourcing.auditPassedBy' : 'sourcing.auditFailedBy', { auditor }),
      link: `/purchase/sourcing/detail?id=${id}`,
    });
    const deps = ctx.tell;
    if (!('quiet' in deps)) ctx.afterCommit(() => sendNotificationEmails(deps.provider, emails, deps.log));
  }
  return getProspect(ctx, id);
}

/** What the supplier invitation needs, taken from the prospect: by enterprise number when it is on the network. */
function invitationOf(p: PotentialSupplier) {
  const common = { supCode: '', supplierClassId: p.supplierClassId, receiverName: p.contactName };
  return supplierInviteSchema.parse(
    p.compNo
      ? { by: 'compNo', compNo: p.compNo, ...common }
      : {
          by: 'contact',
          enterpriseName: p.name,
          mobileArea: p.mobileArea,
          mobile: p.mobile,
          email: p.email,
          ...common,
        },
  );
}

/**
 * Invites an approved prospect as a supplier through the supplier invitation (which sends the link or
 * tells the enterprise) and remembers the archive row it made. The prospect is claimed first, so two
 * concurrent conversions make one invitation. If the invitation is refused (the enterprise is already
 * a supplier, the number is wrong…) the request rolls back, the prospect stays approved, and the
 * reason is logged in a transaction of its own once it has, so the log survives the rollback.
 */
export async function convertProspect(
  ctx: RequestContext,
  id: string,
  publicUrl: string,
): Promise<{ prospect: PotentialSupplierDetail; supplierId: string }> {
  const { tx, auth, tenantId } = ctx;
  const prospect = await moveProspect(ctx, id, 'convert');
  let supplierId: string;
  try {
    // The conversion's own Idempotency-Key does not belong to the invitation it makes.
    const invitation = { ...ctx, idem: withoutKey(auth.userId) };
    supplierId = (await inviteSupplier(invitation, invitationOf(prospect), publicUrl)).id;
  } catch (err) {
    const summary =
      err instanceof AppError
        ? text('sourcing.inviteFailed', { code: prospect.code, errorCode: err.errorCode })
        : text('sourcing.inviteFailedUnexpectedly', { code: prospect.code });
    ctx.afterRollback(() =>
      inTenantTx(ctx.db, tenantId, (own) =>
        recordOperation(own, actorOf(auth), { type: OPERATION_TYPE.UPDATE, module: MODULE, targetId: id, summary }),
      ),
    );
    throw err;
  }
  await tx
    .update(potentialSuppliers)
    .set({ convertedSupplierId: supplierId, updatedAt: sql`now()` })
    .where(and(eq(potentialSuppliers.tenantId, tenantId), eq(potentialSuppliers.id, id)));
  return { prospect: await getProspect(ctx, id), supplierId };
}
