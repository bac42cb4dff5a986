import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

/**
 * Two-party (buyer-owned): the buyer's archive of one supplier and the relationship between the two
 * enterprises. `supplierTenantId` is null while the supplier is not on the network yet and is filled
 * in when it joins; from then on the supplier reads the row (RLS) but writes only its own side.
 * The many descriptive archive fields of spec §3 live in `archive`, validated by the shared schema.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    supplierTenantId: bigId('supplier_tenant_id'),
    supCode: text('sup_code').notNull(),
    supName: text('sup_name').notNull(),
    supShort: text('sup_short').notNull().default(''),
    supplierClassId: bigId('supplier_class_id'),
    inviteState: integer('invite_state').notNull().default(0),
    chkState: integer('chk_state').notNull().default(0),
    syncState: integer('sync_state').notNull().default(0),
    relationState: integer('relation_state').notNull().default(0),
    pgState: integer('pg_state').notNull().default(0),
    lifeCycle: text('life_cycle').notNull().default(''),
    receiverName: text('receiver_name').notNull().default(''),
    adminMobileArea: text('admin_mobile_area').notNull().default('+86'),
    adminMobile: text('admin_mobile').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    archive: jsonb('archive').$type<Record<string, unknown>>().notNull().default({}),
    /** Registration data the supplier filled in when accepting, shown to the buyer for review. */
    registration: jsonb('registration').$type<Record<string, unknown>>().notNull().default({}),
    invitationDate: tstz('invitation_date'),
    auditDate: tstz('audit_date'),
    auditDescription: text('audit_description').notNull().default(''),
    joinDate: tstz('join_date'),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('suppliers_code_uq').on(t.tenantId, t.supCode),
    uniqueIndex('suppliers_partner_uq').on(t.tenantId, t.supplierTenantId).where(sql`supplier_tenant_id is not null`),
    index('suppliers_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/** Two-party (buyer-owned): contacts of a supplier; the supplier maintains its own. */
export const supplierContacts = pgTable(
  'supplier_contacts',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    name: text('name').notNull(),
    position: text('position').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    weChatNumber: text('we_chat_number').notNull().default(''),
    connectFax: text('connect_fax').notNull().default(''),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('supplier_contacts_supplier_idx').on(t.tenantId, t.supplierId),
    index('supplier_contacts_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);

/** Tenant (buyer): supplier classes (spec §3: code, name, buyer, group control). */
export const supplierClasses = pgTable(
  'supplier_classes',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    buyerUserId: bigId('buyer_user_id'),
    groupControl: boolean('group_control').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('supplier_classes_code_uq').on(t.tenantId, t.code)],
);

/**
 * Tenant (supplier-owned): the supplier's private archive of one customer (poCode, poName, poShort).
 * `customerTenantId` names the buyer without making the row readable by it.
 */
export const customers = pgTable(
  'customers',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    customerTenantId: bigId('customer_tenant_id').notNull(),
    /** The buyer-side `suppliers.id` of the same relationship. */
    relationId: bigId('relation_id').notNull(),
    poCode: text('po_code').notNull().default(''),
    poName: text('po_name').notNull(),
    poShort: text('po_short').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    ownerId: bigId('owner_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('customers_partner_uq').on(t.tenantId, t.customerTenantId),
  ],
);

/**
 * Global: an invitation to a company not yet on the network, found by its link's token before the
 * invitee has an enterprise (like `employee_invitations`). Holds only the contact and a token hash.
 */
export const partnerInvitations = pgTable(
  'partner_invitations',
  {
    id: bigId('id').primaryKey(),
    enterpriseId: bigId('enterprise_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    acceptedAt: tstz('accepted_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('partner_invitations_token_uq').on(t.tokenHash)],
);

/** Tenant (buyer): the prospect pool (spec §2 /purchase/sourcing) before a prospect is invited. */
export const potentialSuppliers = pgTable(
  'potential_suppliers',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    contactName: text('contact_name').notNull().default(''),
    mobileArea: text('mobile_area').notNull().default('+86'),
    mobile: text('mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    compNo: text('comp_no').notNull().default(''),
    socialCreditCode: text('social_credit_code').notNull().default(''),
    productDescription: text('product_description').notNull().default(''),
    supplierClassId: bigId('supplier_class_id'),
    requiredQualifications: jsonb('required_qualifications').$type<string[]>().notNull().default([]),
    attachments: jsonb('attachments').$type<{ name: string; url: string }[]>().notNull().default([]),
    auditState: integer('audit_state').notNull().default(0),
    convertedSupplierId: bigId('converted_supplier_id'),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('potential_suppliers_code_uq').on(t.tenantId, t.code),
  ],
);

/** Tenant (buyer): audits of a prospect (spec §2 /purchase/supplier-audit) with their result. */
export const supplierAudits = pgTable(
  'supplier_audits',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    potentialSupplierId: bigId('potential_supplier_id').notNull(),
    result: text('result').notNull(),
    score: integer('score'),
    comment: text('comment').notNull().default(''),
    attachments: jsonb('attachments').$type<{ name: string; url: string }[]>().notNull().default([]),
    auditorId: bigId('auditor_id').notNull(),
    auditedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('supplier_audits_prospect_idx').on(t.tenantId, t.potentialSupplierId),
  ],
);
