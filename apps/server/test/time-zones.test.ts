import {
  addCalendarDays,
  type PurchaseOrderDetail,
  type PurchaseOrderOptions,
  QUALIFICATION_STATUS as Q,
} from '@concord/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, qualificationDocuments as qd } from '../src/db/schema.ts';
import { EXPIRY_TENANT_JOB, registerQualificationJobs } from '../src/modules/qualifications/qualifications.expiry.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import { dayIn, startOfDay } from '../src/platform/time.ts';
import { insertSentNote } from './fixtures/deliveries.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

/*
 * One notion of today (issue 19): the buyer's days are counted in its enterprise's zone (Asia/Shanghai
 * for the demo buyer), so the same operations at the same instant give the same figures whatever TZ the
 * server process runs under.
 */

const ORDERS = '/gateway/srm/purchase-orders';
const NOTES = '/gateway/srm/receipts/notes';
const RECEIPTS = '/gateway/srm/receipts';
const QUALIFICATIONS = '/gateway/srm/qualification-documents';
const SHANGHAI = 'Asia/Shanghai';

/**
 * Half a minute into the buyer's next day: already that day in Kiritimati (UTC+14), still the day
 * before in UTC and in Los Angeles.
 */
const instant = new Date(startOfDay(addCalendarDays(dayIn(new Date(), SHANGHAI), 1), SHANGHAI).getTime() + 30_000);
const day = dayIn(instant, SHANGHAI);
const stamp = day.replaceAll('-', '').slice(2);

let t: TestContext;
let buyerTenant: string;
let supplierTenant: string;
const originalTz = process.env.TZ;

const tenantOf = async (c: Caller) => (await c.get('/gateway/admin/user/info')).json().data.tenant.id as string;

beforeAll(async () => {
  t = await createTestContext();
  buyerTenant = await tenantOf(as(t.app, await login(t.app, 'buyer')));
  supplierTenant = await tenantOf(as(t.app, await login(t.app, 'supplier')));
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  process.env.TZ = originalTz;
});

/** Runs under the process zone `tz` at `instant`: only Date is faked, so the database and timers run on. */
async function at(tz: string) {
  process.env.TZ = tz;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  return {
    buyer: as(t.app, await login(t.app, 'buyer')),
    supplier: as(t.app, await login(t.app, 'supplier')),
  };
}

async function confirmedOrder(buyer: Caller, supplier: Caller) {
  const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
  const res = await buyer.post(ORDERS, {
    supplierId: options.suppliers.find((s) => s.supCode === 'S00001')!.id,
    orderDate: '2026-01-02',
    send: true,
    lines: [
      { prdtNo: 'TZ-1', prdtName: 'Zone part', unitName: 'pcs', qty: '10', price: '1', requestedDate: '2026-01-10' },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  const confirmed = await supplier.post(`${ORDERS}/${res.json().data.id}/actions/confirm`, { all: true });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { orderNo: res.json().data.orderNo as string, order: confirmed.json().data as PurchaseOrderDetail };
}

/** Two documents completed straight in the table, valid until today and until yesterday. */
async function completedDocuments(buyer: Caller, supplierId: string) {
  const res = await buyer.post(QUALIFICATIONS, {
    supplierIds: [supplierId],
    items: ['Until today', 'Until yesterday'].map((fileName) => ({
      fileName,
      description: fileName,
      validityType: '3',
    })),
    send: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  const ids = res.json().data.documentIds as string[];
  await inTenantTx(t.database.db, buyerTenant, async (tx) => {
    for (const [id, until] of [
      [ids[0]!, day],
      [ids[1]!, addCalendarDays(day, -1)],
    ]) {
      await tx.update(qd).set({ status: Q.COMPLETED, fileDqDate: until }).where(eq(qd.id, id));
    }
  });
  return ids;
}

/** The figures that depend on the buyer's today, gathered by the operations themselves. */
async function figures(tz: string) {
  const { buyer, supplier } = await at(tz);
  const { orderNo, order } = await confirmedOrder(buyer, supplier);
  const copy = (await buyer.post(`${ORDERS}/${order.id}/copy`)).json().data;
  const copied: PurchaseOrderDetail = (await buyer.get(`${ORDERS}/${copy.id}`)).json().data;

  const period = (await buyer.post('/gateway/srm/reports/poTimelyArrivalRate', {})).json().data.period;

  const note = await insertSentNote(t.database.db, {
    order,
    buyerTenantId: buyerTenant,
    supplierTenantId: supplierTenant,
    lines: [{ orderLine: 0, qty: 10, perSmall: 10 }],
  });
  const act = (action: string, body: unknown = {}) => buyer.post(`${NOTES}/${note.id}/actions/${action}`, body);
  const futureArrival = (await act('arrive', { arrivalDate: addCalendarDays(day, 1) })).json().errorCode;
  expect((await act('arrive', { arrivalDate: day })).statusCode).toBe(200);
  expect((await buyer.post(`${NOTES}/${note.id}/scan`, { code: note.packages[0]!.packageNo })).statusCode).toBe(200);
  expect((await act('accept')).statusCode).toBe(200);
  const futureReceipt = (await act('warehouse', { receiptDate: addCalendarDays(day, 1) })).json().errorCode;
  const warehoused = await act('warehouse');
  expect(warehoused.statusCode, warehoused.body).toBe(200);
  const receipt = (await buyer.get(`${RECEIPTS}/${warehoused.json().data.receiptId}`)).json().data;

  const ids = await completedDocuments(buyer, order.supplierId);
  expect((await buyer.post(`${QUALIFICATIONS}/run-expiry`, {})).statusCode).toBe(200);
  const statuses = await Promise.all(
    ids.map(async (id) => (await buyer.get(`${QUALIFICATIONS}/${id}`)).json().data.status),
  );

  return {
    orderNoDay: orderNo.slice(0, 8),
    copiedOrderDate: copied.orderDate,
    reportPeriod: period,
    futureArrival,
    futureReceipt,
    receiptNoDay: receipt.receiptNo.slice(0, 8),
    receiptDates: [receipt.lines[0].arrivalDate, receipt.lines[0].receiptDate],
    qualifications: statuses,
  };
}

describe('one notion of today', () => {
  it('gives the same figures under TZ=Pacific/Kiritimati and TZ=America/Los_Angeles, in the buyer’s day', async () => {
    // The instant is chosen so that UTC (the numbering's old day) is still on the day before.
    expect(dayIn(instant, 'UTC')).toBe(addCalendarDays(day, -1));
    const kiritimati = await figures('Pacific/Kiritimati');
    const losAngeles = await figures('America/Los_Angeles');
    expect(losAngeles).toEqual(kiritimati);
    // Six months back from the first of the buyer's month.
    const month = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 6;
    const from = `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-01`;
    expect(kiritimati).toEqual({
      orderNoDay: `PO${stamp}`,
      copiedOrderDate: day,
      reportPeriod: { dateFrom: from, dateTo: day },
      futureArrival: 'RECEIPT_ARRIVAL_IN_FUTURE',
      futureReceipt: 'RECEIPT_DATE_INVALID',
      receiptNoDay: `RK${stamp}`,
      receiptDates: [day, day],
      // Valid through the end of its last day: expiring today, expired once that day is over.
      qualifications: [Q.EXPIRING, Q.EXPIRED],
    });
  });

  it('counts the enterprise’s days in a zone its administrator chooses, and refuses an unknown one', async () => {
    const { buyer } = await at('UTC');
    const current = (await buyer.get('/gateway/srm/enterprise')).json().data;
    const { id: _i, compNo: _n, inviteCode: _c, createdAt: _a, ...editable } = current;
    expect(current.timeZone).toBe(SHANGHAI);

    const wrong = await buyer.put('/gateway/srm/enterprise', { ...editable, timeZone: '+08:00' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.map((e: { path: string }) => e.path)).toEqual(['timeZone']);
    expect((await buyer.get('/gateway/srm/enterprise')).json().data.version).toBe(current.version);

    const LA = 'America/Los_Angeles';
    const saved = await buyer.put('/gateway/srm/enterprise', { ...editable, timeZone: LA });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await buyer.get('/gateway/admin/user/info')).json().data.tenant.timeZone).toBe(LA);
    const laDay = dayIn(instant, LA);
    expect(laDay).toBe(addCalendarDays(day, -1));

    // Numbering follows at once in this process.
    const options: PurchaseOrderOptions = (await buyer.get(`${ORDERS}/options`)).json().data;
    const created = await buyer.post(ORDERS, {
      supplierId: options.suppliers[0]!.id,
      orderDate: laDay,
      lines: [{ prdtNo: 'TZ-2', prdtName: 'Zone part', unitName: 'pcs', qty: '1', price: '1', requestedDate: laDay }],
    });
    expect(created.json().data.orderNo.slice(0, 8)).toBe(`PO${laDay.replaceAll('-', '').slice(2)}`);

    // The daily check runs the enterprise's own day now and its next day from its own midnight.
    const runner = createJobRunner(t.database.db, Fastify({ logger: false }).log, { clock: { now: () => instant } });
    registerQualificationJobs(runner, {
      db: t.database.db,
      provider: { send: async () => {} },
      log: Fastify({ logger: false }).log,
      dataDir: t.config.dataDir,
      clock: { now: () => instant },
      jobs: runner,
      expiringDays: 30,
    });
    await runner.scheduleDaily();
    await runner.runDue();
    const queued = await t.database.db
      .select({
        key: jobs.dedupeKey,
        runAt: sql<string>`to_char(${jobs.runAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
        done: sql<boolean>`${jobs.doneAt} is not null`,
      })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, EXPIRY_TENANT_JOB),
          inArray(
            jobs.dedupeKey,
            [laDay, day].map((d) => `${d}:${buyerTenant}`),
          ),
        ),
      )
      .orderBy(jobs.dedupeKey);
    expect(queued).toEqual([
      { key: `${laDay}:${buyerTenant}`, runAt: instant.toISOString().replace(/\.\d{3}Z$/, 'Z'), done: true },
      { key: `${day}:${buyerTenant}`, runAt: startOfDay(day, LA).toISOString().replace('.000Z', 'Z'), done: false },
    ]);
  });
});
