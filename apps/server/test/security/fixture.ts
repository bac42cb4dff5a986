import { ALL_PERMISSIONS, DATA_PERMISSION, OPERATION_TYPE, text } from '@concord/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { notifyUsers } from '../../src/modules/messages/messages.service.ts';
import { recordOperation, summarizeChanges } from '../../src/modules/operation-logs/operation-logs.service.ts';
import { inTenantTx } from '../../src/platform/context.ts';
import { newId } from '../../src/platform/ids.ts';
import { as, type Caller, createTestContext, lastCode, login, type TestContext } from '../helpers.ts';
import { type Operation, openApiOperations, type ProbeRequest } from './openapi.ts';
import { createScopedDocs, routeTable } from './route-table.ts';
import { readXlsx } from './xlsx-reader.ts';

/** QUALITY fixture sentinels: found by searching captured responses, a leak needs no interpretation. */
export const PRICE = 7319.4271;
export const SUPPLIER_NAME = 'ZQX-SENTINEL';

/** The price in any rendering a leak could take: full, rounded to 2 or 3 places, with a comma. */
export const leaksPrice = (text: string) => /7319[.,]4(?:271|27|3)?(?!\d)/.test(text) || text.includes('7319.4271');
export const leaksAnything = (text: string) => text.includes(SUPPLIER_NAME) || leaksPrice(text);

export interface Party {
  tenantId: string;
  token: string;
  caller: Caller;
  userId: string;
}

export interface SecurityFixture {
  t: TestContext;
  app: FastifyInstance;
  operations: Operation[];
  /** Buyer tenant A (Huaxin): its administrator and its clerk. */
  a: Party & { clerk: Party; clerkEmployeeId: string; deptIds: Record<string, string> };
  /** Supplier tenant B (Shenzhen Precision). */
  b: Party;
  /** Outsider C: a user who registered and created an enterprise during the test. */
  c: Party;
  anonymous: Caller;
  /** Two ids of every tenant table's rows in A, A's members' user ids and A's own id. */
  idsOfA: string[];
  /** The same with one id per table: what the every-route sweeps probe with. */
  oneIdPerTableOfA: string[];
  /** The fixture documents of A, by owner. */
  docs: { buyerDoc: string; clerkDoc: string; clerkCheapDoc: string };
  /** An id that exists nowhere. */
  missingId: string;
  close(): Promise<void>;
}

const PASSWORD = 'Quartz#Lantern42';

async function registerOutsider(t: TestContext): Promise<{ token: string }> {
  const anon = as(t.app);
  const mobile = '13977770001';
  const code = await anon.get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`);
  if (code.statusCode !== 200) throw new Error(`register code: ${code.body}`);
  const res = await anon.post('/gateway/admin/sysuserinfo/userRegister', {
    username: 'outsider',
    mobileArea: '+86',
    mobile,
    email: 'outsider@example.test',
    code: lastCode(t.sent, `+86${mobile}`),
    password: PASSWORD,
    password2: PASSWORD,
    agreement: true,
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.body}`);
  const token = await login(t.app, 'outsider', PASSWORD);
  const comp = await as(t.app, token).post('/gateway/admin/syscompanyinfo/compRegister', {
    name: 'Outsider Trading Co., Ltd.',
    shortName: 'Outsider Trading',
  });
  if (comp.statusCode !== 200) throw new Error(`compRegister: ${comp.body}`);
  return { token };
}

async function party(app: FastifyInstance, token: string): Promise<Party> {
  const caller = as(app, token);
  const info = (await caller.get('/gateway/admin/user/info')).json().data;
  return { tenantId: info.tenant.id, token, caller, userId: info.sysUser.userId };
}

/** Tenant tables: every public base table with a tenant_id column (what RLS protects). */
export async function tenantTables(t: TestContext): Promise<{ name: string; hasId: boolean }[]> {
  const rows = await t.database.db.execute<{ table_name: string; has_id: boolean }>(sql`
    select c.table_name,
           exists (select 1 from information_schema.columns i
                    where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as has_id
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = 'public' and c.column_name = 'tenant_id' and t.table_type = 'BASE TABLE'
     order by c.table_name`);
  return rows.rows.map((r) => ({ name: r.table_name, hasId: r.has_id }));
}

async function collectIds(
  t: TestContext,
  tenantId: string,
  userIds: string[],
): Promise<{ all: string[]; onePerTable: string[] }> {
  const all = new Set<string>([tenantId, ...userIds]);
  const onePerTable = new Set(all);
  for (const table of await tenantTables(t)) {
    if (!table.hasId) continue;
    const rows = await t.database.db.execute<{ id: string }>(
      sql.raw(`select id::text as id from "${table.name}" where tenant_id = ${BigInt(tenantId)} order by id limit 2`),
    );
    for (const r of rows.rows) all.add(r.id);
    if (rows.rows[0]) onePerTable.add(rows.rows[0].id);
  }
  return { all: [...all], onePerTable: [...onePerTable] };
}

/**
 * The QUALITY fixture on the demo world: A = Huaxin (buyer, clerk), B = the supplier, C = a newly
 * registered outsider; sentinels planted in A wherever a field can hold them.
 */
export async function createSecurityFixture(): Promise<SecurityFixture> {
  const t = await createTestContext();
  const db = t.database.db;
  await createScopedDocs(db);

  const a = await party(t.app, await login(t.app, 'buyer'));
  const clerk = await party(t.app, await login(t.app, 'buyer.clerk'));
  const b = await party(t.app, await login(t.app, 'supplier'));
  const c = await party(t.app, (await registerOutsider(t)).token);

  const current = (await a.caller.get('/gateway/srm/enterprise')).json().data;
  const saved = await a.caller.put('/gateway/srm/enterprise', { ...current, profile: `Profile ${SUPPLIER_NAME}` });
  if (saved.statusCode !== 200) throw new Error(`enterprise profile: ${saved.body}`);

  const deptRows = await db.execute<{ dept_code: string; id: string }>(
    sql`select dept_code, id::text from departments where tenant_id = ${a.tenantId}`,
  );
  const deptIds = Object.fromEntries(deptRows.rows.map((r) => [r.dept_code, r.id]));
  const [{ id: clerkEmployeeId }] = (
    await db.execute<{ id: string }>(
      sql`select id::text from employees where tenant_id = ${a.tenantId} and user_id = ${clerk.userId}`,
    )
  ).rows;

  const docs = { buyerDoc: newId(), clerkDoc: newId(), clerkCheapDoc: newId() };
  await inTenantTx(db, a.tenantId, async (tx) => {
    await tx.execute(
      sql`update enterprise_capabilities set remark = ${`Certificate ${SUPPLIER_NAME}`} where tenant_id = ${a.tenantId}`,
    );
    await tx.execute(
      sql`update employees set remarks = ${`Handles ${SUPPLIER_NAME}`} where tenant_id = ${a.tenantId} and id = ${clerkEmployeeId}`,
    );
    await tx.execute(sql`insert into departments (tenant_id, id, dept_no, dept_code, dept_name)
      values (${a.tenantId}, ${newId()}, 'D-SENT', 'SENT', ${`${SUPPLIER_NAME} Lab`})`);
    await tx.execute(sql`insert into scoped_docs (tenant_id, id, owner_id, dept_id, partner_id, price) values
      (${a.tenantId}, ${docs.buyerDoc}, ${a.userId}, ${deptIds.GO}, ${b.tenantId}, ${PRICE}),
      (${a.tenantId}, ${docs.clerkDoc}, ${clerk.userId}, ${deptIds['PUR-1']}, ${b.tenantId}, ${PRICE}),
      (${a.tenantId}, ${docs.clerkCheapDoc}, ${clerk.userId}, ${deptIds['PUR-1']}, ${b.tenantId}, 12.5)`);
    await notifyUsers(tx, {
      tenantId: a.tenantId,
      userIds: [a.userId, clerk.userId],
      kind: 'order',
      title: text('materials.supplierApproved', { prdtNo: 'M-SENT', supCode: SUPPLIER_NAME, poQuotaRate: '100' }),
      content: text('materials.supplierRemoved', { prdtNo: 'M-SENT', supCode: SUPPLIER_NAME }),
    });
    await recordOperation(
      tx,
      { tenantId: a.tenantId, userId: a.userId, username: 'buyer', ip: '127.0.0.1' },
      {
        type: OPERATION_TYPE.UPDATE,
        module: 'priced-docs',
        targetId: docs.buyerDoc,
        summary: text('materials.updated', {
          prdtNo: 'M-SENT',
          changes: summarizeChanges({ unitPrice: 1, supName: 'Old' }, { unitPrice: PRICE, supName: SUPPLIER_NAME }),
        }),
      },
    );
  });

  const operations = await openApiOperations(t.app, routeTable(t.app));
  const ids = await collectIds(t, a.tenantId, [a.userId, clerk.userId]);
  return {
    t,
    app: t.app,
    operations,
    a: { ...a, clerk, clerkEmployeeId, deptIds },
    b,
    c,
    anonymous: as(t.app),
    idsOfA: ids.all,
    oneIdPerTableOfA: ids.onePerTable,
    docs,
    missingId: newId(),
    close: () => t.close(),
  };
}

/**
 * Gives the clerk of A a position of its own, active at once (token resolution reads it on every
 * request): by default every permission code, data scope ALL, no price.
 */
export async function setClerkPosition(
  f: SecurityFixture,
  flags: {
    permissions?: readonly string[];
    showPrice?: boolean;
    showSupplier?: boolean;
    dataPermission?: number;
    checkIp?: boolean;
    allowedIps?: string[];
  } = {},
): Promise<string> {
  const id = newId();
  const tenantId = f.a.tenantId;
  await inTenantTx(f.t.database.db, tenantId, async (tx) => {
    await tx.execute(sql`insert into positions (tenant_id, id, code, name, data_permission, show_price, show_supplier,
        check_ip, allowed_ips, permissions)
      values (${tenantId}, ${id}, ${`SEC-${id}`}, 'Security probe', ${flags.dataPermission ?? DATA_PERMISSION.ALL},
        ${flags.showPrice ?? false}, ${flags.showSupplier ?? true}, ${flags.checkIp ?? false},
        ${JSON.stringify(flags.allowedIps ?? [])}::jsonb, ${JSON.stringify(flags.permissions ?? ALL_PERMISSIONS)}::jsonb)`);
    await tx.execute(
      sql`insert into employee_positions (tenant_id, employee_id, position_id) values (${tenantId}, ${f.a.clerkEmployeeId}, ${id})`,
    );
    await tx.execute(
      sql`update employees set active_position_id = ${id} where tenant_id = ${tenantId} and id = ${f.a.clerkEmployeeId}`,
    );
  });
  return id;
}

export async function setPositionPermissions(f: SecurityFixture, positionId: string, codes: readonly string[]) {
  await inTenantTx(f.t.database.db, f.a.tenantId, (tx) =>
    tx.execute(
      sql`update positions set permissions = ${JSON.stringify(codes)}::jsonb where tenant_id = ${f.a.tenantId} and id = ${positionId}`,
    ),
  );
}

export function send(
  app: FastifyInstance,
  req: ProbeRequest,
  headers: Record<string, string> = {},
  extra: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    ...(req.payload === undefined ? {} : { payload: req.payload as object }),
    ...extra,
  });
}

export const bearer = (token: string, tenantId?: string): Record<string, string> => ({
  authorization: `Bearer ${token}`,
  ...(tenantId ? { tenant_id: tenantId } : {}),
});

/** What a response shows its reader: the body, or every part of an .xlsx it carries. */
export function readable(res: LightMyRequestResponse): string {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = readXlsx(res.rawPayload);
    return [...book.parts.values()].map((p) => p.toString('utf8')).join('\n');
  }
  return res.body;
}

/**
 * Routes a sweep must not call: logging out would revoke the very token being swept with, and the
 * OIDC redirect endpoints only bounce to an identity provider that the test world has none of.
 */
export const SWEEP_EXCLUDED = new Set(['GET /gateway/auth/token/logout']);
