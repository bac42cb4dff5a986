import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { enterprises } from '../../db/schema.ts';

/** How an enterprise is named to others: its short name, else its full name. */
export const enterpriseName = sql<string>`coalesce(nullif(${enterprises.shortName}, ''), ${enterprises.name})`;

export async function nameOf(q: Queryable, tenantId: string): Promise<string> {
  const [row] = await q.select({ name: enterpriseName }).from(enterprises).where(eq(enterprises.id, tenantId));
  return row?.name ?? '';
}

/** The names of several enterprises, by id. */
export async function namesOf(q: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: enterprises.id, name: enterpriseName })
    .from(enterprises)
    .where(inArray(enterprises.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
