import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from '../db/columns.ts';

/**
 * Global: what several server processes on one database must count or hand out together (issue 19):
 * request counters of the rate-limited routes, and the worker ids of the id generator.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: tstz('reset_at').notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);

export const idWorkers = pgTable('id_workers', {
  workerId: integer('worker_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: tstz('expires_at').notNull(),
});
