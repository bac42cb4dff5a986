import type { InquiryDetail, QuotationDetail } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTenantTx } from '../src/platform/context.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';
import { bearer, readable, SWEEP_EXCLUDED, send } from './security/fixture.ts';
import { type Operation, openApiOperations, requestsFor } from './security/openapi.ts';
import { routeTable } from './security/route-table.ts';

vi.mock('../src/modules.ts', async (importOriginal) =>
  (await import('./security/route-table.ts')).instrumentModules(await importOriginal()),
);

/**
 * Sealed means unreadable (issue 21, QUALITY T-11). A supplier bids a sentinel price; before the
 * inquiry is opened, no response the buyer can get — every read route of the OpenAPI document (lists,
 * details, reports, exports) with the ids of the inquiry, its lines and its quotations — carries it,
 * and the application role in the buyer's tenant finds it in no table at all. After opening it is in
 * the buyer's comparison rows, and only there.
 */
const SENTINEL = '987654.321';
const leaks = (text: string) => /987654[.,]?32/.test(text);

let t: TestContext;
let buyerToken: string;
let buyer: Caller;
let supplier: Caller;
let operations: Operation[];
let inquiry: InquiryDetail;
let huaxin: string;
let precision: string;
let probeIds: string[];

/** Every table of the schema, global ones included: a leak could hide in a queue or a key store. */
async function tablesWithSentinel(tenantId: string): Promise<string[]> {
  const db = t.database.db;
  const tables = (
    await db.execute<{ table_name: string }>(sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`)
  ).rows.map((r) => r.table_name);
  return inTenantTx(db, tenantId, async (tx) => {
    const found: string[] = [];
    for (const table of tables) {
      const { rows } = await tx.execute(sql.raw(`select * from "${table}"`));
      if (leaks(JSON.stringify(rows))) found.push(table);
    }
    return found;
  });
}

/** The buyer's response to every read route, with each probe id: the labels of those carrying the sentinel. */
async function buyerResponsesWithSentinel(): Promise<{ hits: string[]; probes: number }> {
  const reads = operations.filter(
    (op) =>
      !SWEEP_EXCLUDED.has(`${op.method} ${op.path}`) &&
      (op.method === 'GET' ||
        (op.method === 'POST' && (op.path.endsWith('/list') || op.path.startsWith('/gateway/srm/reports/')))),
  );
  const hits: string[] = [];
  let probes = 0;
  for (const op of reads) {
    const ids = op.pathParams.length ? probeIds : [''];
    const requests = ids.flatMap((id) => requestsFor(op, id));
    for (const req of requests) {
      probes++;
      const res = await send(t.app, req, { ...bearer(buyerToken), 'accept-language': 'en-US' });
      if (leaks(readable(res))) hits.push(`${req.method} ${req.url}`);
    }
  }
  return { hits, probes };
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  supplier = as(t.app, await login(t.app, 'supplier'));
  const supplier2 = as(t.app, await login(t.app, 'supplier2'));
  operations = await openApiOperations(t.app, routeTable(t.app));
  const db = t.database.db;
  const one = async (q: ReturnType<typeof sql>) => String((await db.execute<{ id: string }>(q)).rows[0]!.id);
  huaxin = await one(sql`select id from enterprises where comp_no = '20260001'`);
  precision = await one(sql`select id from enterprises where comp_no = '20260002'`);
  const supplierId = (code: string) =>
    one(sql`select id from suppliers where tenant_id = ${huaxin} and sup_code = ${code}`);
  const material = (code: string) =>
    one(sql`select id from materials where tenant_id = ${huaxin} and prdt_no = ${code}`);
  const S1 = await supplierId('S00001');
  const S2 = await supplierId('S00002');
  const created = await buyer.post('/gateway/srm/inquiries', {
    title: 'Sealed probe',
    supplierIds: [S1, S2],
    quoteDeadline: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    lines: [
      { materialId: await material('AL-HS-50'), qty: '100', requiredDate: '2027-02-01', targetPrice: '3' },
      { materialId: await material('SM-BRKT-01'), qty: '50', requiredDate: '2027-02-01' },
    ],
  });
  const id = created.json().data.id as string;
  inquiry = (await buyer.post(`/gateway/srm/inquiries/${id}/actions/publish`, {})).json().data;
  const quotationOf = (s: string) => inquiry.quotations.find((q) => q.supplierId === s)!.id;
  for (const [caller, s, price] of [
    [supplier, S1, '987654.3210'],
    [supplier2, S2, '4.5'],
  ] as const) {
    const q = (await caller.get(`/gateway/srm/quotations/${quotationOf(s)}`)).json().data as QuotationDetail;
    const res = await caller.post(`/gateway/srm/quotations/${q.id}/actions/submit`, {
      lines: q.lines.map((l) => ({
        lineId: l.id,
        unitPrice: price,
        taxRate: '13',
        priceBreaks: [{ minQty: '10', price }],
        remark: `bid ${price}`,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const lineIds = (
    await db.execute<{ id: string }>(sql`select id::text from quotation_lines where tenant_id = ${huaxin}
      and quotation_id in (select id from quotations where inquiry_id = ${id})`)
  ).rows.map((r) => r.id);
  probeIds = [id, ...inquiry.quotations.map((q) => q.id), ...inquiry.lines.map((l) => l.id), ...lineIds, huaxin];
});
afterAll(() => t.close());

describe('T-11 sealed bids', () => {
  it('are there: the bidder reads its own sentinel bid', async () => {
    const own = await supplier.get(`/gateway/srm/quotations/${inquiry.quotations[0]!.id}`);
    expect(own.body).toContain(SENTINEL);
  });

  it('reach no buyer response before opening: every read route with every id of the inquiry', async () => {
    const { hits, probes } = await buyerResponsesWithSentinel();
    expect(hits).toEqual([]);
    expect(probes).toBeGreaterThan(200);
    const comparison = await buyer.get(`/gateway/srm/inquiries/${inquiry.id}/comparison`);
    expect(comparison.json().errorCode).toBe('INQUIRY_SEALED');
  });

  it('are in no table the application role reads in the buyer’s tenant; they are in the supplier’s', async () => {
    expect(await tablesWithSentinel(huaxin)).toEqual([]);
    expect(await tablesWithSentinel(precision)).toEqual(['quotation_bids']);
  });

  it('after opening, are found in the comparison rows only', async () => {
    expect((await buyer.post(`/gateway/srm/inquiries/${inquiry.id}/actions/close`, {})).statusCode).toBe(200);
    const opened = await buyer.post(`/gateway/srm/inquiries/${inquiry.id}/actions/open`, {});
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await tablesWithSentinel(huaxin)).toEqual(['quotation_lines']);
    const comparison = await buyer.get(`/gateway/srm/inquiries/${inquiry.id}/comparison`);
    expect(comparison.body).toContain(SENTINEL);
  });
});
