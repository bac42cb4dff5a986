import { LANGUAGE_COOKIE, text } from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyUsers } from '../src/modules/messages/messages.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { as, type Caller, createTestContext, login, type TestContext } from './helpers.ts';

let t: TestContext;
let buyer: Caller;
let clerk: Caller;
let huaxin: string;
let clerkId: string;
let buyerId: string;

/** Any catalogue text does for a title here: these tests are about the inbox, not the words. */
const exported = (count: number) => text('operationLogs.exported', { count });

beforeAll(async () => {
  t = await createTestContext();
  buyer = as(t.app, await login(t.app, 'buyer'));
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  const info = (await buyer.get('/gateway/admin/user/info')).json().data;
  huaxin = info.tenant.id;
  buyerId = info.sysUser.userId;
  clerkId = (await clerk.get('/gateway/admin/user/info')).json().data.sysUser.userId;
  // The demo world grows with every module; these tests start from a known inbox instead.
  await t.database.db.execute(sql`delete from messages where tenant_id = ${huaxin}`);
  await inTenantTx(t.database.db, huaxin, async (tx) => {
    const note = { tenantId: huaxin };
    await notifyUsers(tx, { ...note, userIds: [buyerId, clerkId], kind: 'system', title: exported(1) });
    await notifyUsers(tx, { ...note, userIds: [buyerId], kind: 'qualification', title: exported(2) });
    await notifyUsers(tx, { ...note, userIds: [buyerId, clerkId], kind: 'contract', title: exported(3) });
  });
});
afterAll(() => t.close());

const count = async (c: Caller) => (await c.get('/gateway/admin/message/myMsgCount')).json().data as number;
const page = async (c: Caller, query: string) => (await c.get(`/gateway/admin/message/myMsg?${query}`)).json().data;

describe('my messages', () => {
  it('counts unread messages and pages through them without overlap', async () => {
    expect(await count(buyer)).toBe(3);
    const ids: string[] = [];
    for (const pageNum of [1, 2, 3]) {
      const data = await page(buyer, `pageNum=${pageNum}&pageSize=1`);
      expect(data.totalCount).toBe(3);
      expect(data.dataList).toHaveLength(1);
      ids.push(data.dataList[0].id);
    }
    expect(new Set(ids).size).toBe(3);
    expect(await page(buyer, 'pageNum=4&pageSize=1')).toEqual({ dataList: [], totalCount: 3 });
    expect((await buyer.get('/gateway/admin/message/myMsg?pageSize=101')).statusCode).toBe(400);
  });

  it('filters by kind and read state', async () => {
    const qualification = await page(buyer, 'kind=qualification');
    expect(qualification.totalCount).toBe(1);
    expect(qualification.dataList[0].kind).toBe('qualification');
    expect((await page(clerk, 'kind=qualification')).totalCount).toBe(0);
    expect((await page(buyer, 'isRead=false')).totalCount).toBe(3);
    expect((await page(buyer, 'isRead=true')).totalCount).toBe(0);
  });

  it('marks a message read when it is opened, and all of them with readAll', async () => {
    const [first] = (await page(buyer, 'kind=contract')).dataList;
    const opened = await buyer.get(`/gateway/admin/message/${first.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ id: first.id, isRead: true, title: first.title });
    expect(await count(buyer)).toBe(2);
    expect((await page(buyer, 'isRead=true')).dataList.map((m: { id: string }) => m.id)).toEqual([first.id]);

    expect((await buyer.post('/gateway/admin/message/readAll')).statusCode).toBe(200);
    expect(await count(buyer)).toBe(0);
    expect(await count(clerk)).toBe(2);
  });

  it('answers 404 for another user’s message and 400 for a malformed id', async () => {
    const [mine] = (await page(clerk, '')).dataList;
    const foreign = await buyer.get(`/gateway/admin/message/${mine.id}`);
    const missing = await buyer.get('/gateway/admin/message/1');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await buyer.get('/gateway/admin/message/abc')).statusCode).toBe(400);
  });

  it("lists a message stored once in each reader's language: Accept-Language, or the language cookie first", async () => {
    await inTenantTx(t.database.db, huaxin, (tx) =>
      notifyUsers(tx, {
        tenantId: huaxin,
        userIds: [clerkId],
        kind: 'system',
        title: text('materials.created', { prdtNo: 'M-8800', prdtName: '六角螺栓' }),
        content: text('materials.drawingPublished', { prdtNo: 'M-8800', drawingNo: 'DWG-8800', drawingVersion: 2 }),
      }),
    );
    const newest = async (headers: Record<string, string>) =>
      (await clerk.get('/gateway/admin/message/myMsg?pageSize=1', headers)).json().data.dataList[0] as {
        title: string;
        content: string;
      };

    const chinese = await newest({ 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(chinese).toMatchObject({
      title: '新增了物料 M-8800 六角螺栓',
      content: '发布了物料 M-8800 的图纸 DWG-8800 第 2 版',
    });
    // No Latin word is left in the Chinese text but the codes.
    expect(`${chinese.title} ${chinese.content}`.replace(/M-8800|DWG-8800/g, '')).not.toMatch(/[A-Za-z]/);

    expect(await newest({ 'accept-language': 'en-US' })).toMatchObject({
      title: 'Created material M-8800 六角螺栓',
      content: 'Published version 2 of drawing DWG-8800 of material M-8800',
    });
    expect(await newest({ 'accept-language': 'en-US', cookie: `${LANGUAGE_COOKIE}=zh-TW` })).toMatchObject({
      content: '發行了物料 M-8800 的圖面 DWG-8800 第 2 版',
    });
  });
});

describe('message settings', () => {
  it('round-trips and mutes a kind', async () => {
    expect((await clerk.get('/gateway/admin/message/settings')).json().data).toEqual({
      emailEnabled: false,
      mutedKinds: [],
    });
    const saved = await clerk.put('/gateway/admin/message/settings', { emailEnabled: false, mutedKinds: ['contract'] });
    expect(saved.statusCode).toBe(200);
    expect((await clerk.get('/gateway/admin/message/settings')).json().data).toEqual({
      emailEnabled: false,
      mutedKinds: ['contract'],
    });
    expect(
      (await clerk.put('/gateway/admin/message/settings', { emailEnabled: true, mutedKinds: ['nope'] })).statusCode,
    ).toBe(400);

    const before = { buyer: await count(buyer), clerk: await count(clerk) };
    await inTenantTx(t.database.db, huaxin, (tx) =>
      notifyUsers(tx, {
        tenantId: huaxin,
        userIds: [buyerId, clerkId],
        kind: 'contract',
        title: exported(4),
      }),
    );
    expect(await count(buyer)).toBe(before.buyer + 1);
    expect(await count(clerk)).toBe(before.clerk);
    await inTenantTx(t.database.db, huaxin, (tx) =>
      notifyUsers(tx, { tenantId: huaxin, userIds: [clerkId], kind: 'order', title: exported(5) }),
    );
    expect(await count(clerk)).toBe(before.clerk + 1);
  });

  it('e-mails the admins who enabled e-mail after the join commits, and nobody for a muted kind', async () => {
    await buyer.put('/gateway/admin/message/settings', { emailEnabled: true, mutedKinds: [] });
    const supplier = as(t.app, await login(t.app, 'supplier'));
    const joined = await supplier.post('/gateway/admin/sysuserinfo/acceptInvite', {
      sysCompNo: '20260001',
      empInviteCode: '260001',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const mails = t.sent.filter((m) => m.channel === 'email');
    expect(mails).toEqual([
      expect.objectContaining({
        recipient: 'buyer@huaxin.example',
        subject: expect.stringContaining('supplier joined'),
      }),
    ]);

    await buyer.put('/gateway/admin/message/settings', { emailEnabled: true, mutedKinds: ['system'] });
    const unread = await count(buyer);
    const supplier2 = as(t.app, await login(t.app, 'supplier2'));
    await supplier2.post('/gateway/admin/sysuserinfo/acceptInvite', { sysCompNo: '20260001', empInviteCode: '260001' });
    expect(await count(buyer)).toBe(unread);
    expect(t.sent.filter((m) => m.channel === 'email')).toHaveLength(1);
  });

  it('sends nothing when the notifying transaction rolls back', async () => {
    const unread = await count(buyer);
    await expect(
      inTenantTx(t.database.db, huaxin, async (tx) => {
        await notifyUsers(tx, {
          tenantId: huaxin,
          userIds: [buyerId],
          kind: 'order',
          title: exported(6),
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await count(buyer)).toBe(unread);
  });
});
