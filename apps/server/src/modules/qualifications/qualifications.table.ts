import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

type FileRef = { name: string; url: string };

/**
 * Tenant (buyer): which documents a supplier class, a supplier or a material requires (spec §3
 * qualification). `scopeType` is 'class' | 'supplier' | 'material' and `scopeId` the id it names.
 */
export const qualificationRequirements = pgTable(
  'qualification_requirements',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    scopeType: text('scope_type').notNull(),
    scopeId: text('scope_id').notNull(),
    fileName: text('file_name').notNull(),
    description: text('description').notNull().default(''),
    fileType: text('file_type').notNull().default(''),
    isNecessary: boolean('is_necessary').notNull().default(true),
    /** '1' | '3' | '5' years, 'long' (long-term) or 'date'. */
    validityType: text('validity_type').notNull().default('1'),
    validDate: date('valid_date', { mode: 'string' }),
    validQuantity: integer('valid_quantity').notNull().default(1),
    templateFile: jsonb('template_file').$type<FileRef | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('qualification_requirements_scope_idx').on(t.tenantId, t.scopeType, t.scopeId),
  ],
);

/**
 * Two-party (buyer-owned): one qualification document requested from one supplier, answered by the
 * supplier with attachments and confirmed (pass/fail) by the buyer. `fileDqDate` null = long-term.
 */
export const qualificationDocuments = pgTable(
  'qualification_documents',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    requirementId: bigId('requirement_id'),
    fileName: text('file_name').notNull(),
    description: text('description').notNull().default(''),
    fileType: text('file_type').notNull().default(''),
    isNecessary: boolean('is_necessary').notNull().default(true),
    validityType: text('validity_type').notNull().default('1'),
    fileDqDate: date('file_dq_date', { mode: 'string' }),
    validQuantity: integer('valid_quantity').notNull().default(1),
    templateFile: jsonb('template_file').$type<FileRef | null>(),
    attachments: jsonb('attachments').$type<FileRef[]>().notNull().default([]),
    fileCode: text('file_code').notNull().default(''),
    documentCode: text('document_code').notNull().default(''),
    buildDate: date('build_date', { mode: 'string' }),
    submitTime: tstz('submit_time'),
    status: integer('status').notNull().default(0),
    result: text('result'),
    resultComment: text('result_comment').notNull().default(''),
    /** The last expiring/expired state the daily job announced, so each is announced once. */
    notifiedStatus: integer('notified_status'),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('qualification_documents_supplier_idx').on(t.tenantId, t.supplierId),
    index('qualification_documents_supplier_tenant_idx').on(t.supplierTenantId),
    index('qualification_documents_due_idx').on(t.status, t.fileDqDate),
  ],
);
