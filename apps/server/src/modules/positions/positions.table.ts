import { boolean, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tenantIdColumn, updatedAt, version } from '../../db/columns.ts';

/**
 * Tenant: a position (spec §3): permission codes, the data permission type with its custom
 * departments (types 4 and 5), and the flags of spec §6. Codes are unique per enterprise (T-10).
 */
export const positions = pgTable(
  'positions',
  {
    tenantId: tenantIdColumn(),
    id: bigId('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    deptId: bigId('dept_id'),
    superiorId: bigId('superior_id'),
    dataPermission: integer('data_permission').notNull().default(0),
    customDeptIds: jsonb('custom_dept_ids').$type<string[]>().notNull().default([]),
    showPrice: boolean('show_price').notNull().default(true),
    acrossUser: boolean('across_user').notNull().default(true),
    checkIp: boolean('check_ip').notNull().default(false),
    allowedIps: jsonb('allowed_ips').$type<string[]>().notNull().default([]),
    showSupplier: boolean('show_supplier').notNull().default(true),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('positions_code_uq').on(t.tenantId, t.code)],
);

/** Tenant: the enterprise-wide access settings of spec §6, one row per enterprise. */
export const orgSettings = pgTable('org_settings', {
  tenantId: tenantIdColumn().primaryKey(),
  privateBusinessData: boolean('private_business_data').notNull().default(false),
  tradingPartnerRestriction: boolean('trading_partner_restriction').notNull().default(false),
  superiorSeesSubordinates: boolean('superior_sees_subordinates').notNull().default(true),
  updatedAt: updatedAt(),
  version: version(),
});
