import { NOTICE_RECIPIENT_STATUS, NOTICE_STATUS, RELATION_STATE, SUPPLIER_INVITE_STATE } from '@concord/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeRecipients, notices, supplierClasses, suppliers } from '../src/db/schema.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { newId } from '../src/platform/ids.ts';
import { htmlToText, sanitizeHtml } from '../src/platform/sanitize.ts';
import { seedNotices } from '../src/seed/notices.ts';
import type { DemoWorld } from '../src/seed/world.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

const BASE = '/gateway/srm/notices';

let t: TestContext;
let world: DemoWorld;
let buyer: Caller;
let clerk: Caller;
let precision: Caller;
let plastics: Caller;
const ids = { precision: '', plastics: '', emailOnly: '', noEmail: '', blacklisted: '', partners: '', dodgy: '' };

async function tenantOf(compNo: string): Promise<string> {
  const rows = await t.database.db.execute<{ id: string }>(
    sql`select id::text from enterprises where comp_no = ${compNo}`,
  );
  return rows.rows[0]!.id;
}

async function userId(username: string): Promise<string> {
  const rows = await t.database.db.execute<{ id: string }>(
    sql`select id::text from users where username = ${username}`,
  );
  return rows.rows[0]!.id;
}

/**
 * Huaxin's supplier archive for these tests: both demo suppliers on the network, one archive-only
 * supplier with an e-mail, one without, and a blacklisted one. Rows the suppliers seed already made
 * for the demo suppliers are reused.
 */
async function seedArchive(): Promise<void> {
  const huaxin = world.tenants.huaxin;
  await inTenantTx(t.database.db, huaxin, async (tx) => {
    const row = async (code: string, name: string, extra: Partial<typeof suppliers.$inferInsert>) => {
      if (extra.supplierTenantId) {
        const [found] = await tx
          .select({ id: suppliers.id })
          .from(suppliers)
          .where(and(eq(suppliers.tenantId, huaxin), eq(suppliers.supplierTenantId, extra.supplierTenantId)));
        if (found) {
          await tx
            .update(suppliers)
            .set({ inviteState: SUPPLIER_INVITE_STATE.JOINED, relationState: RELATION_STATE.VALID })
            .where(and(eq(suppliers.tenantId, huaxin), eq(suppliers.id, found.id)));
          return found.id;
        }
      }
      const id = newId();
      await tx.insert(suppliers).values({
        tenantId: huaxin,
        id,
        supCode: code,
        supName: name,
        inviteState: SUPPLIER_INVITE_STATE.JOINED,
        relationState: RELATION_STATE.VALID,
        ...extra,
      });
      return id;
    };
    ids.precision = await row('T-PREC', 'Precision (test)', { supplierTenantId: world.tenants.precision });
    ids.plastics = await row('T-PLAS', 'Plastics (test)', { supplierTenantId: world.tenants.plastics });
    ids.emailOnly = await row('T-MAIL', 'Offline Castings', {
      inviteState: SUPPLIER_INVITE_STATE.NOT_INVITED,
      relationState: RELATION_STATE.INVALID,
      contactEmail: 'castings@offline.example',
    });
    ids.noEmail = await row('T-NOMAIL', 'Silent Springs', {
      inviteState: SUPPLIER_INVITE_STATE.NOT_INVITED,
      relationState: RELATION_STATE.INVALID,
    });
    ids.blacklisted = await row('T-BLACK', 'Blacklisted Bolts', {
      inviteState: SUPPLIER_INVITE_STATE.BLACKLIST,
      contactEmail: 'bolts@black.example',
    });
    ids.partners = newId();
    ids.dodgy = newId();
    await tx.insert(supplierClasses).values([
      { tenantId: huaxin, id: ids.partners, code: 'T-CLS-NET', name: 'Network partners' },
      { tenantId: huaxin, id: ids.dodgy, code: 'T-CLS-MIX', name: 'Mixed bag' },
    ]);
    await tx
      .update(suppliers)
      .set({ supplierClassId: ids.partners })
      .where(and(eq(suppliers.tenantId, huaxin), sql`${suppliers.id} in (${ids.precision}, ${ids.plastics})`));
    await tx
      .update(suppliers)
      .set({ supplierClassId: ids.dodgy })
      .where(
        and(
          eq(suppliers.tenantId, huaxin),
          sql`${suppliers.id} in (${ids.emailOnly}, ${ids.noEmail}, ${ids.blacklisted})`,
        ),
      );
  });
}

beforeAll(async () => {
  t = await createTestContext();
  world = {
    tenants: {
      huaxin: await tenantOf('20260001'),
      precision: await tenantOf('20260002'),
      plastics: await tenantOf('20260003'),
    },
    users: {
      buyer: await userId('buyer'),
      'buyer.clerk': await userId('buyer.clerk'),
      supplier: await userId('supplier'),
      supplier2: await userId('supplier2'),
    },
  };
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  precision = as(t.app, await login(t.app, 'supplier'));
  plastics = as(t.app, await login(t.app, 'supplier2'));
  await seedArchive();
});
afterAll(() => t.close());

const XSS = [
  '<p>Holiday from <b>5 February</b></p>',
  '<img src=x onerror=alert(1)>',
  '<script>alert(2)</script>',
  '<a href="javascript:alert(3)">click</a>',
  '<a href="https://huaxin.example/calendar">calendar</a>',
].join('');

async function countNotices(): Promise<number> {
  return inTenantTx(t.database.db, world.tenants.huaxin, async (tx) => {
    const [row] = await tx.select({ n: count() }).from(notices).where(eq(notices.tenantId, world.tenants.huaxin));
    return row!.n;
  });
}

async function createNotice(body: Record<string, unknown>) {
  const res = await buyer.post(BASE, { title: 'Spring Festival', content: XSS, needReply: true, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    notice: { id: string; version: number; content: string; recipients: { id: string; supplierId: string }[] };
    skipped: { supplierId: string; reason: string }[];
  };
}

const recipientOf = (notice: { recipients: { id: string; supplierId: string }[] }, supplierId: string) =>
  notice.recipients.find((r) => r.supplierId === supplierId)!.id;

describe('the sanitizer', () => {
  it('keeps formatting and safe links, drops scripts, handlers and javascript: URLs', () => {
    expect(sanitizeHtml('<img src=x onerror=alert(1)>')).toBe('<img src="x">');
    expect(sanitizeHtml('<script>alert(1)</script><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>after')).toBe('after');
    expect(sanitizeHtml('<scr<script>ipt>alert(1)</script>')).not.toContain('<script');
    expect(sanitizeHtml('<p style="x" onclick="y()">a &amp; <i>b</i>')).toBe('<p>a &amp; <i>b</i></p>');
    expect(sanitizeHtml('<a href="https://e.example/?a=1&b=2" target="_blank">e</a>')).toBe(
      '<a href="https://e.example/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">e</a>',
    );
    expect(sanitizeHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe('');
    expect(htmlToText('<p>Hello <b>world</b></p><ul><li>a</li></ul>')).toBe('Hello world\n• a');
  });
});

describe('publishing, reading and replying', () => {
  let id: string;
  let notice: Awaited<ReturnType<typeof createNotice>>['notice'];

  it('stores a draft with sanitized content that no supplier sees yet', async () => {
    ({ notice } = await createNotice({ supplierIds: [ids.precision, ids.plastics] }));
    id = notice.id;
    expect(notice.content).toContain('<b>5 February</b>');
    expect(notice.content).toContain('<a href="https://huaxin.example/calendar">');
    expect(notice.content).not.toMatch(/onerror|<script|javascript:|alert\(2\)/i);
    expect(notice.recipients).toHaveLength(2);

    expect((await precision.get(`${BASE}/${id}`)).statusCode).toBe(404);
    const list = await precision.post(`${BASE}/list`, { filter: { side: 'supplier' } });
    expect(list.json().data.dataList.map((n: { id: string }) => n.id)).not.toContain(id);
  });

  it('publishes: the supplier sees it unread and is told', async () => {
    const res = await buyer.post(`${BASE}/${id}/actions/publish`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.notice.status).toBe(NOTICE_STATUS.PUBLISHED);

    const list = (await precision.post(`${BASE}/list`, { filter: { side: 'supplier' } })).json().data;
    const row = list.dataList.find((n: { id: string }) => n.id === id);
    expect(row).toMatchObject({ title: 'Spring Festival', status: NOTICE_RECIPIENT_STATUS.UNREAD, needReply: true });
    expect(row.customerName).toContain('Huaxin');

    const inbox = (await precision.get('/gateway/admin/message/myMsg?pageNum=1&pageSize=50')).json().data;
    type Message = { title: string; content: string; link: string };
    const told = (inbox.dataList as Message[]).find((m) => m.link === `/sale/custnotificate/detail?id=${id}`);
    expect(told?.title).toMatch(/ published the notice NT\d+ "Spring Festival"$/);
    // The same message in another reader's language; the notice's own words stay as written.
    const zh = await precision.get('/gateway/admin/message/myMsg?pageNum=1&pageSize=50', {
      'accept-language': 'zh-CN',
    });
    const toldZh = (zh.json().data.dataList as Message[]).find((m) => m.link === told?.link);
    expect(toldZh?.title).toMatch(/ 发布了公告 NT\d+「Spring Festival」$/);
    expect(toldZh?.content).toContain('5 February');

    const logs = await buyer.post(
      '/gateway/srm/operation-logs/list',
      { filter: { module: 'notices' }, pageParam: { pageNum: 1, pageSize: 100 } },
      { 'accept-language': 'zh-TW' },
    );
    const summaries = (logs.json().data.dataList as { targetId: string; summary: string }[])
      .filter((l) => l.targetId === id)
      .map((l) => l.summary);
    expect(summaries).toEqual(expect.arrayContaining([expect.stringMatching(/^發布了公告 NT\d+$/)]));
  });

  it('reading marks the copy read, and the buyer sees who read', async () => {
    const opened = await precision.get(`${BASE}/${id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const copy = opened.json().data;
    expect(copy.side).toBe('supplier');
    expect(copy.content).not.toContain('onerror');
    expect(copy.recipient.status).toBe(NOTICE_RECIPIENT_STATUS.READ);
    expect(copy).not.toHaveProperty('recipients');

    const seen = (await buyer.get(`${BASE}/${id}`)).json().data;
    expect(seen.side).toBe('buyer');
    const byId = new Map(seen.recipients.map((r: { supplierId: string; status: number }) => [r.supplierId, r.status]));
    expect(byId.get(ids.precision)).toBe(NOTICE_RECIPIENT_STATUS.READ);
    expect(byId.get(ids.plastics)).toBe(NOTICE_RECIPIENT_STATUS.UNREAD);

    const list = (await buyer.post(`${BASE}/list`, { filter: { keyword: 'Spring' } })).json().data;
    expect(list.dataList.find((n: { id: string }) => n.id === id)).toMatchObject({
      recipientCount: 2,
      readCount: 1,
      repliedCount: 0,
    });
  });

  it('the supplier replies; the buyer sees the reply and is told', async () => {
    const rid = recipientOf(notice, ids.precision);
    const res = await precision.post(`${BASE}/${id}/recipients/${rid}/actions/reply`, {
      reply: 'Last shipment leaves 2 February.',
      attachments: [{ name: 'plan.pdf', url: '/gateway/system/oss/file/abc.pdf' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(NOTICE_RECIPIENT_STATUS.REPLIED);

    const seen = (await buyer.get(`${BASE}/${id}`)).json().data;
    const row = seen.recipients.find((r: { supplierId: string }) => r.supplierId === ids.precision);
    expect(row).toMatchObject({ status: NOTICE_RECIPIENT_STATUS.REPLIED, reply: 'Last shipment leaves 2 February.' });
    expect(row.replyAttachments).toEqual([{ name: 'plan.pdf', url: '/gateway/system/oss/file/abc.pdf' }]);
    const inbox = (await buyer.get('/gateway/admin/message/myMsg?pageNum=1&pageSize=50')).json().data;
    expect(inbox.dataList.some((m: { title: string }) => m.title.includes('replied to the notice'))).toBe(true);
  });

  it('the buyer returns the reply, the supplier answers again', async () => {
    const rid = recipientOf(notice, ids.precision);
    const returned = await buyer.post(`${BASE}/${id}/recipients/${rid}/actions/return`);
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().data.status).toBe(NOTICE_RECIPIENT_STATUS.RETURNED);
    const again = await precision.post(`${BASE}/${id}/recipients/${rid}/actions/reply`, {
      reply: 'Revised: 3 February.',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a reply is refused without words, and a link that is not ours or http(s)', async () => {
    const rid = recipientOf(notice, ids.plastics);
    await plastics.get(`${BASE}/${id}`);
    const empty = await plastics.post(`${BASE}/${id}/recipients/${rid}/actions/reply`, { reply: '  ' });
    expect(empty.statusCode).toBe(400);
    const badLink = await plastics.post(`${BASE}/${id}/recipients/${rid}/actions/reply`, {
      reply: 'ok',
      attachments: [{ name: 'x', url: 'javascript:alert(1)' }],
    });
    expect(badLink.statusCode).toBe(400);
    const seen = (await buyer.get(`${BASE}/${id}`)).json().data;
    expect(seen.recipients.find((r: { supplierId: string }) => r.supplierId === ids.plastics).status).toBe(
      NOTICE_RECIPIENT_STATUS.READ,
    );
  });

  it('T-03: each side takes only its own steps; another supplier sees nothing', async () => {
    const mine = recipientOf(notice, ids.precision);
    const theirs = recipientOf(notice, ids.plastics);
    // The supplier cannot steer the buyer's notice, nor return replies.
    expect((await precision.post(`${BASE}/${id}/actions/withdraw`)).statusCode).toBe(404);
    expect(
      (await precision.put(`${BASE}/${id}`, { title: 'x', supplierIds: [ids.precision], version: 1 })).statusCode,
    ).toBe(404);
    expect((await precision.post(`${BASE}/${id}/recipients/${mine}/actions/return`)).statusCode).toBe(404);
    // The buyer cannot write the supplier's reply.
    expect((await buyer.post(`${BASE}/${id}/recipients/${mine}/actions/reply`, { reply: 'forged' })).statusCode).toBe(
      404,
    );
    // One supplier cannot act on another's copy.
    expect((await precision.post(`${BASE}/${id}/recipients/${theirs}/actions/reply`, { reply: 'x' })).statusCode).toBe(
      404,
    );
    const seen = (await buyer.get(`${BASE}/${id}`)).json().data;
    expect(seen.recipients.find((r: { supplierId: string }) => r.supplierId === ids.precision).reply).toBe(
      'Revised: 3 February.',
    );
  });

  it('an outsider gets 404 like a missing id, an anonymous caller 401', async () => {
    const { notice: only } = await createNotice({ supplierIds: [ids.precision] });
    expect((await buyer.post(`${BASE}/${only.id}/actions/publish`)).statusCode).toBe(200);
    const rid = recipientOf(only, ids.precision);
    const got = await plastics.get(`${BASE}/${only.id}`);
    expect(got.statusCode).toBe(404);
    expect(got.body).not.toContain('Spring Festival');
    expect((await plastics.get(`${BASE}/${newId()}`)).statusCode).toBe(404);
    expect((await plastics.post(`${BASE}/${only.id}/recipients/${rid}/actions/reply`, { reply: 'x' })).statusCode).toBe(
      404,
    );
    const list = (await plastics.post(`${BASE}/list`, { filter: { side: 'supplier' } })).json().data;
    expect(list.dataList.map((n: { id: string }) => n.id)).not.toContain(only.id);
    expect((await as(t.app).get(`${BASE}/${only.id}`)).statusCode).toBe(401);
  });

  it('withdrawn notices disappear for the supplier until published again; abolished ones take no reply', async () => {
    expect((await buyer.post(`${BASE}/${id}/actions/withdraw`)).statusCode).toBe(200);
    expect((await precision.get(`${BASE}/${id}`)).statusCode).toBe(404);
    const current = (await buyer.get(`${BASE}/${id}`)).json().data;
    const edited = await buyer.put(`${BASE}/${id}`, {
      title: 'Spring Festival (revised)',
      content: '<p>New dates</p>',
      supplierIds: [ids.precision, ids.plastics],
      version: current.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Recipients that stay keep their reply.
    const kept = edited
      .json()
      .data.notice.recipients.find((r: { supplierId: string }) => r.supplierId === ids.precision);
    expect(kept.reply).toBe('Revised: 3 February.');
    expect((await buyer.post(`${BASE}/${id}/actions/publish`)).statusCode).toBe(200);
    expect((await precision.get(`${BASE}/${id}`)).json().data.title).toBe('Spring Festival (revised)');

    expect((await buyer.post(`${BASE}/${id}/actions/abolish`)).statusCode).toBe(200);
    const copy = (await plastics.get(`${BASE}/${id}`)).json().data;
    expect(copy.status).toBe(NOTICE_STATUS.ABOLISHED);
    const closed = await plastics.post(`${BASE}/${id}/recipients/${copy.recipient.id}/actions/reply`, {
      reply: 'late',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().errorCode).toBe('NOTICE_CLOSED');
    const again = await buyer.post(`${BASE}/${id}/actions/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('NOTICE_STATE_CHANGED');
  });
});

describe('recipients', () => {
  it('refuses a blacklisted supplier chosen by hand and creates nothing', async () => {
    const before = await countNotices();
    const res = await buyer.post(BASE, { title: 'To the blacklist', supplierIds: [ids.precision, ids.blacklisted] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('SUPPLIER_BLOCKED');
    expect(await countNotices()).toBe(before);
  });

  it('expands classes, skips the blacklisted and those without e-mail, mails the archive-only supplier', async () => {
    const { notice, skipped } = await createNotice({ supplierClassIds: [ids.dodgy] });
    expect(notice.recipients.map((r) => r.supplierId)).toEqual([ids.emailOnly]);
    expect(skipped).toEqual(
      expect.arrayContaining([
        { supplierId: ids.blacklisted, supName: 'Blacklisted Bolts', reason: 'notAddressable' },
        { supplierId: ids.noEmail, supName: 'Silent Springs', reason: 'noEmail' },
      ]),
    );
    const sentBefore = t.sent.length;
    const published = await buyer.post(`${BASE}/${notice.id}/actions/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.emailed).toBe(1);
    const mail = t.sent.slice(sentBefore).find((m) => m.recipient === 'castings@offline.example');
    expect(mail?.subject).toContain('Spring Festival');
    expect(mail?.body).toContain('Holiday from 5 February');
    expect(mail?.body).not.toContain('<');
    expect(mail?.body).toMatch(/ sent this notice through Concord SRM\. Register your enterprise/);
  });

  it('answers 400 when no chosen supplier can receive the notice', async () => {
    const before = await countNotices();
    const res = await buyer.post(BASE, { title: 'Nobody', supplierIds: [ids.noEmail] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('NOTICE_NO_RECIPIENTS');
    expect(await countNotices()).toBe(before);
  });

  it('refuses to publish a draft whose supplier was blacklisted since', async () => {
    const { notice } = await createNotice({ supplierIds: [ids.plastics] });
    await inTenantTx(t.database.db, world.tenants.huaxin, (tx) =>
      tx.update(suppliers).set({ relationState: RELATION_STATE.STOPPED }).where(eq(suppliers.id, ids.plastics)),
    );
    try {
      const res = await buyer.post(`${BASE}/${notice.id}/actions/publish`);
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('SUPPLIER_BLOCKED');
      expect((await buyer.get(`${BASE}/${notice.id}`)).json().data.status).toBe(NOTICE_STATUS.DRAFT);
    } finally {
      await inTenantTx(t.database.db, world.tenants.huaxin, (tx) =>
        tx.update(suppliers).set({ relationState: RELATION_STATE.VALID }).where(eq(suppliers.id, ids.plastics)),
      );
    }
  });
});

describe('validation, versions, concurrency and permissions', () => {
  it('rejects invalid bodies and changes nothing', async () => {
    const before = await countNotices();
    for (const body of [
      { title: '', supplierIds: [ids.precision] },
      { title: 'No recipients' },
      { title: 'Bad id', supplierIds: ['abc'] },
      { title: 'Bad file', supplierIds: [ids.precision], attachments: [{ name: 'x', url: 'javascript:alert(1)' }] },
    ]) {
      const res = await buyer.post(BASE, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await countNotices()).toBe(before);
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const { notice } = await createNotice({ supplierIds: [ids.precision] });
    const body = { title: 'First', supplierIds: [ids.precision], version: notice.version };
    expect((await buyer.put(`${BASE}/${notice.id}`, body)).statusCode).toBe(200);
    const stale = await buyer.put(`${BASE}/${notice.id}`, { ...body, title: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect((await buyer.get(`${BASE}/${notice.id}`)).json().data.title).toBe('First');
  });

  it('two concurrent publishes: one 200, one 409', async () => {
    const { notice } = await createNotice({ supplierIds: [ids.precision] });
    const results = await Promise.all([
      buyer.post(`${BASE}/${notice.id}/actions/publish`),
      buyer.post(`${BASE}/${notice.id}/actions/publish`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('two concurrent replies to one copy: one 200, one 409', async () => {
    const { notice } = await createNotice({ supplierIds: [ids.precision] });
    await buyer.post(`${BASE}/${notice.id}/actions/publish`);
    const rid = recipientOf(notice, ids.precision);
    const results = await Promise.all([
      precision.post(`${BASE}/${notice.id}/recipients/${rid}/actions/reply`, { reply: 'one' }),
      precision.post(`${BASE}/${notice.id}/recipients/${rid}/actions/reply`, { reply: 'two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('a member without the codes is refused on both sides', async () => {
    expect((await clerk.post(`${BASE}/list`, {})).statusCode).toBe(403);
    expect((await clerk.post(`${BASE}/list`, { filter: { side: 'supplier' } })).statusCode).toBe(403);
    expect((await clerk.post(BASE, { title: 'x', supplierIds: [ids.precision] })).statusCode).toBe(403);
  });

  it('honours Idempotency-Key on create', async () => {
    const before = await countNotices();
    const body = { title: 'Once', supplierIds: [ids.precision] };
    const a = await buyer.post(BASE, body, { 'idempotency-key': 'notice-once' });
    const b = await buyer.post(BASE, body, { 'idempotency-key': 'notice-once' });
    expect(a.json().data.notice.id).toBe(b.json().data.notice.id);
    expect(await countNotices()).toBe(before + 1);
  });
});

describe('seedNotices', () => {
  it('makes a published notice with one reply and one unread copy, and a draft', async () => {
    const seeded = await createTestContext();
    try {
      const db = seeded.database.db;
      const tenant = async (no: string) =>
        (await db.execute<{ id: string }>(sql`select id::text from enterprises where comp_no = ${no}`)).rows[0]!.id;
      const user = async (name: string) =>
        (await db.execute<{ id: string }>(sql`select id::text from users where username = ${name}`)).rows[0]!.id;
      const w: DemoWorld = {
        tenants: {
          huaxin: await tenant('20260001'),
          precision: await tenant('20260002'),
          plastics: await tenant('20260003'),
        },
        users: {
          buyer: await user('buyer'),
          'buyer.clerk': await user('buyer.clerk'),
          supplier: await user('supplier'),
          supplier2: await user('supplier2'),
        },
      };
      await inTenantTx(db, w.tenants.huaxin, async (tx) => {
        for (const [key, code] of [
          ['precision', 'SEED-P'],
          ['plastics', 'SEED-Q'],
        ] as const) {
          const [found] = await tx
            .select({ id: suppliers.id })
            .from(suppliers)
            .where(and(eq(suppliers.tenantId, w.tenants.huaxin), eq(suppliers.supplierTenantId, w.tenants[key])));
          if (!found) {
            await tx.insert(suppliers).values({
              tenantId: w.tenants.huaxin,
              id: newId(),
              supCode: code,
              supName: key,
              supplierTenantId: w.tenants[key],
              inviteState: SUPPLIER_INVITE_STATE.JOINED,
              relationState: RELATION_STATE.VALID,
            });
          }
        }
        await tx.delete(noticeRecipients).where(eq(noticeRecipients.tenantId, w.tenants.huaxin));
        await tx.delete(notices).where(eq(notices.tenantId, w.tenants.huaxin));
      });
      await seedNotices(db, w);
      const app = seeded.app;
      const huaxinList = (await as(app, await login(app, 'buyer')).post(`${BASE}/list`, {})).json().data;
      expect(huaxinList.dataList.map((n: { status: number }) => n.status).sort()).toEqual([
        NOTICE_STATUS.DRAFT,
        NOTICE_STATUS.PUBLISHED,
      ]);
      const published = huaxinList.dataList.find((n: { status: number }) => n.status === NOTICE_STATUS.PUBLISHED);
      expect(published).toMatchObject({ recipientCount: 2, readCount: 1, repliedCount: 1 });
      expect(published.title).toContain('Spring Festival');
      const received = (
        await as(app, await login(app, 'supplier2')).post(`${BASE}/list`, { filter: { side: 'supplier' } })
      ).json().data;
      expect(received.dataList).toHaveLength(1);
      expect(received.dataList[0].status).toBe(NOTICE_RECIPIENT_STATUS.UNREAD);
    } finally {
      await seeded.close();
    }
  });
});
