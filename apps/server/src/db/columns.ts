import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

/** 64-bit app-made id, carried as a decimal string so JSON never loses precision. */
export const bigId = customType<{ data: string; driverData: string | number | bigint }>({
  dataType: () => 'bigint',
  toDriver: (value) => value,
  fromDriver: (value) => String(value),
});

export const tenantIdColumn = () => bigId('tenant_id').notNull();

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();
export const version = () => integer('version').notNull().default(1);
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });
