import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, createdAt, tstz } from '../db/columns.ts';

/**
 * Global: background jobs claimed with FOR UPDATE SKIP LOCKED (ARCHITECTURE §6). A job names its
 * tenant inside `payload` and opens its own tenant transaction; `dedupeKey` makes scheduling idempotent.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigId('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    runAt: tstz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: tstz('locked_until'),
    lastError: text('last_error'),
    doneAt: tstz('done_at'),
    deadAt: tstz('dead_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt),
    uniqueIndex('jobs_dedupe_uq').on(t.kind, t.dedupeKey).where(sql`dedupe_key is not null`),
  ],
);
