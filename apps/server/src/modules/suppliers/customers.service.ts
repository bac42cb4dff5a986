import {
  CHK_STATE,
  type ChkState,
  type CustomerDetail,
  type CustomerItem,
  type customerInviteSchema,
  type customerListSchema,
  type customerUpdateSchema,
  type ListResult,
  OPERATION_TYPE,
  partnerAuditNote,
  RELATION_STATE,
  type RelationState,
  SUPPLIER_INVITE_STATE,
  type SupplierInviteState,
  type SupplierRegistration,
  text,
} from '@concord/shared';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { customers, enterprises, suppliers } from '../../db/schema.ts';
import { type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { actorOf, escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { orderBy, pageOf } from '../../platform/paging.ts';
import type { SignedInContext } from '../../platform/route.ts';
import type { Services } from '../../platform/services.ts';
import { checkInviteCode } from '../enterprises/enterprises.service.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation, summarizeChanges } from '../operation-logs/operation-logs.service.ts';
import { registrationFromEnterprise, upsertCustomerRow, userContact } from './invitations.service.ts';
import {
  addPrimaryContact,
  CUSTOMERS_MODULE,
  displayName,
  enterpriseOf,
  foreignActor,
  nextCode,
  SUPPLIERS_MODULE,
} from './suppliers.service.ts';

type ListQuery = z.infer<typeof customerListSchema>;
type UpdateInput = z.infer<typeof customerUpdateSchema>;
type InviteInput = z.infer<typeof customerInviteSchema>;

const columns = {
  id: customers.id,
  customerTenantId: customers.customerTenantId,
  relationId: customers.relationId,
  poCode: customers.poCode,
  poName: customers.poName,
  poShort: customers.poShort,
  remarks: customers.remarks,
  customerName: enterprises.name,
  customerCompNo: enterprises.compNo,
  // The buyer's archive row is readable by the supplier through its supplier_tenant_id.
  inviteState: sql<SupplierInviteState>`coalesce(${suppliers.inviteState}, ${SUPPLIER_INVITE_STATE.INVALID})`,
  chkState: sql<ChkState>`coalesce(${suppliers.chkState}, ${CHK_STATE.PENDING})`,
  relationState: sql<RelationState>`coalesce(${suppliers.relationState}, ${RELATION_STATE.INVALID})`,
  joinDate: suppliers.joinDate,
  version: customers.version,
  createdAt: customers.createdAt,
};

const selectCustomers = (q: Queryable, me: string) =>
  q
    .select(columns)
    .from(customers)
    .innerJoin(enterprises, eq(enterprises.id, customers.customerTenantId))
    .leftJoin(
      suppliers,
      and(
        eq(suppliers.tenantId, customers.customerTenantId),
        eq(suppliers.id, customers.relationId),
        eq(suppliers.supplierTenantId, me),
      ),
    );

async function supplierScope(q: Queryable, auth: MemberAuth) {
  const scope = await resolveDataScope(q, auth);
  return scopeCondition(scope, {
    owner: customers.ownerId,
    partner: { column: customers.customerTenantId, kind: 'client' },
  });
}

const SORTABLE = { poCode: customers.poCode, poName: customers.poName, createdAt: customers.createdAt };

export async function listCustomers(
  { tx: q, auth, tenantId: me }: RequestContext,
  query: ListQuery,
): Promise<ListResult<CustomerItem>> {
  const f = query.filter ?? {};
  const where = and(
    eq(customers.tenantId, me),
    await supplierScope(q, auth),
    f.keyword
      ? or(
          ilike(customers.poCode, escapeLike(f.keyword)),
          ilike(customers.poName, escapeLike(f.keyword)),
          ilike(customers.poShort, escapeLike(f.keyword)),
        )
      : undefined,
    f.relationState !== undefined
      ? sql`coalesce(${suppliers.relationState}, ${RELATION_STATE.INVALID}) = ${f.relationState}`
      : undefined,
  );
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    selectCustomers(q, me)
      .where(where)
      .orderBy(...orderBy(query.orderParam, SORTABLE, [customers.createdAt, 'desc']), desc(customers.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(customers)
      .leftJoin(
        suppliers,
        and(
          eq(suppliers.tenantId, customers.customerTenantId),
          eq(suppliers.id, customers.relationId),
          eq(suppliers.supplierTenantId, me),
        ),
      )
      .where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export function getCustomer({ tx, auth }: RequestContext, id: string): Promise<CustomerDetail> {
  return loadCustomer(tx, auth, id);
}

/** A customer row of the caller's own enterprise, within its data scope; anything else is 404. */
async function loadCustomer(q: Queryable, auth: MemberAuth, id: string): Promise<CustomerDetail> {
  const me = auth.tenantId;
  const [row] = await selectCustomers(q, me)
    .where(and(eq(customers.tenantId, me), eq(customers.id, id), await supplierScope(q, auth)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  // The buyer's archive row of this relation, read through the partner view: its code for me, my
  // registration data and a return reason, nothing of the buyer's own notes.
  const [relation] = await q
    .select({
      supCode: suppliers.supCode,
      chkState: suppliers.chkState,
      auditDescription: suppliers.auditDescription,
      registration: suppliers.registration,
    })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.tenantId, row.customerTenantId),
        eq(suppliers.id, row.relationId),
        eq(suppliers.supplierTenantId, me),
      ),
    );
  return {
    ...row,
    supCode: relation?.supCode ?? '',
    auditDescription: relation ? partnerAuditNote(relation) : '',
    registration: (relation?.registration ?? {}) as Partial<SupplierRegistration>,
  };
}

/** PUT /gateway/srm/customers/:id: the supplier's own names for its customer; only its own rows exist for it. */
export async function updateCustomer(
  { tx: q, auth, tenantId: me }: RequestContext,
  id: string,
  input: UpdateInput,
): Promise<CustomerDetail> {
  const before = await loadCustomer(q, auth, id);
  const next = { poCode: input.poCode, poName: input.poName, poShort: input.poShort, remarks: input.remarks };
  const [updated] = await q
    .update(customers)
    .set({ ...next, version: sql`${customers.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(customers.tenantId, me), eq(customers.id, id), eq(customers.version, input.version)))
    .returning({ id: customers.id });
  if (!updated) throw new AppError('CONFLICT');
  const changes = summarizeChanges({ ...before }, next);
  if (changes) {
    await recordOperation(q, actorOf(auth), {
      type: OPERATION_TYPE.UPDATE,
      module: CUSTOMERS_MODULE,
      targetId: id,
      summary: text('suppliers.customerUpdated', { poCode: next.poCode, changes }),
    });
  }
  return loadCustomer(q, auth, id);
}

async function invitedBuyer(q: Queryable, compNo: string) {
  const [buyer] = await q.select().from(enterprises).where(eq(enterprises.compNo, compNo)).limit(1);
  if (!buyer) throw new AppError('ENTERPRISE_NOT_FOUND');
  return buyer;
}

/**
 * The invite code of `POST /gateway/srm/customers/invite`, checked and throttled by `checkInviteCode` as
 * joining an enterprise is, before the step's transaction opens: a wrong guess is counted even though
 * the request then fails.
 */
export async function checkCustomerInviteCode(s: Services, ctx: SignedInContext, input: InviteInput): Promise<void> {
  const buyer = await invitedBuyer(ctx.db, input.compNo);
  await checkInviteCode(s, buyer, ctx.auth.userId, input.inviteCode, ctx.log);
}

/**
 * The supplier asks a customer, identified by its enterprise number and its (already checked) invite
 * code, to list it as a supplier. The buyer-side archive row is written in the buyer's tenant as a
 * system step, TO_BE_REVIEWED with the registration data, together with the supplier's customer row.
 */
export async function inviteCustomer(ctx: RequestContext, input: InviteInput): Promise<CustomerDetail> {
  const { tx, auth, tenantId: me } = ctx;
  const buyer = await invitedBuyer(tx, input.compNo);
  if (buyer.id === me) throw new AppError('PARTNER_IS_SELF');
  const mine = await enterpriseOf(tx, me);
  const user = await userContact(tx, auth.userId);
  const registration = input.registration ?? registrationFromEnterprise(mine, user);

  const [known] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, me), eq(customers.customerTenantId, buyer.id)))
    .limit(1);
  if (known) throw new AppError('SUPPLIER_ALREADY_RELATED');
  await switchTenant(tx, buyer.id);
  const [related] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, buyer.id), eq(suppliers.supplierTenantId, me)))
    .limit(1);
  if (related) throw new AppError('SUPPLIER_ALREADY_RELATED');
  const supplierId = newId();
  const supCode = await nextCode(tx, 'supplier', buyer.id);
  await tx.insert(suppliers).values({
    tenantId: buyer.id,
    id: supplierId,
    supplierTenantId: me,
    supCode,
    supName: mine.name,
    supShort: mine.shortName,
    inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED,
    chkState: CHK_STATE.PENDING,
    relationState: RELATION_STATE.INVALID,
    receiverName: user?.name ?? auth.username,
    adminMobileArea: user?.mobileArea ?? '+86',
    adminMobile: user?.mobile ?? '',
    contactEmail: user?.email ?? '',
    registration,
    invitationDate: new Date().toISOString(),
  });
  await addPrimaryContact(
    tx,
    { tenantId: buyer.id, id: supplierId, supplierTenantId: me },
    {
      name: user?.name || auth.username,
      position: '',
      mobile: user?.mobile ?? '',
      email: user?.email ?? '',
      weChatNumber: '',
      connectFax: '',
    },
  );
  await recordOperation(tx, foreignActor(auth, buyer.id, displayName(mine)), {
    type: OPERATION_TYPE.ADD,
    module: SUPPLIERS_MODULE,
    targetId: supplierId,
    summary: text('suppliers.askedToJoin', { supName: mine.name }),
  });
  await switchTenant(tx, me);
  const customerId = await upsertCustomerRow(tx, auth, buyer, supplierId);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.ADD,
    module: CUSTOMERS_MODULE,
    targetId: customerId,
    summary: text('suppliers.customerInvited', { name: buyer.name, compNo: buyer.compNo }),
  });
  ctx.afterCommit(() =>
    tellParty(ctx.tell, 'system', [
      {
        tenantId: buyer.id,
        title: text('suppliers.askedToJoinTitle', { party: displayName(mine) }),
        content: text('suppliers.askedToJoinContent', { name: mine.name }),
        link: '/supplier/supfile',
      },
    ]),
  );
  return loadCustomer(tx, auth, customerId);
}
