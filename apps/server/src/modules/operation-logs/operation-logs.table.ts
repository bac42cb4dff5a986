import type { TextRef } from '@concord/shared';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn } from '../../db/columns.ts';

/** Tenant: who did what, when and from where (operation types of spec §3). */
export const operationLogs = pgTable(
  'operation_logs',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    userId: bigId('user_id'),
    username: text('username').notNull().default(''),
    operationType: integer('operation_type').notNull(),
    module: text('module').notNull(),
    targetId: text('target_id'),
    /** A catalogue text and its parameters (issue 17), rendered for each reader. */
    summary: jsonb('summary').$type<TextRef>().notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('operation_logs_time_idx').on(t.tenantId, t.createdAt)],
);
