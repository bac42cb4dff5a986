import { compareDecimals, lineAmount } from '@concord/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase } from './helpers.ts';

/**
 * The shared money module against PostgreSQL (issue 16 "Proof"): round(qty × price, n) computed by
 * `lineAmount` and by `round(numeric, n)` must be the same text for every generated case. A million cases
 * on PostgreSQL (`npm run test:pg`), fewer on the embedded database, which is slower per row.
 */

const CASES = process.env.TEST_DATABASE_URL ? 1_000_000 : 50_000;
const BATCH = 25_000;

/** A decimal of up to `whole` integer digits and `places` fraction digits, as the forms send it. */
const decimalText = (whole: number, places: number) =>
  fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(whole) - 1n }),
      fc.integer({ min: 0, max: places }),
      fc.bigInt({ min: 0n, max: 10n ** BigInt(places) - 1n }),
    )
    .map(([negative, w, p, f]) => {
      const fraction = p === 0 ? '' : `.${String(f).padStart(places, '0').slice(0, p)}`;
      return `${negative && (w > 0n || f > 0n) ? '-' : ''}${w}${fraction}`;
    });

const line = fc.record({ qty: decimalText(7, 6), price: decimalText(7, 6), places: fc.integer({ min: 0, max: 6 }) });

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('lineAmount and PostgreSQL round(qty * price, n)', () => {
  it(`agree on ${CASES.toLocaleString('en-US')} generated lines`, { timeout: 600_000 }, async () => {
    let differences = 0;
    const examples: string[] = [];
    for (let done = 0; done < CASES; done += BATCH) {
      const cases = fc.sample(line, { numRuns: Math.min(BATCH, CASES - done), seed: 20261126 + done });
      const tuples = JSON.stringify(cases.map((c) => [c.qty, c.price, c.places]));
      const rows = await database.db.execute<{ amount: string }>(
        sql`select round((c->>0)::numeric * (c->>1)::numeric, (c->>2)::int)::text as amount
              from json_array_elements(${tuples}::json) with ordinality as t(c, i)
             order by i`,
      );
      rows.rows.forEach((row, i) => {
        const c = cases[i]!;
        const ours = lineAmount(c.qty, c.price, c.places);
        if (compareDecimals(ours, row.amount) !== 0) {
          differences += 1;
          if (examples.length < 5) examples.push(`${c.qty} × ${c.price} @${c.places}: ${ours} ≠ ${row.amount}`);
        }
      });
    }
    console.info(`money: ${CASES} cases, ${differences} differences`);
    expect(examples).toEqual([]);
    expect(differences).toBe(0);
  });
});
