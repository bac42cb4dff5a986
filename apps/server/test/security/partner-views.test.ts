import { PRIVATE_PARTNER_RECORDS, SUPPLIER_ARCHIVE_PARTNER_FIELDS } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTenantTx } from '../../src/platform/context.ts';
import { bearer, createSecurityFixture, readable, type SecurityFixture, SWEEP_EXCLUDED, send } from './fixture.ts';
import { type Operation, requestsFor } from './openapi.ts';

vi.mock('../../src/modules.ts', async (importOriginal) =>
  (await import('./route-table.ts')).instrumentModules(await importOriginal()),
);

/**
 * T-14 partner views: the buyer A keeps a private record of its supplier B (the archive row B can
 * read through its supplier_tenant_id, the approved-supplier rows, the supplier class), and B one of
 * A (the customer archive and the material-customer relation). Each side's private fields hold
 * sentinels; every read route of the OpenAPI document is swept as the other party with the ids of
 * those records and of every two-party document between them, and no sentinel may appear.
 */
const BUYER_PRIVATE = 'ZQX-BUYER-PRIVATE';
const SUPPLIER_PRIVATE = 'ZQX-SUPPLIER-PRIVATE';

let f: SecurityFixture;
let relationId: string;
let customerId: string;
let ids: string[];

beforeAll(async () => {
  f = await createSecurityFixture();
  const db = f.t.database.db;
  const a = f.a.tenantId;
  const b = f.b.tenantId;
  const one = async (query: ReturnType<typeof sql>) => (await db.execute<{ id: string }>(query)).rows[0]?.id;
  relationId = (await one(sql`select id::text from suppliers where tenant_id = ${a} and supplier_tenant_id = ${b}`))!;
  customerId = (await one(sql`select id::text from customers where tenant_id = ${b} and customer_tenant_id = ${a}`))!;
  expect(relationId && customerId).toBeTruthy();

  await inTenantTx(db, a, async (tx) => {
    const archive = Object.fromEntries(
      ['ERPOfficialCode', 'validType', 'supTaxCategory', 'supPayCondition', 'supClass1', 'supClass2', 'supClass3']
        .concat(['customerStatus', 'belongArea', 'povincialCity'])
        .map((k) => [k, `${BUYER_PRIVATE}-${k}`]),
    );
    await tx.execute(sql`update suppliers set archive = archive || ${JSON.stringify(archive)}::jsonb,
        life_cycle = ${`${BUYER_PRIVATE}-lifeCycle`}, audit_description = ${`${BUYER_PRIVATE}-note`}
      where tenant_id = ${a} and id = ${relationId}`);
    await tx.execute(sql`update supplier_classes set name = ${`${BUYER_PRIVATE}-class`}, code = 'ZQX-CLS'
      where tenant_id = ${a} and id = (select supplier_class_id from suppliers where tenant_id = ${a} and id = ${relationId})`);
    await tx.execute(sql`update material_suppliers set sup_prdt_spc = ${`${BUYER_PRIVATE}-spec`},
        delivery_type = ${`${BUYER_PRIVATE}-delivery`}
      where tenant_id = ${a} and supplier_id = ${relationId}`);
  });
  await inTenantTx(db, b, async (tx) => {
    await tx.execute(sql`update customers set po_code = ${`${SUPPLIER_PRIVATE}-code`},
        po_short = ${`${SUPPLIER_PRIVATE}-short`}, remarks = ${`${SUPPLIER_PRIVATE}-remarks`}
      where tenant_id = ${b} and id = ${customerId}`);
    await tx.execute(sql`update material_customers set remarks = ${`${SUPPLIER_PRIVATE}-remarks`},
        tax_name = ${`${SUPPLIER_PRIVATE}-tax`}
      where tenant_id = ${b} and customer_id = ${customerId}`);
  });

  // The records above and one row of every two-party table between A and B (the documents that may
  // embed the archive), as the sweeps' path ids.
  const collected = new Set([relationId, customerId]);
  const privateRows = [
    sql`select id::text from material_suppliers where tenant_id = ${a} and supplier_id = ${relationId} limit 1`,
    sql`select supplier_class_id::text as id from suppliers where tenant_id = ${a} and id = ${relationId}`,
    sql`select id::text from material_customers where tenant_id = ${b} and customer_id = ${customerId} limit 1`,
  ];
  for (const query of privateRows) {
    const id = await one(query);
    expect(id, String(query)).toBeTruthy();
    collected.add(id!);
  }
  for (const table of await twoPartyTables()) {
    const id = await one(
      sql`select id::text from ${sql.identifier(table)} where tenant_id = ${a} and supplier_tenant_id = ${b} limit 1`,
    );
    if (id) collected.add(id);
  }
  ids = [...collected];
}, 240_000);
afterAll(() => f.close());

async function twoPartyTables(): Promise<string[]> {
  const rows = await f.t.database.db.execute<{ table_name: string }>(sql`
    select c.table_name from information_schema.columns c
     where c.table_schema = 'public' and c.column_name = 'supplier_tenant_id'
       and exists (select 1 from information_schema.columns i where i.table_schema = 'public'
                    and i.table_name = c.table_name and i.column_name = 'id')
     order by 1`);
  return rows.rows.map((r) => r.table_name);
}

const key = (op: Operation) => `${op.method} ${op.path}`;
const isRead = (op: Operation) => op.method === 'GET' || (op.method === 'POST' && /\/(list|export)$/.test(op.path));
const LIST = { pageParam: { pageNum: 1, pageSize: 100 } };

/** Every reply a token gets from the read routes, the partner records' and documents' ids filled in. */
async function sweep(token: string): Promise<{ label: string; res: LightMyRequestResponse }[]> {
  const out: { label: string; res: LightMyRequestResponse }[] = [];
  for (const op of f.operations.filter((o) => isRead(o) && !SWEEP_EXCLUDED.has(key(o)))) {
    for (const id of op.pathParams.length ? ids : [f.missingId]) {
      const overrides = op.method === 'POST' ? { body: LIST } : {};
      for (const req of requestsFor(op, id, overrides)) {
        out.push({ label: `${req.method} ${req.url}`, res: await send(f.app, req, bearer(token)) });
      }
    }
  }
  return out;
}

const showing = (captured: { label: string; res: LightMyRequestResponse }[], sentinel: string) =>
  captured.filter((c) => readable(c.res).includes(sentinel)).map((c) => c.label);

describe('T-14 partner views', () => {
  it('shows the supplier none of the buyer’s private fields on any read route', async () => {
    const captured = await sweep(f.b.token);
    expect(captured.filter((c) => c.res.statusCode === 200).length).toBeGreaterThan(30);
    expect(showing(captured, BUYER_PRIVATE)).toEqual([]);
    // The sweep did reach the archive row: the supplier read it, as the partner view.
    const own = captured.find((c) => c.label === `GET /gateway/srm/suppliers/${relationId}`);
    expect(own?.res.statusCode).toBe(200);
    const view = own!.res.json().data;
    expect(view.side).toBe('supplier');
    expect(Object.keys(view).sort()).toEqual([...SUPPLIER_ARCHIVE_PARTNER_FIELDS].sort());
    // …and its own private record of the buyer, which it does see.
    expect(showing(captured, SUPPLIER_PRIVATE)).toEqual(
      expect.arrayContaining([`GET /gateway/srm/customers/${customerId}`, 'POST /gateway/srm/customers/list']),
    );
  });

  it('shows the buyer none of the supplier’s private fields on any read route', async () => {
    const captured = await sweep(f.a.token);
    expect(captured.filter((c) => c.res.statusCode === 200).length).toBeGreaterThan(30);
    expect(showing(captured, SUPPLIER_PRIVATE)).toEqual([]);
    expect(showing(captured, `${BUYER_PRIVATE}-ERPOfficialCode`)).toContain(`GET /gateway/srm/suppliers/${relationId}`);
  });

  it('keeps the records without a partner view out of the partner’s reach: no supplier_tenant_id', async () => {
    const twoParty = await twoPartyTables();
    expect(twoParty).toContain('suppliers');
    for (const table of Object.values(PRIVATE_PARTNER_RECORDS)) expect(twoParty, table).not.toContain(table);
  });
});
