import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  INQUIRY_STATUS as I,
  type InquiryComparison,
  type InquiryDetail,
  type InquiryInviteeOptions,
  MASK,
  QUOTATION_STATUS as Q,
  type QuotationDetail,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerInquiryJobs } from '../src/modules/inquiries/inquiries.close.ts';
import { createJobRunner } from '../src/platform/jobs.ts';
import type { OutgoingMessage } from '../src/platform/mail.ts';
import { writeXlsx } from '../src/platform/xlsx.ts';
import { as, type Caller, createTestContext, login, sheetRows, type TestContext } from './helpers.ts';

const BASE = '/gateway/srm/inquiries';
const QUOTES = '/gateway/srm/quotations';

let t: TestContext;
let buyer: Caller;
let buyerToken: string;
let clerk: Caller;
let supplier: Caller;
let supplierToken: string;
let supplier2: Caller;
const ids = {} as Record<'S1' | 'S2' | 'OFFLINE' | 'BLACKLISTED' | 'STOPPED' | 'huaxin' | 'precision', string>;
const materials = new Map<string, string>();

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const m = (code: string) => materials.get(code)!;

const draft = (extra: Record<string, unknown> = {}) => ({
  title: 'Inquiry probe',
  supplierIds: [ids.S1, ids.S2],
  quoteDeadline: hours(48),
  lines: [
    { materialId: m('AL-HS-50'), qty: '1000', requiredDate: '2027-01-15', targetPrice: '3.0' },
    { materialId: m('AL-CASE-120'), qty: '200', requiredDate: '2027-01-20' },
  ],
  ...extra,
});

async function create(body: unknown = draft(), headers?: Record<string, string>) {
  const res = await buyer.post(BASE, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; inquiryNo: string; status: number; version: number };
}

async function detail(id: string, c: Caller = buyer) {
  const res = await c.get(`${BASE}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as InquiryDetail;
}

const act = (id: string, action: string, body: unknown = {}, c: Caller = buyer) =>
  c.post(`${BASE}/${id}/actions/${action}`, body);

async function published(extra: Record<string, unknown> = {}) {
  const created = await create(draft(extra));
  const res = await act(created.id, 'publish');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as InquiryDetail;
}

const quotationOf = (d: InquiryDetail, supplierId: string) =>
  d.quotations.find((q) => q.supplierId === supplierId && q.round === d.round)!.id;

async function quotation(c: Caller, id: string) {
  const res = await c.get(`${QUOTES}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as QuotationDetail;
}

const priced = (q: QuotationDetail, prices: string[]) =>
  q.lines.map((l, i) => ({ lineId: l.id, unitPrice: prices[i] ?? prices[0], taxRate: '13', leadDays: 10 + i }));

const quoteAct = (c: Caller, id: string, action: string, body: unknown = {}) =>
  c.post(`${QUOTES}/${id}/actions/${action}`, body);

async function submit(c: Caller, id: string, prices: string[]) {
  const q = await quotation(c, id);
  const res = await quoteAct(c, id, 'submit', { lines: priced(q, prices) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as QuotationDetail;
}

/** Both suppliers bid, the buyer closes early and opens: the inquiry is ready for comparison. */
async function openedWithBids(first: string[], second: string[], extra: Record<string, unknown> = {}) {
  const d = await published(extra);
  await submit(supplier, quotationOf(d, ids.S1), first);
  await submit(supplier2, quotationOf(d, ids.S2), second);
  expect((await act(d.id, 'close')).statusCode).toBe(200);
  const res = await act(d.id, 'open');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as InquiryDetail;
}

async function uploadPdf(): Promise<string> {
  const boundary = 'concord-rfq-test';
  const res = await t.app.inject({
    method: 'POST',
    url: '/gateway/system/oss/upload',
    headers: { authorization: `Bearer ${buyerToken}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fax.pdf"\r\n\r\n`),
      Buffer.from('%PDF-1.4\n% a faxed quote\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.url as string).split('/').pop()!;
}

/** The deadline moved into the past by the database's clock, as if the time had come. */
async function passDeadline(inquiryId: string, seconds = 1) {
  await t.database.db.execute(
    sql`update inquiries set quote_deadline = now() - make_interval(secs => ${seconds}) where id = ${inquiryId}`,
  );
  await t.database.db.execute(
    sql`update quotations set quote_deadline = now() - make_interval(secs => ${seconds}) where inquiry_id = ${inquiryId}`,
  );
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  supplierToken = await login(t.app, 'supplier');
  supplier = as(t.app, supplierToken);
  supplier2 = as(t.app, await login(t.app, 'supplier2'));
  const db = t.database.db;
  const one = async (q: ReturnType<typeof sql>) => String((await db.execute<{ id: string }>(q)).rows[0]!.id);
  ids.huaxin = await one(sql`select id from enterprises where comp_no = '20260001'`);
  ids.precision = await one(sql`select id from enterprises where comp_no = '20260002'`);
  const supplierId = (code: string) =>
    one(sql`select id from suppliers where tenant_id = ${ids.huaxin} and sup_code = ${code}`);
  ids.S1 = await supplierId('S00001');
  ids.S2 = await supplierId('S00002');
  ids.OFFLINE = await supplierId('S00003');
  ids.BLACKLISTED = await supplierId('S00004');
  ids.STOPPED = await supplierId('S00005');
  const rows = await db.execute<{ id: string; prdt_no: string }>(
    sql`select id, prdt_no from materials where tenant_id = ${ids.huaxin}`,
  );
  for (const r of rows.rows) materials.set(r.prdt_no, String(r.id));
  // The purchasing clerk may work on inquiries but sees no prices (position flag).
  await db.execute(sql`update positions set permissions = permissions || '["PR_ION"]'::jsonb
    where tenant_id = ${ids.huaxin} and code = 'PUR-CLK'`);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
});
afterAll(() => t.close());

describe('the demo world', () => {
  it('has an inquiry in every status, the sealed one unreadable to the buyer and readable to its bidder', async () => {
    const list = (await buyer.post(`${BASE}/list`, { pageParam: { pageNum: 1, pageSize: 100 } })).json().data;
    const statuses = new Set(list.dataList.map((r: { status: number }) => r.status));
    expect([...statuses].sort()).toEqual(Object.values(I).sort());
    const sealed = list.dataList.find((r: { title: string }) => r.title.includes('Q1 aluminium parts'));
    expect(sealed).toMatchObject({ status: I.PUBLISHED, sealed: true, invitedCount: 2, submittedCount: 2 });
    const comparison = await buyer.get(`${BASE}/${sealed.id}/comparison`);
    expect(comparison.statusCode).toBe(409);
    expect(comparison.json().errorCode).toBe('INQUIRY_SEALED');
    const d = await detail(sealed.id);
    const precisionQuote = quotationOf(d, ids.S1);
    const asBuyer = await quotation(buyer, precisionQuote);
    expect(asBuyer.revealed).toBe(false);
    expect(asBuyer.lines.every((l) => l.bid === null)).toBe(true);
    const asSupplier = await quotation(supplier, precisionQuote);
    const heatSink = asSupplier.lines.find((l) => l.prdtNo === 'AL-HS-50')!;
    expect(heatSink.bid?.unitPrice).toBe('3.1415');
    expect((await buyer.get(`${QUOTES}/${precisionQuote}`)).body).not.toContain('3.1415');
  });

  it('has an awarded inquiry with a split line and its two draft orders', async () => {
    const list = (await buyer.post(`${BASE}/list`, { filter: { statuses: [I.AWARDED] } })).json().data;
    const d = await detail(list.dataList[0].id);
    expect(d.ordersMade).toBe(true);
    expect(d.quotations.map((q) => q.orderNo).every((no) => /^PO\d{10}$/.test(no))).toBe(true);
    expect(d.lines[0]!.awardedQty).toBe('10000');
    expect(d.lines[0]!.awardReason).not.toBe('');
    const ofPlastics = await quotation(supplier2, quotationOf(d, ids.S2));
    expect(ofPlastics.status).toBe(Q.PARTLY_AWARDED);
    expect(ofPlastics.lines[0]).toMatchObject({ awardQty: '4000', awardPrice: '2.26' });
  });
});

describe('drafts', () => {
  it('creates a draft with the archive’s material and drawing, which no supplier sees', async () => {
    const created = await create();
    expect(created.inquiryNo).toMatch(/^RQ\d{10}$/);
    const d = await detail(created.id);
    expect(d).toMatchObject({ status: I.DRAFT, round: 1, sealed: true, quotations: [] });
    expect(d.lines[0]).toMatchObject({
      prdtNo: 'AL-HS-50',
      unitName: expect.any(String),
      targetPrice: '3',
      qty: '1000',
    });
    expect(d.suppliers.map((s) => s.supplierId)).toEqual([ids.S1, ids.S2]);
    expect((await supplier.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
    const theirs = await supplier.post(`${QUOTES}/list`, { filter: { side: 'supplier', inquiryId: created.id } });
    expect(theirs.json().data.totalCount).toBe(0);
  });

  it('edits with the version read (stale 409, nothing changed), deletes a draft only', async () => {
    const created = await create();
    const stale = await buyer.put(`${BASE}/${created.id}`, { ...draft({ title: 'Changed' }), version: 99 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errorCode).toBe('CONFLICT');
    expect((await detail(created.id)).title).toBe('Inquiry probe');
    const ok = await buyer.put(`${BASE}/${created.id}`, { ...draft({ title: 'Changed' }), version: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ title: 'Changed', version: 2 });
    const remove = (id: string) =>
      t.app.inject({ method: 'DELETE', url: `${BASE}/${id}`, headers: { authorization: `Bearer ${buyerToken}` } });
    expect((await remove(created.id)).statusCode).toBe(200);
    expect((await buyer.get(`${BASE}/${created.id}`)).statusCode).toBe(404);
    const live = await published();
    expect((await remove(live.id)).json().errorCode).toBe('INQUIRY_NOT_EDITABLE');
  });

  it('replays a create with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': `inq-${Date.now()}` };
    const body = draft({ title: 'Idempotent probe' });
    const first = await create(body, key);
    const again = await create(body, key);
    expect(again.id).toBe(first.id);
    const list = await buyer.post(`${BASE}/list`, { filter: { title: 'Idempotent probe' } });
    expect(list.json().data.totalCount).toBe(1);
  });

  it('refuses a blacklisted or stopped supplier and an unknown material, in the reader’s language', async () => {
    for (const s of [ids.BLACKLISTED, ids.STOPPED]) {
      const res = await buyer.post(BASE, draft({ supplierIds: [s] }), { 'accept-language': 'zh-CN' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ errorCode: 'SUPPLIER_BLOCKED', msg: expect.stringContaining('黑名单') });
    }
    const unknown = await buyer.post(
      BASE,
      draft({ lines: [{ materialId: '123456789', qty: '1', requiredDate: '2027-01-01' }] }),
    );
    expect(unknown.json().errorCode).toBe('INQUIRY_MATERIAL_NOT_FOUND');
    const noLines = await buyer.post(BASE, draft({ lines: [] }));
    expect(noLines.statusCode).toBe(400);
  });
});

describe('publishing', () => {
  it('refuses no supplier, no deadline, a deadline past or under an hour ahead, and a stale version', async () => {
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ supplierIds: [] }, {}, 'INQUIRY_NO_SUPPLIERS'],
      [{ quoteDeadline: null }, {}, 'INQUIRY_DEADLINE_REQUIRED'],
      [{ quoteDeadline: hours(-1) }, {}, 'INQUIRY_DEADLINE_TOO_SOON'],
      [{ quoteDeadline: hours(0.9) }, {}, 'INQUIRY_DEADLINE_TOO_SOON'],
      [{}, { version: 7 }, 'CONFLICT'],
    ];
    for (const [fields, body, code] of cases) {
      const created = await create(draft(fields));
      const res = await act(created.id, 'publish', body, buyer);
      expect(res.json().errorCode, code).toBe(code);
      const d = await detail(created.id);
      expect(d.status).toBe(I.DRAFT);
      expect(d.quotations).toEqual([]);
    }
  });

  it('gives each invitee a quotation with the inquiry’s lines but never the target price', async () => {
    const d = await published();
    expect(d.status).toBe(I.PUBLISHED);
    expect(d.quotations.map((q) => q.status)).toEqual([Q.INVITED, Q.INVITED]);
    const q = await quotation(supplier, quotationOf(d, ids.S1));
    expect(q).toMatchObject({ side: 'supplier', status: Q.INVITED, revealed: true, closed: false });
    expect(q.lines.map((l) => [l.prdtNo, l.qty])).toEqual([
      ['AL-HS-50', '1000'],
      ['AL-CASE-120', '200'],
    ]);
    const body = JSON.stringify(q);
    expect(body).not.toContain('targetPrice');
    expect(body).not.toContain('Suzhou');
    expect((await detail(d.id)).quotations.find((x) => x.supplierId === ids.S1)!.viewedAt).not.toBeNull();
    expect((await act(d.id, 'publish')).json().errorCode).toBe('INQUIRY_STATE_CHANGED');
    // The list of quotations needs its side.
    for (const bad of [{}, { filter: {} }]) expect((await supplier.post(`${QUOTES}/list`, bad)).statusCode).toBe(400);
    const mine = await supplier.post(`${QUOTES}/list`, { filter: { side: 'supplier', inquiryId: d.id } });
    expect(mine.json().data.dataList).toHaveLength(1);
  });
});

describe('bids', () => {
  it('refuses bad bids with a clear error and changes nothing', async () => {
    const d = await published();
    const id = quotationOf(d, ids.S1);
    const q = await quotation(supplier, id);
    const [l1] = q.lines;
    const cases: [Record<string, unknown>, string][] = [
      [{ lineId: l1!.id, unitPrice: '3', targetPrice: '1' }, 'QUOTATION_BUYER_FIELDS'],
      [{ lineId: l1!.id, unitPrice: '3', qty: '5' }, 'QUOTATION_BUYER_FIELDS'],
      [
        {
          lineId: l1!.id,
          unitPrice: '3',
          priceBreaks: [
            { minQty: '500', price: '2.9' },
            { minQty: '100', price: '2.8' },
          ],
        },
        'QUOTATION_BREAKS_NOT_ASCENDING',
      ],
      [{ lineId: d.lines[0]!.id, unitPrice: '3' }, 'QUOTATION_LINE_UNKNOWN'],
      [{ lineId: l1!.id, unitPrice: '3.12345' }, 'DECIMAL_PLACES_EXCEEDED'],
      [{ lineId: l1!.id, noBid: true }, 'QUOTATION_NO_BID_REASON'],
    ];
    for (const [line, code] of cases) {
      const res = await supplier.put(`${QUOTES}/${id}`, { version: q.version, lines: [line] });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().errorCode).toBe(code);
    }
    const byBuyer = await buyer.put(`${QUOTES}/${id}`, {
      version: q.version,
      lines: [{ lineId: l1!.id, unitPrice: '3' }],
    });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().errorCode).toBe('QUOTATION_WRONG_SIDE');
    const stale = await supplier.put(`${QUOTES}/${id}`, { version: 99, lines: [{ lineId: l1!.id, unitPrice: '3' }] });
    expect(stale.json().errorCode).toBe('CONFLICT');
    const after = await quotation(supplier, id);
    expect(after.status).toBe(Q.INVITED);
    expect(after.version).toBe(q.version);
    expect(after.lines.every((l) => l.bid === null)).toBe(true);
  });

  it('saves a draft, refuses a submit with a line neither priced nor no-bid, then submits and revises', async () => {
    const d = await published();
    const id = quotationOf(d, ids.S1);
    const q = await quotation(supplier, id);
    const saved = await supplier.put(`${QUOTES}/${id}`, {
      version: q.version,
      lines: [
        { lineId: q.lines[0]!.id, unitPrice: '3.25', taxRate: '13', priceBreaks: [{ minQty: '800', price: '3.1' }] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.status).toBe(Q.DRAFTING);
    const incomplete = await quoteAct(supplier, id, 'submit');
    expect(incomplete.json()).toMatchObject({
      errorCode: 'QUOTATION_LINE_UNPRICED',
      msg: expect.stringContaining('2'),
    });
    const done = await quoteAct(supplier, id, 'submit', {
      lines: [{ lineId: q.lines[1]!.id, noBid: true, noBidReason: 'Not our process' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe(Q.SUBMITTED);
    expect(done.json().data.lines.map((l: QuotationDetail['lines'][number]) => l.bid?.noBid)).toEqual([false, true]);
    const forBuyer = await quotation(buyer, id);
    expect(forBuyer.status).toBe(Q.SUBMITTED);
    expect(forBuyer.lines.every((l) => l.bid === null)).toBe(true);
    const revised = await quoteAct(supplier, id, 'revise');
    expect(revised.json().data.status).toBe(Q.DRAFTING);
    expect((await quoteAct(buyer, id, 'record', { lines: [] })).json().errorCode).toBe('QUOTATION_NOT_OFFLINE');
    expect((await quoteAct(supplier, id, 'record', { lines: [] })).json().errorCode).toBe('QUOTATION_WRONG_SIDE');
  });

  it('declines only with a reason', async () => {
    const d = await published();
    const id = quotationOf(d, ids.S2);
    expect((await quoteAct(supplier2, id, 'decline', { reason: ' ' })).json().errorCode).toBe(
      'QUOTATION_REASON_REQUIRED',
    );
    const res = await quoteAct(supplier2, id, 'decline', { reason: 'No capacity' });
    expect(res.json().data).toMatchObject({ status: Q.DECLINED, declineReason: 'No capacity' });
    expect((await quoteAct(supplier2, id, 'submit')).json().errorCode).toBe('QUOTATION_STATE_CHANGED');
  });

  it('lets one of 20 concurrent submits of one quotation win', async () => {
    const d = await published();
    const id = quotationOf(d, ids.S1);
    const q = await quotation(supplier, id);
    const body = { version: q.version, lines: priced(q, ['3.3', '18']) };
    const codes = (await Promise.all(Array.from({ length: 20 }, () => quoteAct(supplier, id, 'submit', body)))).map(
      (r) => r.statusCode,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect((await quotation(supplier, id)).version).toBe(q.version + 1);
  });

  it('shows a second supplier tenant nothing of another’s quotation', async () => {
    const d = await published({ supplierIds: [ids.S1] });
    const id = quotationOf(d, ids.S1);
    expect((await supplier2.get(`${QUOTES}/${id}`)).statusCode).toBe(404);
    expect((await quoteAct(supplier2, id, 'submit')).statusCode).toBe(404);
    expect((await supplier2.get(`${BASE}/${d.id}`)).statusCode).toBe(404);
    const theirs = await supplier2.post(`${QUOTES}/list`, { filter: { side: 'supplier', inquiryId: d.id } });
    expect(theirs.json().data.totalCount).toBe(0);
  });
});

describe('the deadline', () => {
  it('refuses a submit one second after the deadline, by the database clock', async () => {
    const d = await published();
    const id = quotationOf(d, ids.S1);
    const q = await quotation(supplier, id);
    await passDeadline(d.id);
    const late = await quoteAct(supplier, id, 'submit', { lines: priced(q, ['3']) });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe('QUOTATION_DEADLINE_PASSED');
    expect((await supplier.put(`${QUOTES}/${id}`, { version: q.version, lines: [] })).json().errorCode).toBe(
      'QUOTATION_DEADLINE_PASSED',
    );
    expect((await quotation(supplier, id)).status).toBe(Q.INVITED);
    // An extension must be later than the deadline and an hour ahead; then quoting reopens.
    const current = (await detail(d.id)).quoteDeadline!;
    expect((await act(d.id, 'extend', { deadline: current })).json().errorCode).toBe('INQUIRY_DEADLINE_NOT_LATER');
    expect((await act(d.id, 'extend', { deadline: hours(0.5) })).json().errorCode).toBe('INQUIRY_DEADLINE_TOO_SOON');
    const extended = await act(d.id, 'extend', { deadline: hours(30) });
    expect(extended.statusCode, extended.body).toBe(200);
    await submit(supplier, id, ['3']);
  });

  it('closes a published inquiry at its deadline by the job; a revision not resubmitted falls back', async () => {
    const d = await published();
    const id = quotationOf(d, ids.S1);
    await submit(supplier, id, ['3.2', '17.9']);
    expect((await quoteAct(supplier, id, 'revise')).statusCode).toBe(200);
    const q = await quotation(supplier, id);
    await supplier.put(`${QUOTES}/${id}`, { version: q.version, lines: priced(q, ['2.5']) });
    const sent: OutgoingMessage[] = [];
    const log = Fastify({ logger: false }).log;
    let now = new Date();
    const runner = createJobRunner(t.database.db, log, { clock: { now: () => now } });
    registerInquiryJobs(runner, { db: t.database.db, provider: { send: async (msg) => void sent.push(msg) }, log });
    // The server's clock a day ahead of the database's: the job runs early, closes nothing and queues
    // itself again for the deadline as the database counts it (another 48 h on the server's clock).
    const jobsOf = async () =>
      (
        await t.database.db.execute<{ id: string }>(
          sql`select id::text from jobs where kind = 'inquiries.close' and payload->>'inquiryId' = ${d.id}`,
        )
      ).rows.map((r) => r.id);
    now = new Date(Date.now() + 49 * 3_600_000);
    expect(await runner.runDue({ ids: await jobsOf() })).toBe(1);
    expect((await detail(d.id)).status).toBe(I.PUBLISHED);
    expect(await jobsOf()).toHaveLength(2);
    expect(await runner.runDue({ ids: await jobsOf() })).toBe(0);
    await passDeadline(d.id);
    now = new Date(Date.now() + 98 * 3_600_000);
    expect(await runner.runDue({ ids: await jobsOf() })).toBe(1);
    const closed = await detail(d.id);
    expect(closed.status).toBe(I.CLOSED);
    const after = await quotation(supplier, id);
    expect(after).toMatchObject({ status: Q.SUBMITTED, revisionDiscarded: true, closed: true });
    expect(after.lines.map((l) => l.bid?.unitPrice)).toEqual(['3.2', '17.9']);
    expect((await quotation(supplier2, quotationOf(d, ids.S2))).status).toBe(Q.INVITED);
    const notes = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from messages
      where tenant_id = ${ids.precision} and link = ${`/inquiryoffer/offerin/detail?id=${id}`}`);
    expect(Number(notes.rows[0]!.n)).toBeGreaterThan(0);
  });
});

describe('close, open, compare, award, orders', () => {
  it('closes early only when every invitee has answered', async () => {
    const d = await published();
    await submit(supplier, quotationOf(d, ids.S1), ['3.1']);
    const early = await act(d.id, 'close');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'INQUIRY_QUOTES_PENDING', msg: expect.stringContaining('1') });
    expect((await detail(d.id)).status).toBe(I.PUBLISHED);
    await quoteAct(supplier2, quotationOf(d, ids.S2), 'decline', { reason: 'Busy' });
    expect((await act(d.id, 'close')).statusCode).toBe(200);
    expect((await quoteAct(supplier, quotationOf(d, ids.S1), 'revise')).json().errorCode).toBe(
      'QUOTATION_DEADLINE_PASSED',
    );
  });

  it('opens only with the price flag, then compares every line across suppliers', async () => {
    const d = await published();
    await submit(supplier, quotationOf(d, ids.S1), ['3.1415', '18.5']);
    const q2 = await quotation(supplier2, quotationOf(d, ids.S2));
    await quoteAct(supplier2, q2.id, 'submit', {
      lines: [
        { lineId: q2.lines[0]!.id, unitPrice: '3.3', taxRate: '13', priceBreaks: [{ minQty: '1000', price: '3.05' }] },
        { lineId: q2.lines[1]!.id, noBid: true, noBidReason: 'No anodizing' },
      ],
    });
    await act(d.id, 'close');
    // The clerk's own inquiry (its data scope is its own documents), but its position hides prices.
    await t.database.db.execute(sql`update inquiries set owner_id = (select id from users where username = 'buyer.clerk')
      where id = ${d.id}`);
    expect((await buyer.get(`${BASE}/${d.id}/comparison`)).json().errorCode).toBe('INQUIRY_SEALED');
    const byClerk = await act(d.id, 'open', {}, clerk);
    expect(byClerk.statusCode).toBe(403);
    expect(byClerk.json().errorCode).toBe('INQUIRY_PRICES_HIDDEN');
    expect((await act(d.id, 'open')).statusCode).toBe(200);
    const c = (await buyer.get(`${BASE}/${d.id}/comparison`)).json().data as InquiryComparison;
    expect(c.columns.map((col) => col.supplierId)).toEqual([ids.S1, ids.S2]);
    const [heatSink, housing] = c.lines;
    // Tax-included 13 %: excl = round(price ÷ 1.13); the break at 1000 applies to supplier 2.
    expect(heatSink!.cells.map((x) => [x.unitPrice, x.breakPrice, x.priceExcl, x.amount, x.lowest])).toEqual([
      ['3.1415', null, '2.7801', '3141.5', false],
      ['3.3', '3.05', '2.6991', '3050', true],
    ]);
    expect(heatSink!.targetPrice).toBe('3');
    expect(housing!.cells.map((x) => [x.noBid, x.lowest])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(c.columns.map((col) => [col.quotedLines, col.totalAmount])).toEqual([
      [2, '6841.5'],
      [1, '3050'],
    ]);
    const masked = (await clerk.get(`${BASE}/${d.id}/comparison`)).json().data as InquiryComparison;
    expect(masked.lines[0]!.cells[0]).toMatchObject({ unitPrice: MASK, priceExcl: MASK, amount: MASK });
    expect(masked.lines[0]!.targetPrice).toBe(MASK);
  });

  it('refuses an invalid award and changes nothing; a split award becomes one draft order per supplier, once', async () => {
    const d = await openedWithBids(['3.1415', '18.5'], ['3.3', '18.2']);
    const [l1, l2] = d.lines;
    const S1q = quotationOf(d, ids.S1);
    const S2q = quotationOf(d, ids.S2);
    const award = (awards: unknown) => act(d.id, 'award', { awards });
    const bad: [unknown, string][] = [
      [[{ lineId: l1!.id, allocations: [{ quotationId: S1q, qty: '1000.01' }] }], 'INQUIRY_OVER_AWARD'],
      [
        [
          {
            lineId: l1!.id,
            allocations: [
              { quotationId: S1q, qty: '600' },
              { quotationId: S2q, qty: '400.5' },
            ],
            reason: 'x',
          },
        ],
        'INQUIRY_OVER_AWARD',
      ],
      [[{ lineId: l1!.id, allocations: [{ quotationId: S2q, qty: '10' }] }], 'INQUIRY_AWARD_REASON_REQUIRED'],
      [[{ lineId: l1!.id, allocations: [] }], 'INQUIRY_AWARD_EMPTY'],
      [[{ lineId: l1!.id, allocations: [{ quotationId: l1!.id, qty: '1' }] }], 'INQUIRY_AWARD_QUOTATION_UNKNOWN'],
    ];
    for (const [awards, code] of bad) {
      const res = await award(awards);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().errorCode).toBe(code);
    }
    expect((await buyer.post(`${BASE}/${d.id}/orders`)).json().errorCode).toBe('INQUIRY_NOT_AWARDED');
    const still = await detail(d.id);
    expect(still.status).toBe(I.OPENED);
    expect(still.lines.map((l) => l.awardedQty)).toEqual(['0', '0']);

    const res = await award([
      {
        lineId: l1!.id,
        allocations: [
          { quotationId: S1q, qty: '600' },
          { quotationId: S2q, qty: '300' },
        ],
        reason: 'Second source',
      },
      { lineId: l2!.id, allocations: [{ quotationId: S2q, qty: '200' }] },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const awarded = res.json().data as InquiryDetail;
    expect(awarded.status).toBe(I.AWARDED);
    expect(awarded.quotations.map((q) => q.status)).toEqual([Q.PARTLY_AWARDED, Q.PARTLY_AWARDED]);
    const c = (await buyer.get(`${BASE}/${d.id}/comparison`)).json().data as InquiryComparison;
    expect(c.lines[0]).toMatchObject({ awardedQty: '900', unawardedQty: '100', awardReason: 'Second source' });
    const mine = await quotation(supplier2, S2q);
    expect(mine.lines.map((l) => [l.awardQty, l.awardPrice])).toEqual([
      ['300', '3.3'],
      ['200', '18.2'],
    ]);
    // The award feeds the price library (issue 22): a new order line for the material from S2 defaults to it.
    const price = await buyer.get(
      `/gateway/srm/material-prices/lookup?materialId=${l2!.materialId}&supplierId=${ids.S2}`,
    );
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json().data).toMatchObject({ source: 'award', sourceNo: awarded.inquiryNo, basePrice: '18.2' });

    const key = { 'idempotency-key': `orders-${d.id}` };
    const all = await Promise.all([
      buyer.post(`${BASE}/${d.id}/orders`, undefined, key),
      buyer.post(`${BASE}/${d.id}/orders`),
      buyer.post(`${BASE}/${d.id}/orders`),
    ]);
    for (const r of all) expect(r.statusCode, r.body).toBe(200);
    const orders = all.map((r) =>
      r
        .json()
        .data.orders.map((o: { id: string }) => o.id)
        .sort(),
    );
    expect(orders[0]).toHaveLength(2);
    expect(orders[1]).toEqual(orders[0]);
    expect(orders[2]).toEqual(orders[0]);
    const again = await buyer.post(`${BASE}/${d.id}/orders`, undefined, key);
    expect(
      again
        .json()
        .data.orders.map((o: { id: string }) => o.id)
        .sort(),
    ).toEqual(orders[0]);
    const fromS2 = all[0]!.json().data.orders.find((o: { supplierId: string }) => o.supplierId === ids.S2);
    const po = (await buyer.get(`/gateway/srm/purchase-orders/${fromS2.id}`)).json().data;
    expect(po.status).toBe(0);
    expect(po.lines.map((l: { qty: string; price: string; taxRate: string }) => [l.qty, l.price, l.taxRate])).toEqual([
      ['300', '3.3', '13'],
      ['200', '18.2', '13'],
    ]);
  });

  it('tells a losing supplier only that it lost: no other name, price or count', async () => {
    const d = await openedWithBids(['3.1', '18.1'], ['3.9', '19.9']);
    const res = await act(d.id, 'award', {
      awards: d.lines.map((l) => ({
        lineId: l.id,
        allocations: [{ quotationId: quotationOf(d, ids.S1), qty: l.qty }],
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const loser = await supplier2.get(`${QUOTES}/${quotationOf(d, ids.S2)}`);
    const body = loser.body;
    expect(loser.json().data.status).toBe(Q.NOT_AWARDED);
    for (const secret of ['Precision', '精密', '3.1', '18.1', 'invitedCount', 'targetPrice', 'awardReason'])
      expect(body).not.toContain(secret);
    expect(loser.json().data.lines.every((l: { awardQty: string | null }) => l.awardQty === null)).toBe(true);
    const winner = await quotation(supplier, quotationOf(d, ids.S1));
    expect(winner.status).toBe(Q.AWARDED);
  });
});

describe('rounds, cancel, suppliers off the network, unsealed inquiries', () => {
  it('starts a new round with chosen suppliers; the earlier round stays read-only', async () => {
    const d = await openedWithBids(['3.1', '18.1'], ['3.9', '19.9']);
    const first = quotationOf(d, ids.S1);
    expect((await act(d.id, 'new-round', { deadline: hours(30) })).json().errorCode).toBe('INQUIRY_NO_SUPPLIERS');
    const res = await act(d.id, 'new-round', { deadline: hours(30), supplierIds: [ids.S1] });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json().data as InquiryDetail;
    expect(next).toMatchObject({ status: I.PUBLISHED, round: 2, invitedCount: 1 });
    expect(next.quotations).toHaveLength(3);
    expect((await quoteAct(supplier, first, 'revise')).json().errorCode).toBe('QUOTATION_DEADLINE_PASSED');
    await submit(supplier, quotationOf(next, ids.S1), ['2.99', '17.5']);
    await act(d.id, 'close');
    await act(d.id, 'open');
    const c = (await buyer.get(`${BASE}/${d.id}/comparison`)).json().data as InquiryComparison;
    expect(c.round).toBe(2);
    expect(c.lines[0]!.cells.map((x) => x.unitPrice)).toEqual(['2.99']);
  });

  it('cancels with a reason, voids the quotations and never reveals sealed bids', async () => {
    const d = await published();
    await submit(supplier, quotationOf(d, ids.S1), ['3.05']);
    expect((await act(d.id, 'cancel', {})).json().errorCode).toBe('INQUIRY_REASON_REQUIRED');
    const res = await act(d.id, 'cancel', { reason: 'Project stopped' });
    expect(res.json().data).toMatchObject({ status: I.CANCELLED, cancelReason: 'Project stopped' });
    expect(res.json().data.quotations.map((q: { status: number }) => q.status)).toEqual([Q.VOID, Q.VOID]);
    expect((await buyer.get(`${BASE}/${d.id}/comparison`)).json().errorCode).toBe('INQUIRY_SEALED');
    expect((await quotation(buyer, quotationOf(d, ids.S1))).lines.every((l) => l.bid === null)).toBe(true);
    expect((await act(d.id, 'open')).json().errorCode).toBe('INQUIRY_STATE_CHANGED');
  });

  it('records the quote of a supplier off the network, shown at once, and refuses it for one on the network', async () => {
    const d = await published({ supplierIds: [ids.S1, ids.OFFLINE] });
    const offline = d.quotations.find((q) => q.supplierId === ids.OFFLINE)!;
    expect(offline.offline).toBe(true);
    const q = await quotation(buyer, offline.id);
    expect(
      (await quoteAct(buyer, offline.id, 'record', { lines: priced(q, ['3']).slice(0, 1) })).json().errorCode,
    ).toBe('QUOTATION_LINE_UNPRICED');
    const key = await uploadPdf();
    const recorded = await quoteAct(buyer, offline.id, 'record', {
      lines: priced(q, ['2.95', '17']),
      remark: 'Fax',
      attachments: [{ name: 'fax.pdf', url: `/gateway/system/oss/file/${key}` }],
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const data = recorded.json().data as QuotationDetail;
    expect(data).toMatchObject({ status: Q.SUBMITTED, revealed: true, remark: 'Fax' });
    expect(data.recordedBy).toContain('Wang Jianhua');
    expect(data.recordedAt).not.toBeNull();
    expect(data.recordAttachments).toEqual([{ name: 'fax.pdf', url: `/gateway/system/oss/file/${key}` }]);
    // Shown unsealed (issue 21): the buyer typed it. The comparison of all bids stays sealed until opening.
    expect(data.lines.map((l) => l.bid?.unitPrice)).toEqual(['2.95', '17']);
    expect((await buyer.get(`${BASE}/${d.id}/comparison`)).json().errorCode).toBe('INQUIRY_SEALED');
    const trail = await detail(d.id);
    expect(trail.quotations.find((x) => x.id === offline.id)).toMatchObject({ recordedBy: data.recordedBy });
    const online = quotationOf(d, ids.S1);
    expect((await quoteAct(buyer, online, 'record', { lines: [] })).json().errorCode).toBe('QUOTATION_NOT_OFFLINE');
    // Opened with the others.
    await submit(supplier, online, ['3.05', '18']);
    expect((await act(d.id, 'close')).statusCode).toBe(200);
    expect((await act(d.id, 'open')).statusCode).toBe(200);
    const c = (await buyer.get(`${BASE}/${d.id}/comparison`)).json().data as InquiryComparison;
    const column = c.columns.findIndex((col) => col.quotationId === offline.id);
    expect(c.lines[0]!.cells[column]).toMatchObject({ unitPrice: '2.95', lowest: true });
    expect((await quotation(buyer, offline.id)).lines[1]!.bid?.unitPrice).toBe('17');
  });

  it('records a quote only before the deadline, by the database clock', async () => {
    const d = await published({ supplierIds: [ids.OFFLINE] });
    const offline = d.quotations[0]!.id;
    const q = await quotation(buyer, offline);
    await passDeadline(d.id);
    const late = await quoteAct(buyer, offline, 'record', { lines: priced(q, ['2.95', '17']) });
    expect(late.json().errorCode).toBe('QUOTATION_DEADLINE_PASSED');
  });

  it('shows an unsealed recorded quote at once', async () => {
    const d = await published({ supplierIds: [ids.OFFLINE], sealed: false });
    const offline = d.quotations[0]!.id;
    const q = await quotation(buyer, offline);
    const recorded = await quoteAct(buyer, offline, 'record', { lines: priced(q, ['2.95', '17']) });
    expect(recorded.json().data).toMatchObject({ revealed: true });
    expect(recorded.json().data.lines[0].bid.unitPrice).toBe('2.95');
  });

  it('shows the bids of an inquiry published unsealed as they come in', async () => {
    const d = await published({ sealed: false });
    await submit(supplier, quotationOf(d, ids.S1), ['3.4', '18.8']);
    const c = await buyer.get(`${BASE}/${d.id}/comparison`);
    expect(c.statusCode, c.body).toBe(200);
    expect((c.json().data as InquiryComparison).lines[0]!.cells[0]!.unitPrice).toBe('3.4');
    expect((await quotation(buyer, quotationOf(d, ids.S1))).revealed).toBe(true);
  });
});

describe('invitee options, the inquiry PDF, bids by workbook', () => {
  it('offers the invitable suppliers, marks those off the network and the approved ones per material', async () => {
    const res = await buyer.get(`${BASE}/invitee-options?materialIds=${m('AL-HS-50')},${m('AL-CASE-120')}`);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data as InquiryInviteeOptions;
    const byId = new Map(o.suppliers.map((s) => [s.id, s]));
    expect(byId.get(ids.S1)).toMatchObject({ offline: false });
    expect(byId.get(ids.OFFLINE)).toMatchObject({ offline: true });
    expect(byId.has(ids.BLACKLISTED)).toBe(false);
    expect(byId.has(ids.STOPPED)).toBe(false);
    expect(o.approved.length).toBeGreaterThan(0);
    for (const a of o.approved) {
      expect([m('AL-HS-50'), m('AL-CASE-120')]).toContain(a.materialId);
      expect(byId.has(a.supplierId)).toBe(true);
    }
    expect((await buyer.get(`${BASE}/invitee-options`)).json().data.approved).toEqual([]);
    expect((await buyer.get(`${BASE}/invitee-options?materialIds=x;1`)).statusCode).toBe(400);
    // Another enterprise reads its own archive only.
    const theirs = (await supplier.get(`${BASE}/invitee-options`)).json().data as InquiryInviteeOptions;
    expect(theirs.suppliers.some((s) => s.id === ids.S1 || s.id === ids.OFFLINE)).toBe(false);
  });

  it('shows the inquiry attachments to the invited suppliers, who may download them', async () => {
    const key = await uploadPdf();
    const file = { name: 'drawing.pdf', url: `/gateway/system/oss/file/${key}` };
    const d = await published({ supplierIds: [ids.S1], attachments: [file] });
    expect(d.attachments).toEqual([file]);
    const q = await quotation(supplier, quotationOf(d, ids.S1));
    expect(q.attachments).toEqual([file]);
    const download = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { authorization: `Bearer ${supplierToken}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const outsider = await t.app.inject({
      method: 'GET',
      url: file.url,
      headers: { authorization: `Bearer ${await login(t.app, 'supplier2')}` },
    });
    expect(outsider.statusCode).toBe(404);
  });

  it('prints the inquiry for suppliers off the network without its target prices', async () => {
    const d = await published({ supplierIds: [ids.OFFLINE] });
    const res = await buyer.get(`${BASE}/${d.id}/pdf`, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    writeFileSync(`${tmpdir()}/rfq-inquiry.pdf`, res.rawPayload);
    expect((await supplier.get(`${BASE}/${d.id}/pdf`)).statusCode).toBe(404);
  });

  it('writes the bid template and imports it back, all or nothing with per-row reasons', async () => {
    const d = await published({ supplierIds: [ids.S1] });
    const id = quotationOf(d, ids.S1);
    const template = await supplier.get(`${QUOTES}/${id}/template`, { 'accept-language': 'en-US' });
    expect(template.statusCode, template.body.slice(0, 200)).toBe(200);
    const rows = await sheetRows(template.rawPayload);
    expect(rows[0]!.slice(0, 2)).toEqual(['Line', 'Material']);
    expect(rows[1]!.slice(0, 2)).toEqual([1, 'AL-HS-50']);
    expect((await buyer.get(`${QUOTES}/${id}/template`)).json().errorCode).toBe('QUOTATION_WRONG_SIDE');

    const header = [
      'Line',
      'Unit price',
      'Tax %',
      'Lead days',
      'Price breaks (qty:price; …)',
      'No bid (Y)',
      'No-bid reason',
    ];
    const bad = await writeXlsx({
      name: 'Quotation',
      header,
      rows: [
        [1, '2.123456789', 13, 10, '500:2.9; 100:2.8', null, null],
        [2, null, null, null, null, 'Y', null],
        [9, '1', null, null, null, null, null],
      ],
    });
    const refused = await uploadTo(`${QUOTES}/${id}/import`, bad);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errorCode).toBe('IMPORT_ROWS_INVALID');
    expect(refused.json().data.map((e: { row: number; column: string }) => [e.row, e.column])).toEqual([
      [2, 'Unit price'],
      [2, 'Price breaks (qty:price; …)'],
      [3, 'No-bid reason'],
      [4, 'Line'],
    ]);
    expect((await quotation(supplier, id)).lines.every((l) => l.bid === null)).toBe(true);

    const good = await writeXlsx({
      name: 'Quotation',
      header,
      rows: [
        [1, '2.99', 13, 12, '100:2.95; 5000:2.8', null, null],
        [2, null, null, null, null, 'Y', 'Not our process'],
      ],
    });
    const imported = await uploadTo(`${QUOTES}/${id}/import`, good);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.lines).toBe(2);
    const after = await quotation(supplier, id);
    expect(after.status).toBe(Q.DRAFTING);
    expect(after.lines[0]!.bid).toMatchObject({
      unitPrice: '2.99',
      leadDays: 12,
      priceBreaks: [
        { minQty: '100', price: '2.95' },
        { minQty: '5000', price: '2.8' },
      ],
    });
    expect(after.lines[1]!.bid).toMatchObject({ noBid: true, noBidReason: 'Not our process' });
    expect((await quoteAct(supplier, id, 'submit', {})).statusCode).toBe(200);
  });
});

function uploadTo(url: string, file: Buffer) {
  const boundary = `----concord${Math.random().toString(16).slice(2)}`;
  return t.app.inject({
    method: 'POST',
    url,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bids.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      authorization: `Bearer ${supplierToken}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en-US',
    },
  });
}
