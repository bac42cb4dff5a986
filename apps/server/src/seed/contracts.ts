import { addCalendarDays, CONTRACT_STATUS, type ContractCreateInput, contractCreateSchema } from '@concord/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { materials, suppliers } from '../db/schema.ts';
import { actOnContract } from '../modules/contracts/contracts.actions.ts';
import { expireContracts } from '../modules/contracts/contracts.expiry.ts';
import { getContract } from '../modules/contracts/contracts.query.ts';
import { createContract } from '../modules/contracts/contracts.service.ts';
import { contractLines, contracts } from '../modules/contracts/contracts.table.ts';
import { actOnOrder } from '../modules/purchase-orders/purchase-orders.actions.ts';
import { createOrder } from '../modules/purchase-orders/purchase-orders.service.ts';
import { inTenantTx, type MemberAuth } from '../platform/context.ts';
import { todayOf } from '../platform/time.ts';
import { asMember, seedAdmin } from './context.ts';
import type { DemoWorld } from './world.ts';

/**
 * Demo contracts between Huaxin and its suppliers (issue 22 §7), written through the services: an
 * effective framework agreement with Shenzhen Precision Parts (AL-HS-50 at 2.98, cap 50,000, valid for
 * the current calendar year) that orders and the price library draw on; one Suzhou Plastics returned
 * with its reason; a draft; and last year's agreement, expired by the expiry step.
 */
export async function seedContracts(db: Db, world: DemoWorld): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const buyer = seedAdmin(world.users.buyer, 'buyer', huaxin);
  const precision = seedAdmin(world.users.supplier, 'supplier', world.tenants.precision);
  const plastics = seedAdmin(world.users.supplier2, 'supplier2', world.tenants.plastics);
  const today = await todayOf(db, huaxin);
  const year = Number(today.slice(0, 4));
  const ids = await inTenantTx(db, huaxin, async (tx) => {
    const sup = await tx
      .select({ id: suppliers.id, code: suppliers.supCode })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, huaxin), inArray(suppliers.supCode, ['S00001', 'S00002'])));
    const mat = await tx
      .select({ id: materials.id, code: materials.prdtNo })
      .from(materials)
      .where(
        and(
          eq(materials.tenantId, huaxin),
          inArray(materials.prdtNo, ['AL-HS-50', 'SCR-M3-8', 'SM-BRKT-01', 'PL-COVER-01', 'PL-BASE-01']),
        ),
      );
    const of = (rows: { id: string; code: string }[]) => (code: string) => rows.find((r) => r.code === code)!.id;
    return { supplier: of(sup), material: of(mat) };
  });
  const precisionId = ids.supplier('S00001');
  const plasticsId = ids.supplier('S00002');
  const line = (code: string, price: string, extra: Partial<ContractCreateInput['lines'][number]> = {}) => ({
    materialId: ids.material(code),
    price,
    taxRate: '13',
    ...extra,
  });
  const create = (input: ContractCreateInput) =>
    asMember(db, buyer, (ctx) => createContract(ctx, contractCreateSchema.parse(input)));
  const act = (auth: MemberAuth, id: string, action: 'sign' | 'return' | 'countersign', reason?: string) =>
    asMember(db, auth, async (ctx) => {
      const { version } = await getContract(ctx, id);
      return actOnContract(ctx, id, action, { version, reason });
    });

  const framework = await create({
    kind: 'framework',
    supplierId: precisionId,
    title: `${year} 年度散热器及紧固件框架协议 Heat sinks and fasteners, framework agreement ${year}`,
    validFrom: `${year}-01-01`,
    validTo: `${year}-12-31`,
    paymentTerms: '月结 60 天 Net 60 days',
    lines: [
      line('AL-HS-50', '2.98', {
        qtyCap: '50000',
        priceBreaks: [
          { minQty: '5000', price: '2.92' },
          { minQty: '20000', price: '2.85' },
        ],
      }),
      line('SCR-M3-8', '0.065', { qtyCap: '500000' }),
    ],
    send: true,
  });
  await act(precision, framework.id, 'sign');
  await act(buyer, framework.id, 'countersign');

  const returned = await create({
    kind: 'framework',
    supplierId: plasticsId,
    title: `${year} 年度塑胶件框架协议 Moulded parts, framework agreement ${year}`,
    validFrom: `${year}-01-01`,
    validTo: `${year}-12-31`,
    paymentTerms: '月结 60 天 Net 60 days',
    lines: [line('PL-COVER-01', '3.60', { qtyCap: '20000' }), line('PL-BASE-01', '4.10', { qtyCap: '20000' })],
    send: true,
  });
  await act(
    plastics,
    returned.id,
    'return',
    'ABS 原料本季涨价 8%，上盖单价请调整为 3.85 Resin prices rose 8 % this quarter; please revise the top cover to 3.85',
  );

  await create({
    kind: 'oneOff',
    supplierId: precisionId,
    title: '钣金支架一次性采购 Sheet-metal brackets, one-off purchase',
    validFrom: today,
    validTo: `${year}-12-31`,
    lines: [line('SM-BRKT-01', '4.20', { qtyCap: '3000' })],
  });

  const lastYear = await create({
    kind: 'framework',
    supplierId: precisionId,
    title: `${year - 1} 年度散热器框架协议 Heat sinks, framework agreement ${year - 1}`,
    validFrom: `${year - 1}-01-01`,
    validTo: `${year - 1}-12-31`,
    lines: [line('AL-HS-50', '3.10', { qtyCap: '40000' })],
    send: true,
  });
  await act(precision, lastYear.id, 'sign');
  await act(buyer, lastYear.id, 'countersign');
  await inTenantTx(db, huaxin, (tx) => expireContracts(tx, huaxin, today));
}

export const DEMO_CONTRACT_ORDER_REMARK = '框架协议订货 Call-off under the framework agreement';

/**
 * One order drawing on the framework agreement (SCR-M3-8, 120,000 of its 500,000), sent and confirmed,
 * so the achievement report has something ordered against a contract; AL-HS-50 stays untouched for the
 * contract flow. Runs after every other order of the demo is made (the order seed writes only into an
 * empty book), so no other document's number moves.
 */
export async function seedContractOrders(db: Db, world: DemoWorld): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const buyer = seedAdmin(world.users.buyer, 'buyer', huaxin);
  const precision = seedAdmin(world.users.supplier, 'supplier', world.tenants.precision);
  const today = await todayOf(db, huaxin);
  const line = await inTenantTx(db, huaxin, async (tx) => {
    const [row] = await tx
      .select({ id: contractLines.id, materialId: contractLines.materialId, supplierId: contracts.supplierId })
      .from(contractLines)
      .innerJoin(
        contracts,
        and(eq(contracts.tenantId, contractLines.tenantId), eq(contracts.id, contractLines.contractId)),
      )
      .where(
        and(
          eq(contractLines.tenantId, huaxin),
          eq(contractLines.prdtNo, 'SCR-M3-8'),
          eq(contracts.status, CONTRACT_STATUS.EFFECTIVE),
        ),
      )
      .limit(1);
    return row;
  });
  if (!line) return;
  const created = await asMember(db, buyer, (ctx) =>
    createOrder(ctx, {
      supplierId: line.supplierId,
      currency: 'CNY',
      taxIncluded: true,
      paymentTerms: '月结 60 天 Net 60 days',
      orderDate: today,
      remarks: DEMO_CONTRACT_ORDER_REMARK,
      attachments: [],
      send: true,
      lines: [
        {
          materialId: line.materialId,
          prdtNo: '',
          prdtName: '',
          prdtSpc: '',
          unitNo: '',
          unitName: '',
          qty: '120000',
          price: '0.065',
          taxRate: '13',
          requestedDate: addCalendarDays(today, 21),
          warehouseId: null,
          remark: '',
          contractLineId: line.id,
        },
      ],
    }),
  );
  await asMember(db, precision, (ctx) => actOnOrder(ctx, created.id, 'confirm', { all: true } as never));
}
