import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import type { MemberAuth } from '../../platform/context.ts';
import { resolveDataScope, scopeCondition } from '../../platform/data-scope.ts';
import { requireAny } from '../../platform/documents.ts';
import { inquiries } from './inquiries.table.ts';

/*
 * What the inquiry files and the quotations built on them share: the permission, which inquiries a
 * buyer may see, finding one, the log module and the links of the notes.
 */

export const INQUIRY_PERMISSION = 'PR_ION';
export const INQUIRY_MODULE = 'inquiries';

export type InquiryRow = typeof inquiries.$inferSelect;

export const buyerInquiryLink = (id: string) => `/prdiversion/inquirynote/detail?id=${id}`;

/** The caller's inquiries within its data scope (an inquiry is the buyer's alone). */
export async function inquiryScope(q: Queryable, auth: MemberAuth) {
  const scope = await resolveDataScope(q, auth);
  return and(
    eq(inquiries.tenantId, auth.tenantId),
    scopeCondition(scope, { owner: inquiries.ownerId, dept: inquiries.deptId }),
  );
}

/**
 * The inquiry as its buyer sees it; null when it is not one of the caller's enterprise or out of its
 * data scope (the route answers 404, alike for a missing id and another enterprise's, T-01).
 */
export async function findInquiry(q: Queryable, auth: MemberAuth, id: string): Promise<InquiryRow | null> {
  const [row] = await q
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.id, id), await inquiryScope(q, auth)))
    .limit(1);
  if (!row) return null;
  requireAny(auth, [INQUIRY_PERMISSION]);
  return row;
}
