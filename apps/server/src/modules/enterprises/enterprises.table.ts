import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, updatedAt, version } from '../../db/columns.ts';

/** Global: an enterprise is a tenant. Its id is the tenant id of every row it owns. */
export const enterprises = pgTable(
  'enterprises',
  {
    id: bigId('id').primaryKey(),
    compNo: text('comp_no').notNull(),
    inviteCode: text('invite_code').notNull(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    profile: text('profile').notNull().default(''),
    printName: text('print_name').notNull().default(''),
    socialCreditCode: text('social_credit_code').notNull().default(''),
    industry: text('industry').notNull().default(''),
    scale: text('scale').notNull().default(''),
    legalPerson: text('legal_person').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    contractTerms: text('contract_terms').notNull().default(''),
    /** Going past a contract's quantity or amount cap warns instead of refusing (docs/contracts.md). */
    contractCapWarning: boolean('contract_cap_warning').notNull().default(false),
    /** Printed under the enterprise's name on its documents (the order PDF's buyer). */
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** IANA zone its days are counted in: due dates, daily checks, report periods, document numbers. */
    timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
    isDataCentre: boolean('is_data_centre').notNull().default(false),
    subsidiaries: jsonb('subsidiaries').$type<string[]>().notNull().default([]),
    divisions: jsonb('divisions').$type<string[]>().notNull().default([]),
    rankTypes: jsonb('rank_types').$type<string[]>().notNull().default(['first', 'middle', 'last']),
    createdBy: bigId('created_by').notNull(),
    /**
     * Grows with every change to the enterprise's employees, their positions and the positions
     * themselves (triggers, migration 0006): a member's cached grant is good while it is unchanged.
     */
    accessVersion: integer('access_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex('enterprises_comp_no_uq').on(t.compNo)],
);

/**
 * Global: who belongs to which enterprise. It is the tenancy link itself, read before any tenant
 * context exists (sign-in, enterprise switcher), so it sits beside users rather than under RLS.
 */
export const memberships = pgTable(
  'memberships',
  {
    tenantId: bigId('tenant_id').notNull(),
    userId: bigId('user_id').notNull(),
    userType: integer('user_type').notNull().default(2),
    status: integer('status').notNull().default(2),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/** Tenant: capabilities listed on the enterprise information page, with validity and attachments. */
export const enterpriseCapabilities = pgTable(
  'enterprise_capabilities',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    number: text('number').notNull(),
    title: text('title').notNull(),
    remark: text('remark').notNull().default(''),
    validityType: text('validity_type').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    attachments: jsonb('attachments').$type<{ name: string; url: string }[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
