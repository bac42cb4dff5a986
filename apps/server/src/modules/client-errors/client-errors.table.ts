import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { bigId, createdAt } from '../../db/columns.ts';

/**
 * Global: unhandled browser errors reported without an enterprise (the sign-in page, an account that has
 * not joined one). No `tenant_id`, so no enterprise policy and no screen reads them: operators do, in
 * the database. Reports made inside an enterprise go to its operation log instead.
 */
export const clientErrors = pgTable(
  'client_errors',
  {
    id: bigId('id').primaryKey(),
    /** The signed-in account without an enterprise, else null. */
    userId: bigId('user_id'),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    info: text('info').notNull().default(''),
    url: text('url').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('client_errors_time_idx').on(t.createdAt)],
);
