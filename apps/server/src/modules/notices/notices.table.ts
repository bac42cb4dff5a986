import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz, updatedAt, version } from '../../db/columns.ts';

type FileRef = { name: string; url: string };

/** Tenant (buyer): a notice to suppliers (spec §2 /supplier/newannounce); content is sanitized HTML. */
export const notices = pgTable(
  'notices',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    noticeNo: text('notice_no').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').$type<FileRef[]>().notNull().default([]),
    needReply: integer('need_reply').notNull().default(0),
    targetClassIds: jsonb('target_class_ids').$type<string[]>().notNull().default([]),
    status: integer('status').notNull().default(0),
    publishedAt: tstz('published_at'),
    ownerId: bigId('owner_id'),
    deptId: bigId('dept_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('notices_no_uq').on(t.tenantId, t.noticeNo)],
);

/** Two-party (buyer-owned): one supplier's copy of a notice, its reading and its reply. */
export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    tenantId: tenantIdColumn(),
    supplierTenantId: bigId('supplier_tenant_id'),
    id: bigId('id').notNull(),
    noticeId: bigId('notice_id').notNull(),
    supplierId: bigId('supplier_id').notNull(),
    status: integer('status').notNull().default(0),
    readAt: tstz('read_at'),
    reply: text('reply').notNull().default(''),
    replyAttachments: jsonb('reply_attachments').$type<FileRef[]>().notNull().default([]),
    repliedAt: tstz('replied_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('notice_recipients_uq').on(t.tenantId, t.noticeId, t.supplierId),
    index('notice_recipients_supplier_tenant_idx').on(t.supplierTenantId),
  ],
);
