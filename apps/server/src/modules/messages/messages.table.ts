import type { TextRef } from '@concord/shared';
import { boolean, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, tstz } from '../../db/columns.ts';

/** Tenant: an in-app message to one user of the enterprise. */
export const messages = pgTable(
  'messages',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    userId: bigId('user_id').notNull(),
    kind: text('kind').notNull().default('system'),
    /** What happened, as a catalogue text rendered in the reader's language (issue 17). */
    title: jsonb('title').$type<TextRef>().notNull(),
    content: jsonb('content').$type<TextRef>(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('messages_user_idx').on(t.tenantId, t.userId, t.isRead)],
);

/** Tenant: a user's notification preferences in this enterprise. */
export const messageSettings = pgTable(
  'message_settings',
  {
    tenantId: tenantIdColumn(),
    userId: bigId('user_id').notNull(),
    emailEnabled: boolean('email_enabled').notNull().default(false),
    mutedKinds: jsonb('muted_kinds').$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);
