import {
  CHK_STATE,
  type ChkState,
  type IncomingSupplierInvitation,
  OPERATION_TYPE,
  PARTNER_INVITATION_PARAM,
  PARTNER_INVITATION_TTL_DAYS,
  type PartnerInvitationPreview,
  partnerAuditNote,
  RELATION_STATE,
  renderText,
  SUPPLIER_INVITE_STATE,
  type SupplierAcceptResult,
  type SupplierInviteResult,
  type SupplierRegistration,
  type supplierAcceptSchema,
  type supplierInviteSchema,
  text,
} from '@concord/shared';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { customers, enterprises, partnerInvitations, suppliers, users } from '../../db/schema.ts';
import { inTenantTx, type MemberAuth, type RequestContext, switchTenant } from '../../platform/context.ts';
import { actorOf } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { idempotent } from '../../platform/idempotency.ts';
import { newId } from '../../platform/ids.ts';
import type { OutgoingMessage } from '../../platform/mail.ts';
import type { AccountContext } from '../../platform/route.ts';
import type { TellDeps } from '../../platform/services.ts';
import { hashToken, newToken } from '../../platform/tokens.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';
import { tellParty } from '../messages/messages.tell.ts';
import { recordOperation } from '../operation-logs/operation-logs.service.ts';
import {
  addPrimaryContact,
  assertSupCodeFree,
  assertSupplierClass,
  CUSTOMERS_MODULE,
  displayName,
  enterpriseOf,
  foreignActor,
  listContacts,
  loadRelation,
  nextCode,
  SUPPLIERS_MODULE,
  stateOf,
} from './suppliers.service.ts';

type InviteInput = z.infer<typeof supplierInviteSchema>;
type AcceptInput = z.infer<typeof supplierAcceptSchema>;

const TTL_MS = PARTNER_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

const openInvitation = () =>
  and(
    isNull(partnerInvitations.acceptedAt),
    isNull(partnerInvitations.revokedAt),
    gt(partnerInvitations.expiresAt, sql`now()`),
  );

/** The invitation is the record; a failed delivery is logged and the buyer can invite again. */
async function deliver(tell: TellDeps, messages: OutgoingMessage[]) {
  if ('quiet' in tell) return;
  const results = await Promise.allSettled(messages.map((m) => tell.provider.send(m)));
  for (const r of results)
    if (r.status === 'rejected') tell.log.warn({ err: r.reason }, 'partner invitation delivery failed');
}

async function assertNotRelated(q: Queryable, buyerTenantId: string, supplierTenantId: string) {
  const [related] = await q
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.tenantId, buyerTenantId), eq(suppliers.supplierTenantId, supplierTenantId)))
    .limit(1);
  if (related) throw new AppError('SUPPLIER_ALREADY_RELATED');
}

/**
 * POST /gateway/srm/supplier-invitations: invites an enterprise on the network by its number (it sees
 * the invitation at once), or a company not registered yet by mobile or e-mail (it gets a registration
 * link under `publicUrl`). A new archive row is made, or an archive row not invited yet is used.
 */
export async function inviteSupplier(
  ctx: RequestContext,
  input: InviteInput,
  publicUrl: string,
): Promise<SupplierInviteResult> {
  const { tx, auth, tenantId } = ctx;
  return idempotent(tx, ctx.idem, async () => {
    await assertSupplierClass(tx, tenantId, input.supplierClassId);
    const existing = input.supplierId ? (await loadRelation(ctx, input.supplierId)).row : null;
    if (existing && existing.inviteState !== SUPPLIER_INVITE_STATE.NOT_INVITED) {
      throw new AppError('SUPPLIER_STATE_CHANGED');
    }
    const buyer = await enterpriseOf(tx, tenantId);
    let target: { id: string; name: string; shortName: string } | null = null;
    if (input.by === 'compNo') {
      const [found] = await tx
        .select({ id: enterprises.id, name: enterprises.name, shortName: enterprises.shortName })
        .from(enterprises)
        .where(eq(enterprises.compNo, input.compNo))
        .limit(1);
      if (!found) throw new AppError('PARTNER_ENTERPRISE_NOT_FOUND');
      if (found.id === tenantId) throw new AppError('PARTNER_IS_SELF');
      await assertNotRelated(tx, tenantId, found.id);
      target = found;
    }
    const supCode = input.supCode || existing?.supCode || (await nextCode(tx, 'supplier', tenantId));
    await assertSupCodeFree(tx, tenantId, supCode, existing?.id ?? null);
    const contact =
      input.by === 'contact'
        ? { adminMobileArea: input.mobileArea, adminMobile: input.mobile, contactEmail: input.email }
        : {};
    const fields = {
      supCode,
      supplierTenantId: target?.id ?? null,
      ...(target ? { supName: target.name, supShort: existing?.supShort || target.shortName } : {}),
      ...(input.by === 'contact' && !existing ? { supName: input.enterpriseName } : {}),
      ...(input.supplierClassId ? { supplierClassId: input.supplierClassId } : {}),
      receiverName: input.receiverName,
      ...contact,
      inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS,
      chkState: CHK_STATE.PENDING,
      relationState: RELATION_STATE.INVALID,
      invitationDate: new Date().toISOString(),
    };
    const id = existing?.id ?? newId();
    if (existing) {
      const [moved] = await tx
        .update(suppliers)
        .set({ ...fields, version: sql`${suppliers.version} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(suppliers.tenantId, tenantId),
            eq(suppliers.id, id),
            eq(suppliers.inviteState, SUPPLIER_INVITE_STATE.NOT_INVITED),
          ),
        )
        .returning({ id: suppliers.id });
      if (!moved) throw new AppError('SUPPLIER_STATE_CHANGED');
    } else {
      await tx.insert(suppliers).values({
        tenantId,
        id,
        supName: input.by === 'contact' ? input.enterpriseName : target!.name,
        ...fields,
        ownerId: auth.userId,
        deptId: auth.deptId,
      });
    }
    const relation = { tenantId, id, supplierTenantId: target?.id ?? null };
    if ((await listContacts(tx, tenantId, id)).length === 0) {
      await addPrimaryContact(tx, relation, {
        name: input.receiverName,
        position: '',
        mobile: input.by === 'contact' ? input.mobile : '',
        email: input.by === 'contact' ? input.email : '',
        weChatNumber: '',
        connectFax: '',
      });
    }
    if (input.by === 'contact') {
      await tx
        .update(partnerInvitations)
        .set({ revokedAt: new Date().toISOString() })
        .where(
          and(eq(partnerInvitations.enterpriseId, tenantId), eq(partnerInvitations.supplierId, id), openInvitation()),
        );
      const { token, hash } = newToken();
      await tx.insert(partnerInvitations).values({
        id: newId(),
        enterpriseId: tenantId,
        supplierId: id,
        mobile: input.mobile ? `${input.mobileArea}${input.mobile}` : '',
        email: input.email,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + TTL_MS).toISOString(),
      });
      // The company has no account and so no language of its own yet: it reads the inviting user's.
      const party = displayName(buyer);
      const letter = {
        subject: renderText(text('suppliers.invitationSubject', { party }), ctx.locale),
        body: renderText(
          text('suppliers.invitationBody', {
            party,
            receiver: input.receiverName,
            link: `${publicUrl}/profile/index?${PARTNER_INVITATION_PARAM}=${token}`,
            days: PARTNER_INVITATION_TTL_DAYS,
          }),
          ctx.locale,
        ),
      };
      const outgoing: OutgoingMessage[] = [];
      if (input.mobile) outgoing.push({ channel: 'sms', recipient: `${input.mobileArea}${input.mobile}`, ...letter });
      if (input.email) outgoing.push({ channel: 'email', recipient: input.email, ...letter });
      ctx.afterCommit(() => deliver(ctx.tell, outgoing));
    }
    if (target) {
      const invited = target.id;
      const party = displayName(buyer);
      ctx.afterCommit(() =>
        tellParty(ctx.tell, 'system', [
          {
            tenantId: invited,
            title: text('suppliers.invitedTitle', { party }),
            content: text('suppliers.invitedContent', { party }),
            link: '/sale/profile',
          },
        ]),
      );
    }
    await recordOperation(tx, actorOf(auth), {
      type: existing ? OPERATION_TYPE.UPDATE : OPERATION_TYPE.ADD,
      module: SUPPLIERS_MODULE,
      targetId: id,
      summary:
        input.by === 'compNo'
          ? text('suppliers.invitedByNumber', {
              supName: target!.name,
              compNo: input.compNo,
              receiver: input.receiverName,
            })
          : text('suppliers.invitedByContact', {
              supName: input.enterpriseName,
              contact: [input.mobile && `${input.mobileArea}${input.mobile}`, input.email].filter(Boolean).join(' / '),
              receiver: input.receiverName,
            }),
    });
    return { id, supCode, inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS, linkSent: input.by === 'contact' };
  });
}

/** GET /supplier-invitations/incoming: invitations addressed to the caller's enterprise, waiting for its data. */
export async function listIncomingInvitations({ tx, tenantId }: RequestContext): Promise<IncomingSupplierInvitation[]> {
  const rows = await tx
    .select({
      supplierId: suppliers.id,
      buyerTenantId: suppliers.tenantId,
      buyerName: enterpriseName,
      buyerCompNo: enterprises.compNo,
      supName: suppliers.supName,
      receiverName: suppliers.receiverName,
      chkState: stateOf<ChkState>(suppliers.chkState),
      auditDescription: suppliers.auditDescription,
      invitationDate: suppliers.invitationDate,
      registration: suppliers.registration,
      version: suppliers.version,
    })
    .from(suppliers)
    .innerJoin(enterprises, eq(enterprises.id, suppliers.tenantId))
    .where(and(eq(suppliers.supplierTenantId, tenantId), eq(suppliers.inviteState, SUPPLIER_INVITE_STATE.IN_PROGRESS)))
    .orderBy(desc(suppliers.invitationDate));
  return rows.map((r) => ({
    ...r,
    auditDescription: partnerAuditNote(r),
    registration: r.registration as Partial<SupplierRegistration>,
  }));
}

async function findOpenInvitation(q: Queryable, token: string) {
  const [row] = await q
    .select({
      id: partnerInvitations.id,
      enterpriseId: partnerInvitations.enterpriseId,
      supplierId: partnerInvitations.supplierId,
      expiresAt: partnerInvitations.expiresAt,
    })
    .from(partnerInvitations)
    .where(and(eq(partnerInvitations.tokenHash, hashToken(token)), openInvitation()))
    .limit(1);
  if (!row) throw new AppError('PARTNER_INVITATION_INVALID');
  return row;
}

/**
 * POST /supplier-invitations/preview: what a link invitation is for, before the invitee accepts it. The
 * invitee may have no enterprise yet: an account-level step, reading the buyer's row in the buyer's context.
 */
export async function previewPartnerInvitation(
  { db }: AccountContext,
  token: string,
): Promise<PartnerInvitationPreview> {
  const invitation = await findOpenInvitation(db, token);
  const buyer = await enterpriseOf(db, invitation.enterpriseId);
  const [row] = await inTenantTx(db, invitation.enterpriseId, (tx) =>
    tx
      .select({ supName: suppliers.supName, receiverName: suppliers.receiverName })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, invitation.enterpriseId), eq(suppliers.id, invitation.supplierId))),
  );
  if (!row) throw new AppError('PARTNER_INVITATION_INVALID');
  return {
    buyerName: displayName(buyer),
    buyerCompNo: buyer.compNo,
    enterpriseName: row.supName,
    receiverName: row.receiverName,
    expiresAt: invitation.expiresAt,
  };
}

/**
 * Writes the supplier side of a relation that has just been accepted: the supplier's own customer
 * archive row for the buyer. Runs in the supplier's tenant context.
 */
export async function upsertCustomerRow(
  tx: Queryable,
  auth: MemberAuth,
  buyer: { id: string; name: string; shortName: string },
  relationId: string,
): Promise<string> {
  const me = auth.tenantId;
  const [existing] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, me), eq(customers.customerTenantId, buyer.id)))
    .limit(1);
  if (existing) {
    await tx
      .update(customers)
      .set({ relationId, version: sql`${customers.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(customers.tenantId, me), eq(customers.id, existing.id)));
    return existing.id;
  }
  const id = newId();
  await tx.insert(customers).values({
    tenantId: me,
    id,
    customerTenantId: buyer.id,
    relationId,
    poCode: await nextCode(tx, 'customer', me),
    poName: buyer.name,
    poShort: buyer.shortName,
    ownerId: auth.userId,
  });
  return id;
}

/**
 * POST /supplier-invitations/accept, by the invited enterprise's administrator: by the archive id of an
 * invitation addressed to its enterprise, or by a link's token (which binds the archive to the caller's
 * enterprise). The registration data is submitted for the buyer's review, and the supplier's customer
 * archive gains the buyer — both sides in one transaction.
 */
export async function acceptSupplierInvitation(ctx: RequestContext, input: AcceptInput): Promise<SupplierAcceptResult> {
  const { tx, auth, tenantId: me } = ctx;
  let buyerTenantId: string;
  let supplierId: string;
  let invitationId: string | null = null;
  if (input.token) {
    const invitation = await findOpenInvitation(tx, input.token);
    buyerTenantId = invitation.enterpriseId;
    supplierId = invitation.supplierId;
    invitationId = invitation.id;
    if (buyerTenantId === me) throw new AppError('PARTNER_IS_SELF');
  } else {
    const { side, row } = await loadRelation(ctx, input.supplierId!);
    if (side !== 'supplier') throw new AppError('FORBIDDEN');
    buyerTenantId = row.tenantId;
    supplierId = row.id;
  }
  const buyer = await enterpriseOf(tx, buyerTenantId);
  const mine = await enterpriseOf(tx, me);

  await switchTenant(tx, buyerTenantId);
  if (invitationId) {
    await assertNotRelated(tx, buyerTenantId, me);
    const [claimed] = await tx
      .update(partnerInvitations)
      .set({ acceptedAt: new Date().toISOString() })
      .where(and(eq(partnerInvitations.id, invitationId), openInvitation()))
      .returning({ id: partnerInvitations.id });
    if (!claimed) throw new AppError('PARTNER_INVITATION_INVALID');
  }
  const [moved] = await tx
    .update(suppliers)
    .set({
      supplierTenantId: me,
      inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED,
      chkState: CHK_STATE.PENDING,
      registration: input.registration,
      version: sql`${suppliers.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(suppliers.tenantId, buyerTenantId),
        eq(suppliers.id, supplierId),
        eq(suppliers.inviteState, SUPPLIER_INVITE_STATE.IN_PROGRESS),
        invitationId ? isNull(suppliers.supplierTenantId) : eq(suppliers.supplierTenantId, me),
      ),
    )
    .returning({ ownerId: suppliers.ownerId, supName: suppliers.supName });
  if (!moved) throw new AppError(invitationId ? 'PARTNER_INVITATION_INVALID' : 'SUPPLIER_STATE_CHANGED');
  const relation = { tenantId: buyerTenantId, id: supplierId, supplierTenantId: me };
  if (invitationId) {
    await tx.execute(
      sql`update supplier_contacts set supplier_tenant_id = ${me}
           where tenant_id = ${buyerTenantId} and supplier_id = ${supplierId}`,
    );
  }
  if (input.contact) await addPrimaryContact(tx, relation, input.contact);
  await recordOperation(tx, foreignActor(auth, buyerTenantId, displayName(mine)), {
    type: OPERATION_TYPE.UPDATE,
    module: SUPPLIERS_MODULE,
    targetId: supplierId,
    summary: text('suppliers.invitationAccepted', { supName: mine.name }),
  });
  await switchTenant(tx, me);
  const customerId = await upsertCustomerRow(tx, auth, buyer, supplierId);
  await recordOperation(tx, actorOf(auth), {
    type: OPERATION_TYPE.ADD,
    module: CUSTOMERS_MODULE,
    targetId: customerId,
    summary: text('suppliers.acceptedInvitationOf', { name: buyer.name }),
  });
  ctx.afterCommit(() =>
    tellParty(ctx.tell, 'system', [
      {
        tenantId: buyerTenantId,
        userId: moved.ownerId,
        withAdministrators: true,
        title: text('suppliers.registrationSubmittedTitle', { party: displayName(mine) }),
        content: text('suppliers.registrationSubmittedContent', { name: mine.name }),
        link: `/supplier/supfile/detail?id=${supplierId}`,
      },
    ]),
  );
  return { supplierId, customerId };
}

/** The registration data an enterprise's own information gives, when a customer invitation brings none. */
export function registrationFromEnterprise(
  e: Awaited<ReturnType<typeof enterpriseOf>>,
  user: { name: string; mobile: string | null; email: string | null } | undefined,
): Partial<SupplierRegistration> {
  return {
    fullName: e.name,
    enterpriseAbbreviation: e.shortName,
    socialCreditCode: e.socialCreditCode,
    registeredLegalPerson: e.legalPerson,
    bankName: e.bankName,
    supBankAccount: e.bankAccount,
    productDescription: e.profile,
    supConnectPhone: user?.mobile ?? '',
  };
}

export async function userContact(q: Queryable, userId: string) {
  const [user] = await q
    .select({ name: users.name, mobile: users.mobile, mobileArea: users.mobileArea, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}
