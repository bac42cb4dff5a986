import {
  CHK_STATE,
  type ChkState,
  isSupplierBlocked,
  type ListResult,
  OPERATION_TYPE,
  RELATION_STATE,
  type RelationState,
  restoredInviteState,
  SUPPLIER_ARCHIVE_FIELDS,
  SUPPLIER_INVITE_STATE,
  type SupplierArchive,
  type SupplierContact,
  type SupplierContactsView,
  type SupplierDetail,
  type SupplierInviteState,
  type SupplierListItem,
  type SupplierOperationRecord,
  type SupplierRegistration,
  type SupplierRowAction,
  type SupplierSide,
  type SupplierView,
  type SyncState,
  type supplierActionSchema,
  supplierContactListSchema,
  type supplierContactsUpdateSchema,
  type supplierCreateSchema,
  type supplierListSchema,
  supplierMachine,
  type supplierRegistrationUpdateSchema,
  type supplierUpdateSchema,
  type TextKey,
  type TextRef,
  text,
  toSupplierPartnerView,
} from '@concord/shared';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  customers,
  enterprises,
  operationLogs,
  partnerInvitations,
  supplierClasses,
  supplierContacts,
  suppliers,
} from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { resolveDataScope } from '../../platform/data-scope.ts';
import { type Actor, actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation, renderLogText, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { archiveScope } from './suppliers.scope.ts';

export const SUPPLIERS_MODULE = 'suppliers';
export const CUSTOMERS_MODULE = 'customers';

/** The permission each side needs to read or write a relation's archive. */
export const SIDE_PERMISSION: Record<SupplierSide, string> = { buyer: 'PO_SUP_ARC', supplier: 'SL_CUS' };

// ---------------------------------------------------------------------------------------------
// Guard for other modules

/**
 * Guard for every module that addresses a new document (notice, qualification request, order,
 * inquiry) to a supplier: a blacklisted or invalid supplier, or one whose relation is stopped, takes
 * nothing new. Run it in the buyer's transaction; an unknown id is NOT_FOUND.
 */
export async function assertSupplierAddressable(
  q: Queryable,
  tenantId: string,
  supplierId: string,
): Promise<{ id: string; supName: string; supplierTenantId: string | null }> {
  const [row] = await q
    .select({
      id: suppliers.id,
      supName: suppliers.supName,
      supplierTenantId: suppliers.supplierTenantId,
      inviteState: suppliers.inviteState,
      relationState: suppliers.relationState,
    })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, tenantId), eq(suppliers.id, supplierId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  if (isSupplierBlocked(row)) throw new AppError('SUPPLIER_BLOCKED', { name: row.supName });
  return { id: row.id, supName: row.supName, supplierTenantId: row.supplierTenantId };
}

// ---------------------------------------------------------------------------------------------
// Helpers shared by the partner services

/** A step taken by the other party, recorded in this tenant's log without a user of this tenant. */
export const foreignActor = (auth: MemberAuth, tenantId: string, enterpriseName: string): Actor => ({
  tenantId,
  userId: null,
  username: `${auth.username} (${enterpriseName})`,
  ip: auth.ip,
});

export async function enterpriseOf(q: Queryable, id: string) {
  const [row] = await q
    .select({
      id: enterprises.id,
      compNo: enterprises.compNo,
      inviteCode: enterprises.inviteCode,
      name: enterprises.name,
      shortName: enterprises.shortName,
      socialCreditCode: enterprises.socialCreditCode,
      legalPerson: enterprises.legalPerson,
      bankName: enterprises.bankName,
      bankAccount: enterprises.bankAccount,
      profile: enterprises.profile,
    })
    .from(enterprises)
    .where(eq(enterprises.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export const displayName = (e: { name: string; shortName: string }) => e.shortName || e.name;

/** The next free code of the form S00001 (supplier archive) or C00001 (customer archive) in one tenant. */
export async function nextCode(q: Queryable, kind: 'supplier' | 'customer', tenantId: string): Promise<string> {
  const [prefix, table, column] =
    kind === 'supplier' ? ['S', suppliers, suppliers.supCode] : ['C', customers, customers.poCode];
  const pattern = `^${prefix}[0-9]{1,15}$`;
  const [row] = await q
    .select({ max: sql<string | null>`max(substring(${column} from 2)::bigint)` })
    .from(table)
    .where(and(eq(table.tenantId, tenantId), sql`${column} ~ ${pattern}`));
  return `${prefix}${String(Number(row?.max ?? 0) + 1).padStart(5, '0')}`;
}

type ListQuery = z.infer<typeof supplierListSchema>;
type CreateInput = z.infer<typeof supplierCreateSchema>;
type UpdateInput = z.infer<typeof supplierUpdateSchema>;
type RegistrationUpdateInput = z.infer<typeof supplierRegistrationUpdateSchema>;
type ContactsUpdateInput = z.infer<typeof supplierContactsUpdateSchema>;
type ContactsInput = z.input<typeof supplierContactListSchema>;
type ActionInput = z.infer<typeof supplierActionSchema>;

// ---------------------------------------------------------------------------------------------
// Reading

const primaryContactName = sql<string | null>`(select c.name from ${supplierContacts} c
  where c.tenant_id = ${suppliers.tenantId} and c.supplier_id = ${suppliers.id} and c.is_primary limit 1)`;

/** A state column typed by its state table: only the transition table writes these columns. */
export const stateOf = <T extends number>(column: AnyPgColumn) => sql<T>`${column}`;

const listColumns = {
  id: suppliers.id,
  supCode: suppliers.supCode,
  supName: suppliers.supName,
  supShort: suppliers.supShort,
  supplierClassId: suppliers.supplierClassId,
  supplierClassName: supplierClasses.name,
  supplierTenantId: suppliers.supplierTenantId,
  supplierCompNo: enterprises.compNo,
  inviteState: stateOf<SupplierInviteState>(suppliers.inviteState),
  chkState: stateOf<ChkState>(suppliers.chkState),
  relationState: stateOf<RelationState>(suppliers.relationState),
  syncState: stateOf<SyncState>(suppliers.syncState),
  pgState: suppliers.pgState,
  lifeCycle: suppliers.lifeCycle,
  receiverName: suppliers.receiverName,
  adminMobileArea: suppliers.adminMobileArea,
  adminMobile: suppliers.adminMobile,
  contactEmail: suppliers.contactEmail,
  primaryContact: primaryContactName,
  invitationDate: suppliers.invitationDate,
  auditDate: suppliers.auditDate,
  joinDate: suppliers.joinDate,
  version: suppliers.version,
  createdAt: suppliers.createdAt,
};

const selectSuppliers = (q: Queryable) =>
  q
    .select(listColumns)
    .from(suppliers)
    .leftJoin(
      supplierClasses,
      and(eq(supplierClasses.tenantId, suppliers.tenantId), eq(supplierClasses.id, suppliers.supplierClassId)),
    )
    .leftJoin(enterprises, eq(enterprises.id, suppliers.supplierTenantId));

/** The buyer's data scope over its archive (owner, department, and assigned supplier partners). */
async function buyerScope(q: Queryable, auth: MemberAuth): Promise<SQL | undefined> {
  const scope = await resolveDataScope(q, auth);
  return archiveScope(scope);
}

const SORTABLE = {
  supCode: suppliers.supCode,
  supName: suppliers.supName,
  inviteState: suppliers.inviteState,
  invitationDate: suppliers.invitationDate,
  joinDate: suppliers.joinDate,
  createdAt: suppliers.createdAt,
};

export async function listSuppliers(
  { tx: q, auth, tenantId }: RequestContext,
  query: ListQuery,
): Promise<ListResult<SupplierListItem>> {
  const f = query.filter ?? {};
  const where = and(
    eq(suppliers.tenantId, tenantId),
    await buyerScope(q, auth),
    f.supCode ? ilike(suppliers.supCode, escapeLike(f.supCode)) : undefined,
    f.supName
      ? or(ilike(suppliers.supName, escapeLike(f.supName)), ilike(suppliers.supShort, escapeLike(f.supName)))
      : undefined,
    f.inviteState !== undefined ? eq(suppliers.inviteState, f.inviteState) : undefined,
    f.chkState !== undefined ? eq(suppliers.chkState, f.chkState) : undefined,
    f.relationState !== undefined ? eq(suppliers.relationState, f.relationState) : undefined,
    f.syncState !== undefined ? eq(suppliers.syncState, f.syncState) : undefined,
    f.supplierClassId ? eq(suppliers.supplierClassId, f.supplierClassId) : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectSuppliers(q)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [suppliers.createdAt, 'desc']), desc(suppliers.id))
      .limit(page.limit)
      .offset(page.offset),
    q.select({ total: count() }).from(suppliers).where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

/** The relation row as stored, with the side the caller is on. */
export interface Relation {
  side: SupplierSide;
  row: typeof suppliers.$inferSelect;
}

/**
 * Finds the relation `id` for the caller: the buyer sees its archive rows within its data scope, the
 * supplier its own row; anyone else (and an out-of-scope buyer user) gets 404 exactly like a missing
 * id. A party without the side's permission gets 403.
 */
export async function loadRelation({ tx: q, auth, tenantId: me }: RequestContext, id: string): Promise<Relation> {
  const [row] = await q
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.id, id), or(eq(suppliers.tenantId, me), eq(suppliers.supplierTenantId, me))))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  const side: SupplierSide = row.tenantId === me ? 'buyer' : 'supplier';
  if (!auth.permissions.has(SIDE_PERMISSION[side])) throw new AppError('FORBIDDEN');
  if (side === 'buyer') {
    const scope = await buyerScope(q, auth);
    if (scope) {
      const [visible] = await q
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(and(eq(suppliers.tenantId, me), eq(suppliers.id, id), scope));
      if (!visible) throw new AppError('NOT_FOUND');
    }
  }
  return { side, row };
}

export async function listContacts(q: Queryable, tenantId: string, supplierId: string): Promise<SupplierContact[]> {
  return q
    .select({
      id: supplierContacts.id,
      name: supplierContacts.name,
      position: supplierContacts.position,
      mobile: supplierContacts.mobile,
      email: supplierContacts.email,
      weChatNumber: supplierContacts.weChatNumber,
      connectFax: supplierContacts.connectFax,
      isPrimary: supplierContacts.isPrimary,
    })
    .from(supplierContacts)
    .where(and(eq(supplierContacts.tenantId, tenantId), eq(supplierContacts.supplierId, supplierId)))
    .orderBy(desc(supplierContacts.isPrimary), asc(supplierContacts.createdAt), asc(supplierContacts.id));
}

async function listItem(q: Queryable, tenantId: string, id: string): Promise<SupplierListItem> {
  const [item] = await selectSuppliers(q)
    .where(and(eq(suppliers.tenantId, tenantId), eq(suppliers.id, id)))
    .limit(1);
  if (!item) throw new AppError('NOT_FOUND');
  return item;
}

/** The whole archive for its owner (the buyer); the partner view (packages/shared) for the supplier. */
export async function getSupplier(ctx: RequestContext, id: string): Promise<SupplierView> {
  const q = ctx.tx;
  const { side, row } = await loadRelation(ctx, id);
  const item = await listItem(q, row.tenantId, id);
  const buyer = await enterpriseOf(q, row.tenantId);
  const [invitation] =
    side === 'buyer' && !row.supplierTenantId
      ? await q
          .select({
            mobile: partnerInvitations.mobile,
            email: partnerInvitations.email,
            expiresAt: partnerInvitations.expiresAt,
          })
          .from(partnerInvitations)
          .where(
            and(
              eq(partnerInvitations.enterpriseId, row.tenantId),
              eq(partnerInvitations.supplierId, id),
              isNull(partnerInvitations.acceptedAt),
              isNull(partnerInvitations.revokedAt),
              gt(partnerInvitations.expiresAt, sql`now()`),
            ),
          )
          .orderBy(desc(partnerInvitations.createdAt))
          .limit(1)
      : [];
  const detail: SupplierDetail = {
    ...item,
    side,
    buyerName: displayName(buyer),
    archive: row.archive as Partial<SupplierArchive>,
    registration: row.registration as Partial<SupplierRegistration>,
    auditDescription: row.auditDescription,
    contacts: await listContacts(q, row.tenantId, id),
    pendingInvitation: invitation ?? null,
  };
  return side === 'buyer' ? { ...detail, side } : toSupplierPartnerView(detail);
}

/** The buyer's operation record of one supplier (detail tab). */
export async function listSupplierOperations(ctx: RequestContext, id: string): Promise<SupplierOperationRecord[]> {
  const q = ctx.tx;
  const { side, row } = await loadRelation(ctx, id);
  if (side !== 'buyer') throw new AppError('FORBIDDEN');
  const rows = await q
    .select({
      id: operationLogs.id,
      username: operationLogs.username,
      operationType: operationLogs.operationType,
      summary: operationLogs.summary,
      createdAt: operationLogs.createdAt,
    })
    .from(operationLogs)
    .where(
      and(
        eq(operationLogs.tenantId, row.tenantId),
        eq(operationLogs.module, SUPPLIERS_MODULE),
        eq(operationLogs.targetId, id),
      ),
    )
    .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
    .limit(200);
  return rows.map((r) => ({ ...r, summary: renderLogText(r.summary, ctx.locale, ctx.auth) }));
}

// ---------------------------------------------------------------------------------------------
// The buyer's archive

export async function assertSupplierClass(q: Queryable, tenantId: string, classId: string | null) {
  if (!classId) return;
  const [found] = await q
    .select({ id: supplierClasses.id })
    .from(supplierClasses)
    .where(and(eq(supplierClasses.tenantId, tenantId), eq(supplierClasses.id, classId)));
  if (!found) throw new AppError('SUPPLIER_CLASS_NOT_FOUND');
}

export async function assertSupCodeFree(q: Queryable, tenantId: string, supCode: string, selfId: string | null) {
  const [taken] = await q
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.tenantId, tenantId),
        eq(suppliers.supCode, supCode),
        selfId ? ne(suppliers.id, selfId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new AppError('DUPLICATE', { field: supCode });
}

/** Replaces a supplier's contacts; runs in the buyer's (owner's) tenant context. */
export async function writeContacts(
  q: Queryable,
  relation: { tenantId: string; id: string; supplierTenantId: string | null },
  contacts: ContactsInput,
): Promise<void> {
  const parsed = supplierContactListSchema.parse(contacts);
  await q
    .delete(supplierContacts)
    .where(and(eq(supplierContacts.tenantId, relation.tenantId), eq(supplierContacts.supplierId, relation.id)));
  if (!parsed.length) return;
  await q.insert(supplierContacts).values(
    parsed.map((c) => ({
      tenantId: relation.tenantId,
      supplierTenantId: relation.supplierTenantId,
      id: newId(),
      supplierId: relation.id,
      ...c,
    })),
  );
}

/** Makes `contact` the primary contact, keeping the others. */
export async function addPrimaryContact(
  q: Queryable,
  relation: { tenantId: string; id: string; supplierTenantId: string | null },
  contact: Omit<SupplierContact, 'id' | 'isPrimary'>,
): Promise<void> {
  await q
    .update(supplierContacts)
    .set({ isPrimary: false, updatedAt: sql`now()` })
    .where(and(eq(supplierContacts.tenantId, relation.tenantId), eq(supplierContacts.supplierId, relation.id)));
  await q.insert(supplierContacts).values({
    tenantId: relation.tenantId,
    supplierTenantId: relation.supplierTenantId,
    id: newId(),
    supplierId: relation.id,
    ...contact,
    isPrimary: true,
  });
}

/** POST /gateway/srm/suppliers: an archive of a supplier that is not on the network (not invited). */
export async function createSupplier(ctx: RequestContext, input: CreateInput): Promise<SupplierView> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await assertSupplierClass(tx, tenantId, input.supplierClassId ?? null);
    const supCode = input.supCode || (await nextCode(tx, 'supplier', tenantId));
    await assertSupCodeFree(tx, tenantId, supCode, null);
    const id = newId();
    const { contacts, ...fields } = input;
    await tx.insert(suppliers).values({
      tenantId,
      id,
      ...fields,
      supCode,
      supShort: fields.supShort ?? '',
      inviteState: SUPPLIER_INVITE_STATE.NOT_INVITED,
      chkState: CHK_STATE.PENDING,
      relationState: RELATION_STATE.INVALID,
      ownerId: auth.userId,
      deptId: auth.deptId,
    });
    if (contacts?.length) await writeContacts(tx, { tenantId, id, supplierTenantId: null }, contacts);
    await recordOperation(tx, actorOf(auth), {
      type: OPERATION_TYPE.ADD,
      module: SUPPLIERS_MODULE,
      targetId: id,
      summary: text('suppliers.created', { supCode, supName: input.supName }),
    });
    return getSupplier(ctx, id);
  });
}

const BUYER_FIELDS = [
  'supCode',
  'supName',
  'supShort',
  'supplierClassId',
  'lifeCycle',
  'receiverName',
  'adminMobileArea',
  'adminMobile',
  'contactEmail',
] as const;

/** PUT /gateway/srm/suppliers/:id: only the buyer writes its archive; the supplier is refused. */
export async function updateSupplier(ctx: RequestContext, id: string, input: UpdateInput): Promise<SupplierView> {
  const { tx: q, auth } = ctx;
  const { side, row } = await loadRelation(ctx, id);
  if (side !== 'buyer') throw new AppError('FORBIDDEN');
  const tenantId = row.tenantId;
  await assertSupplierClass(q, tenantId, input.supplierClassId ?? null);
  await assertSupCodeFree(q, tenantId, input.supCode, id);
  const next = {
    supCode: input.supCode,
    supName: input.supName,
    supShort: input.supShort ?? '',
    supplierClassId: input.supplierClassId ?? null,
    lifeCycle: input.lifeCycle ?? '',
    receiverName: input.receiverName ?? '',
    adminMobileArea: input.adminMobileArea ?? '+86',
    adminMobile: input.adminMobile ?? '',
    contactEmail: input.contactEmail ?? '',
    archive: input.archive,
  };
  const [updated] = await q
    .update(suppliers)
    .set({ ...next, version: sql`${suppliers.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(suppliers.tenantId, tenantId), eq(suppliers.id, id), eq(suppliers.version, input.version)))
    .returning({ id: suppliers.id });
  if (!updated) throw new AppError('CONFLICT');
  const before: Record<string, unknown> = { ...row.archive };
  const after: Record<string, unknown> = { ...input.archive };
  for (const k of BUYER_FIELDS) {
    before[k] = row[k];
    after[k] = next[k];
  }
  const changes = summarizeChanges(before, after);
  if (changes) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: SUPPLIERS_MODULE,
      targetId: id,
      summary: text('suppliers.updated', { supCode: next.supCode, changes }),
    });
  }
  return getSupplier(ctx, id);
}

/** PUT /:id/registration: the supplier keeps its registration data up to date while the invitation is open. */
export async function updateRegistration(
  ctx: RequestContext,
  id: string,
  input: RegistrationUpdateInput,
): Promise<SupplierView> {
  const { tx: q, auth } = ctx;
  const { side, row } = await loadRelation(ctx, id);
  if (side !== 'supplier') throw new AppError('FORBIDDEN');
  if (row.inviteState !== SUPPLIER_INVITE_STATE.IN_PROGRESS) throw new AppError('SUPPLIER_REGISTRATION_CLOSED');
  const [updated] = await q
    .update(suppliers)
    .set({ registration: input.registration, version: sql`${suppliers.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(suppliers.id, id),
        eq(suppliers.supplierTenantId, ctx.tenantId),
        eq(suppliers.inviteState, SUPPLIER_INVITE_STATE.IN_PROGRESS),
        eq(suppliers.version, input.version),
      ),
    )
    .returning({ id: suppliers.id });
  if (!updated) throw new AppError('CONFLICT');
  const changes = summarizeChanges(row.registration, input.registration);
  if (changes) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: CUSTOMERS_MODULE,
      targetId: id,
      summary: text('suppliers.registrationUpdated', { name: (await enterpriseOf(q, row.tenantId)).name, changes }),
    });
  }
  return getSupplier(ctx, id);
}

/**
 * GET/PUT /:id/contacts: both sides keep the contact list; the write runs in the owner's context. The
 * list is replaced whole, so the save claims the supplier row at the version the editor read (and
 * moves it on): of two editors who read the same list, the second gets CONFLICT instead of erasing
 * the first one's contacts.
 */
export async function saveContacts(
  ctx: RequestContext,
  id: string,
  input: ContactsUpdateInput,
): Promise<SupplierContactsView> {
  const { tx, auth } = ctx;
  const { side, row } = await loadRelation(ctx, id);
  if (side === 'supplier') await switchTenant(tx, row.tenantId);
  const [claimed] = await tx
    .update(suppliers)
    .set({ version: sql`${suppliers.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(suppliers.tenantId, row.tenantId), eq(suppliers.id, id), eq(suppliers.version, input.version)))
    .returning({ version: suppliers.version });
  if (!claimed) throw new AppError('CONFLICT');
  const before = await listContacts(tx, row.tenantId, id);
  await writeContacts(tx, row, input.contacts);
  const after = await listContacts(tx, row.tenantId, id);
  const label = (list: SupplierContact[]) => list.map((c) => `${c.name}${c.isPrimary ? '*' : ''}`).join(', ') || '-';
  const summary = text('suppliers.contactsChanged', { before: label(before), after: label(after) });
  if (side === 'supplier') {
    await recordOperation(tx, foreignActor(auth, row.tenantId, row.supName), {
      type: OPERATION_TYPE.UPDATE,
      module: SUPPLIERS_MODULE,
      targetId: id,
      summary,
    });
    await switchTenant(tx, ctx.tenantId);
  }
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: side === 'buyer' ? SUPPLIERS_MODULE : CUSTOMERS_MODULE,
    targetId: id,
    summary,
  });
  return { version: claimed.version, contacts: after };
}

export async function getContacts(ctx: RequestContext, id: string): Promise<SupplierContactsView> {
  const { row } = await loadRelation(ctx, id);
  return { version: row.version, contacts: await listContacts(ctx.tx, row.tenantId, id) };
}

// ---------------------------------------------------------------------------------------------
// Transitions

/** On approval the buyer's archive takes the supplier's registration data where it has no value yet. */
function mergeRegistration(archive: Record<string, unknown>, registration: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...archive };
  for (const k of SUPPLIER_ARCHIVE_FIELDS) {
    if ((merged[k] === undefined || merged[k] === '') && registration[k] !== undefined) merged[k] = registration[k];
  }
  return merged;
}

/** Each step as logged, and as the supplier is told of it (`party` is the buyer). */
const ACTION_TEXT = {
  approve: ['suppliers.approved', 'suppliers.approvedTitle', 'suppliers.approvedContent'],
  reject: ['suppliers.rejected', 'suppliers.rejectedTitle', 'suppliers.rejectedContent'],
  blacklist: ['suppliers.blacklisted', 'suppliers.blacklistedTitle', 'suppliers.blacklistedContent'],
  restore: ['suppliers.restored', 'suppliers.restoredTitle', 'suppliers.restoredContent'],
  invalidate: ['suppliers.invalidated', 'suppliers.invalidatedTitle', 'suppliers.invalidatedContent'],
  stop: ['suppliers.stopped', 'suppliers.stoppedTitle', 'suppliers.stoppedContent'],
  resume: ['suppliers.resumed', 'suppliers.resumedTitle', 'suppliers.resumedContent'],
} as const satisfies Record<SupplierRowAction, readonly [TextKey, TextKey, TextKey]>;

/** The log entry of a buyer's step on a relation, with the note it wrote (the audit comment, the reason). */
export function supplierActionSummary(
  action: SupplierRowAction,
  row: { supCode: string; supName: string },
  reason: string,
): TextRef {
  const what = text(ACTION_TEXT[action][0], { supCode: row.supCode, supName: row.supName });
  return reason ? text('suppliers.withReason', { what, reason }) : what;
}

/**
 * POST /:id/actions/:action. The row moves only from the states of the transition table, checked in the
 * UPDATE itself, so of two concurrent reviews exactly one succeeds and the other answers 409.
 */
export async function actOnSupplier(
  ctx: RequestContext,
  id: string,
  action: SupplierRowAction,
  input: ActionInput,
): Promise<SupplierView> {
  const { tx, auth, tenantId } = ctx;
  const t = supplierMachine.transition(action)!;
  const reason = input.auditDescription?.trim() ?? '';
  const { side, row } = await loadRelation(ctx, id);
  if (side !== t.side || !auth.permissions.has(t.permission)) throw new AppError('FORBIDDEN');
  if (action === 'reject' && !reason) throw new AppError('VALIDATION_FAILED');
  const now = new Date().toISOString();
  const set: Partial<typeof suppliers.$inferInsert> = {};
  if (t.to !== undefined) set.inviteState = t.to;
  if (action === 'restore') set.inviteState = restoredInviteState(row);
  if (t.chkTo !== undefined) set.chkState = t.chkTo;
  if (t.relationTo !== undefined) set.relationState = t.relationTo;
  if (action === 'approve') {
    set.auditDate = now;
    set.joinDate = now;
    set.auditDescription = reason;
    set.archive = mergeRegistration(row.archive, row.registration);
    const abbreviation = row.registration.enterpriseAbbreviation;
    if (!row.supShort && typeof abbreviation === 'string') set.supShort = abbreviation;
  }
  if (action === 'reject') {
    set.auditDate = now;
    set.auditDescription = reason;
  }
  const [moved] = await tx
    .update(suppliers)
    .set({ ...set, version: sql`${suppliers.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(suppliers.tenantId, tenantId),
        eq(suppliers.id, id),
        inArray(suppliers.inviteState, [...t.from]),
        t.relationFrom ? inArray(suppliers.relationState, [...t.relationFrom]) : undefined,
      ),
    )
    .returning({ id: suppliers.id });
  if (!moved) throw new AppError('SUPPLIER_STATE_CHANGED');
  if (action === 'invalidate' || action === 'blacklist') {
    // A link to a company not yet on the network must not let it join a relation the buyer ended.
    await tx
      .update(partnerInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(partnerInvitations.enterpriseId, tenantId),
          eq(partnerInvitations.supplierId, id),
          isNull(partnerInvitations.acceptedAt),
          isNull(partnerInvitations.revokedAt),
        ),
      );
  }
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.UPDATE,
    module: SUPPLIERS_MODULE,
    targetId: id,
    summary: supplierActionSummary(action, row, reason),
  });
  const supplierTenantId = row.supplierTenantId;
  if (supplierTenantId) {
    const party = displayName(await enterpriseOf(tx, tenantId));
    const [, title, content] = ACTION_TEXT[action];
    ctx.afterCommit(() =>
      tellParty(ctx.tell, 'system', [
        {
          tenantId: supplierTenantId,
          title: text(title, { party }),
          content: text(content, { party, reason }),
          link: '/sale/profile',
        },
      ]),
    );
  }
  return getSupplier(ctx, id);
}
