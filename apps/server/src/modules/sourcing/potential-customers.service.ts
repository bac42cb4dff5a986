import {
  type ListResult,
  type PotentialCustomer,
  type PotentialCustomerDetail,
  partnerAuditNote,
  type potentialCustomerListSchema,
  SUPPLIER_INVITE_STATE,
} from '@concord/shared';
import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { enterprises, suppliers } from '../../db/schema.ts';
import type { MemberAuth, RequestContext } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { escapeLike } from '../../platform/documents.ts';
import { AppError } from '../../platform/errors.ts';
import { pageOf } from '../../platform/paging.ts';
import { enterpriseName } from '../enterprises/enterprises.names.ts';

type ListQuery = z.infer<typeof potentialCustomerListSchema>;

/** Invited, not a customer yet: waiting for my registration data, or for the buyer's review of it. */
const OPEN_STATES = [SUPPLIER_INVITE_STATE.IN_PROGRESS, SUPPLIER_INVITE_STATE.TO_BE_REVIEWED];

const columns = {
  id: suppliers.id,
  customerTenantId: suppliers.tenantId,
  customerName: enterpriseName,
  compNo: enterprises.compNo,
  industry: enterprises.industry,
  scale: enterprises.scale,
  inviteState: suppliers.inviteState,
  chkState: suppliers.chkState,
  receiverName: suppliers.receiverName,
  invitationDate: suppliers.invitationDate,
};

/**
 * The buyer's archive rows that name my enterprise are readable by it (two-party RLS through
 * supplier_tenant_id); the buyer's public enterprise profile comes with them. With the trading-partner
 * restriction only the customers assigned to the caller are listed.
 */
async function whereOf(q: Queryable, auth: MemberAuth, keyword?: string) {
  const scope = await resolveDataScope(q, auth);
  return and(
    eq(suppliers.supplierTenantId, auth.tenantId),
    inArray(suppliers.inviteState, OPEN_STATES),
    scopeCondition(
      { ...scope, all: true },
      { owner: suppliers.id, partner: { column: suppliers.tenantId, kind: 'client' } },
    ),
    keyword
      ? or(
          ilike(enterprises.name, escapeLike(keyword)),
          ilike(enterprises.shortName, escapeLike(keyword)),
          ilike(enterprises.compNo, escapeLike(keyword)),
        )
      : undefined,
  );
}

export async function listPotentialCustomers(
  { tx: q, auth }: RequestContext,
  query: ListQuery,
): Promise<ListResult<PotentialCustomer>> {
  const where = await whereOf(q, auth, query.filter?.keyword);
  const page = pageOf(query.pageParam);
  const [rows, [{ total }]] = await Promise.all([
    q
      .select(columns)
      .from(suppliers)
      .innerJoin(enterprises, eq(enterprises.id, suppliers.tenantId))
      .where(where)
      .orderBy(desc(suppliers.invitationDate), desc(suppliers.id))
      .limit(page.limit)
      .offset(page.offset),
    q
      .select({ total: count() })
      .from(suppliers)
      .innerJoin(enterprises, eq(enterprises.id, suppliers.tenantId))
      .where(where),
  ]);
  return { dataList: rows, totalCount: total };
}

export async function getPotentialCustomer(
  { tx: q, auth }: RequestContext,
  id: string,
): Promise<PotentialCustomerDetail> {
  const [row] = await q
    .select({
      ...columns,
      fullName: enterprises.name,
      profile: enterprises.profile,
      divisions: enterprises.divisions,
      auditDescription: suppliers.auditDescription,
    })
    .from(suppliers)
    .innerJoin(enterprises, eq(enterprises.id, suppliers.tenantId))
    .where(and(await whereOf(q, auth), eq(suppliers.id, id)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...row, auditDescription: partnerAuditNote(row) };
}
