import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz } from '../db/columns.ts';

/**
 * Global: who may read an upload. Until it is attached only its uploader reads it; once attached, the
 * owning enterprise and the partner of the document it belongs to do. Not named `tenant_id`: a partner
 * reads the row outside the owner's policies, so access is decided in `platform/files.ts` instead.
 */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    name: text('name').notNull().default(''),
    ownerTenantId: bigId('owner_tenant_id'),
    partnerTenantId: bigId('partner_tenant_id'),
    uploaderId: bigId('uploader_id'),
    /** The table and row of the document the file belongs to, once attached. */
    documentType: text('document_type'),
    documentId: bigId('document_id'),
    createdAt: createdAt(),
    attachedAt: tstz('attached_at'),
  },
  (t) => [
    index('files_document_idx').on(t.documentType, t.documentId),
    index('files_uploader_idx').on(t.uploaderId, t.createdAt),
  ],
);
