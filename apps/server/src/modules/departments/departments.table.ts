import { date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, updatedAt, version } from '../../db/columns.ts';

/** Tenant: the department tree (spec §3 department). Codes are unique per enterprise, not globally (T-10). */
export const departments = pgTable(
  'departments',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    deptNo: text('dept_no').notNull(),
    deptCode: text('dept_code').notNull(),
    deptName: text('dept_name').notNull(),
    parentId: bigId('parent_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    stopDd: date('stop_dd', { mode: 'string' }),
    roleDescription: text('role_description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('departments_code_uq').on(t.tenantId, t.deptCode),
    uniqueIndex('departments_no_uq').on(t.tenantId, t.deptNo),
    index('departments_parent_idx').on(t.tenantId, t.parentId),
  ],
);
