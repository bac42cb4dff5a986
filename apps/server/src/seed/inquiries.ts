import {
  type InquiryAction,
  inquiryActionSchema,
  inquiryCreateSchema,
  type QuotationBidLineInput,
  quotationActionSchema,
} from '@concord/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inquiries, materials, suppliers } from '../db/schema.ts';
import { actOnInquiry } from '../modules/inquiries/inquiries.actions.ts';
import { makeOrders } from '../modules/inquiries/inquiries.orders.ts';
import { createInquiry } from '../modules/inquiries/inquiries.service.ts';
import { actOnQuotation } from '../modules/quotations/quotations.actions.ts';
import { getQuotation } from '../modules/quotations/quotations.query.ts';
import { inTenantTx, type MemberAuth, type RequestContext } from '../platform/context.ts';
import { asMember, seedAdmin } from './context.ts';
import type { DemoWorld } from './world.ts';

/**
 * Demo inquiries of Huaxin in every state, written through the services: a draft; one published and
 * sealed with both suppliers' bids submitted (Shenzhen Precision Parts quotes 3.1415 for AL-HS-50);
 * one closed with a quote recorded for a supplier off the network; one opened for comparison; one
 * awarded with a line split between the two suppliers and its two draft orders; one cancelled.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const day = (days: number) => inDays(days).slice(0, 10);

/** A bid per line number: a price (with optional lead days and breaks) or a no-bid reason. */
type Bid = { price: string; leadDays?: number; breaks?: [string, string][] } | { noBid: string };

export async function seedInquiries(db: Db, world: DemoWorld): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const [{ n }] = await inTenantTx(db, huaxin, (tx) =>
    tx.select({ n: count() }).from(inquiries).where(eq(inquiries.tenantId, huaxin)),
  );
  if (n > 0) return;
  const buyer = seedAdmin(world.users.buyer, 'buyer', huaxin);
  const precision = seedAdmin(world.users.supplier, 'supplier', world.tenants.precision);
  const plastics = seedAdmin(world.users.supplier2, 'supplier2', world.tenants.plastics);
  const asBuyer = <T>(work: (ctx: RequestContext) => Promise<T>) => asMember(db, buyer, work);

  const { material, supplier } = await inTenantTx(db, huaxin, async (tx) => {
    const m = await tx
      .select({ id: materials.id, prdtNo: materials.prdtNo })
      .from(materials)
      .where(eq(materials.tenantId, huaxin));
    const s = await tx
      .select({ id: suppliers.id, supCode: suppliers.supCode })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, huaxin), inArray(suppliers.supCode, ['S00001', 'S00002', 'S00003'])));
    return {
      material: (code: string) => m.find((r) => r.prdtNo === code)!.id,
      supplier: (code: string) => s.find((r) => r.supCode === code)!.id,
    };
  });
  const S1 = supplier('S00001');
  const S2 = supplier('S00002');
  const OFFLINE = supplier('S00003');

  const create = (title: string, supplierIds: string[], lines: [string, string, number, string | null][]) =>
    asBuyer((ctx) =>
      createInquiry(
        ctx,
        inquiryCreateSchema.parse({
          title,
          supplierIds,
          quoteDeadline: inDays(7),
          paymentTerms: '月结 60 天 Net 60 days',
          deliveryAddress: '广东省东莞市松山湖高新区工业南路 6 号 华信电子园 3 栋',
          lines: lines.map(([code, qty, days, targetPrice]) => ({
            materialId: material(code),
            qty,
            requiredDate: day(days),
            targetPrice,
          })),
        }),
      ),
    );
  const act = (id: string, action: InquiryAction, body: Record<string, unknown> = {}) =>
    asBuyer((ctx) => actOnInquiry(ctx, id, action, inquiryActionSchema.parse(body)));
  const quotationOf = (detail: Awaited<ReturnType<typeof act>>, supplierId: string) =>
    detail.quotations.find((q) => q.supplierId === supplierId && q.round === detail.round)!.id;
  const bidLines = (lines: { id: string; lineNo: number }[], bids: Record<number, Bid>): QuotationBidLineInput[] =>
    lines.map((l) => {
      const b = bids[l.lineNo]!;
      if ('noBid' in b) return { lineId: l.id, noBid: true, noBidReason: b.noBid };
      return {
        lineId: l.id,
        unitPrice: b.price,
        taxRate: '13',
        leadDays: b.leadDays ?? 15,
        validUntil: day(60),
        priceBreaks: (b.breaks ?? []).map(([minQty, price]) => ({ minQty, price })),
      };
    });
  /** The supplier opens its quotation, types its bids and submits them. */
  const submit = async (side: MemberAuth, quotationId: string, bids: Record<number, Bid>) => {
    const quotation = await asMember(db, side, (ctx) => getQuotation(ctx, quotationId));
    await asMember(db, side, (ctx) =>
      actOnQuotation(
        ctx,
        quotationId,
        'submit',
        quotationActionSchema.parse({ lines: bidLines(quotation.lines, bids) }),
      ),
    );
  };
  /** Both demo suppliers bid on a published inquiry. */
  const bothBid = async (
    published: Awaited<ReturnType<typeof act>>,
    first: Record<number, Bid>,
    second: Record<number, Bid>,
  ) => {
    await submit(precision, quotationOf(published, S1), first);
    await submit(plastics, quotationOf(published, S2), second);
  };

  await create(
    '2027 年度散热器询价 Heat sinks for 2027',
    [S1, S2],
    [
      ['AL-HS-50', '20000', 60, '3.0'],
      ['AL-CASE-120', '5000', 60, '17.5'],
    ],
  );

  const sealed = await create(
    '一季度铝件询价 Q1 aluminium parts',
    [S1, S2],
    [
      ['AL-HS-50', '5000', 30, '3.2'],
      ['AL-CASE-120', '2000', 30, '18'],
      ['SM-BRKT-01', '3000', 35, null],
    ],
  );
  await bothBid(
    await act(sealed.id, 'publish'),
    { 1: { price: '3.1415', leadDays: 12, breaks: [['10000', '3.05']] }, 2: { price: '18.2' }, 3: { price: '2.3' } },
    { 1: { price: '3.35', leadDays: 20 }, 2: { noBid: '非本厂工艺 Not our process' }, 3: { price: '2.25' } },
  );

  const packaging = await create(
    '包装材料询价 Packaging materials',
    [S1, S2, OFFLINE],
    [
      ['PK-BOX-L', '2000', 20, '6.5'],
      ['PK-FOAM-01', '2000', 20, null],
    ],
  );
  const packagingOut = await act(packaging.id, 'publish');
  await bothBid(
    packagingOut,
    { 1: { price: '6.8' }, 2: { price: '1.9' } },
    { 1: { price: '6.6' }, 2: { price: '2.05' } },
  );
  const offline = quotationOf(packagingOut, OFFLINE);
  const offlineLines = (await asBuyer((ctx) => getQuotation(ctx, offline))).lines;
  await asBuyer((ctx) =>
    actOnQuotation(
      ctx,
      offline,
      'record',
      quotationActionSchema.parse({
        lines: bidLines(offlineLines, { 1: { price: '6.2', leadDays: 10 }, 2: { price: '1.75', leadDays: 10 } }),
        remark: '传真报价 Quote received by fax',
      }),
    ),
  );
  await act(packaging.id, 'close');

  const plasticParts = await create(
    '塑胶件询价 Plastic parts',
    [S2, S1],
    [
      ['PL-COVER-01', '3000', 25, '4.2'],
      ['PL-BASE-01', '3000', 25, '3.8'],
      ['PL-KEY-04', '6000', 25, '0.9'],
    ],
  );
  await bothBid(
    await act(plasticParts.id, 'publish'),
    { 1: { price: '4.6' }, 2: { price: '4.1' }, 3: { noBid: '无硅胶产线 No silicone line' } },
    { 1: { price: '4.15', leadDays: 18 }, 2: { price: '3.95', leadDays: 18 }, 3: { price: '0.88', leadDays: 25 } },
  );
  await act(plasticParts.id, 'close');
  await act(plasticParts.id, 'open');

  const brackets = await create(
    '支架与面板询价 Brackets and panels',
    [S1, S2],
    [
      ['SM-BRKT-01', '10000', 30, '2.2'],
      ['SM-PANEL-02', '2000', 30, '9.5'],
    ],
  );
  await bothBid(
    await act(brackets.id, 'publish'),
    { 1: { price: '2.18', leadDays: 14 }, 2: { price: '9.4', leadDays: 14 } },
    { 1: { price: '2.26', leadDays: 10 }, 2: { price: '9.9', leadDays: 21 } },
  );
  await act(brackets.id, 'close');
  const opened = await act(brackets.id, 'open');
  const [bracketLine, panelLine] = opened.lines;
  await act(brackets.id, 'award', {
    awards: [
      {
        lineId: bracketLine!.id,
        allocations: [
          { quotationId: quotationOf(opened, S1), qty: '6000' },
          { quotationId: quotationOf(opened, S2), qty: '4000' },
        ],
        reason: '双供应商保供 Second source for supply security',
      },
      { lineId: panelLine!.id, allocations: [{ quotationId: quotationOf(opened, S1), qty: '2000' }] },
    ],
  });
  await asBuyer((ctx) => makeOrders(ctx, brackets.id));

  const withdrawn = await create('线材询价 Cables', [S1, S2], [['CB-USB-1M', '1000', 20, null]]);
  const withdrawnOut = await act(withdrawn.id, 'publish');
  await asMember(db, plastics, (ctx) =>
    actOnQuotation(
      ctx,
      quotationOf(withdrawnOut, S2),
      'decline',
      quotationActionSchema.parse({ reason: '不生产线材 We make no cables' }),
    ),
  );
  await act(withdrawn.id, 'cancel', { reason: '改用库存 Covered from stock' });
}
