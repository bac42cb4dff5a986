import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

/**
 * Tenant: a person's employment in one enterprise (spec §3 employee). `userId` is null while an
 * invitation to someone not yet registered is open; `status` follows the invitation statuses of
 * spec §4 and is mirrored in `memberships`, which is what token resolution reads.
 */
export const employees = pgTable(
  'employees',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    userId: bigId('user_id'),
    name: text('name').notNull().default(''),
    mobileArea: text('mobile_area').notNull().default('+86'),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    erpCode: text('erp_code').notNull().default(''),
    erpName: text('erp_name').notNull().default(''),
    deptId: bigId('dept_id'),
    platformNo: text('platform_no').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    status: integer('status').notNull(),
    activePositionId: bigId('active_position_id'),
    invitedBy: bigId('invited_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('employees_user_uq').on(t.tenantId, t.userId).where(sql`user_id is not null`),
    index('employees_dept_idx').on(t.tenantId, t.deptId),
  ],
);

/** Tenant: positions held by an employee; one of them is the active one. */
export const employeePositions = pgTable(
  'employee_positions',
  {
    tenantId: tenantIdColumn(),
    employeeId: bigId('employee_id').notNull(),
    positionId: bigId('position_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.employeeId, t.positionId] }),
    index('employee_positions_position_idx').on(t.tenantId, t.positionId),
  ],
);

/** Tenant: which trading partners' documents an employee may see, as supplier or as client (spec §3). */
export const employeePartners = pgTable(
  'employee_partners',
  {
    tenantId: tenantIdColumn(),
    employeeId: bigId('employee_id').notNull(),
    partnerTenantId: bigId('partner_tenant_id').notNull(),
    kind: text('kind').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.employeeId, t.partnerTenantId, t.kind] })],
);

/**
 * Global: an open invitation, found by the invitee before they belong to the enterprise (by the
 * link's token, or by their verified mobile or e-mail). Like `memberships` it is read before any
 * tenant context exists, so it names its enterprise `enterprise_id` and sits outside RLS; it holds no
 * business data beyond the contact it was sent to.
 */
export const employeeInvitations = pgTable(
  'employee_invitations',
  {
    id: bigId('id').primaryKey(),
    enterpriseId: bigId('enterprise_id').notNull(),
    employeeId: bigId('employee_id').notNull(),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('employee_invitations_token_uq').on(t.tokenHash),
    index('employee_invitations_mobile_idx').on(t.mobile),
    index('employee_invitations_email_idx').on(t.email),
  ],
);
