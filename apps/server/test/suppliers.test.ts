import {
  CHK_STATE,
  type CustomerDetail,
  type CustomerItem,
  RELATION_STATE,
  SUPPLIER_ARCHIVE_PARTNER_FIELDS,
  SUPPLIER_INVITE_STATE,
  type SupplierContactsView,
  type SupplierDetail,
  type SupplierListItem,
  type SupplierRegistrationInput,
} from '@concord/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertSupplierAddressable } from '../src/modules/suppliers/suppliers.service.ts';
import { inTenantTx } from '../src/platform/context.ts';
import { AppError } from '../src/platform/errors.ts';
import { seedSuppliers } from '../src/seed/suppliers.ts';
import type { DemoWorld } from '../src/seed/world.ts';
import { as, type Caller, createTestContext, lastCode, login, type TestContext } from './helpers.ts';

let t: TestContext;
let buyer: Caller;
let buyerToken: string;
let clerk: Caller;
let huaxin: string;
const PASSWORD = 'Quartz#Lantern42';
let mobileSeq = 13900000500;

const registration: SupplierRegistrationInput = {
  fullName: 'Anhui Casting Co., Ltd.',
  enterpriseAbbreviation: 'Anhui Casting',
  supBusinessType: 'manufacturer',
  natureOfCompany: 'private',
  currency: 'CNY',
  paymentMethod: 'bankTransfer',
  bankName: 'Bank of China',
};

async function tenantOf(compNo: string): Promise<string> {
  const rows = await t.database.db.execute<{ id: string }>(
    sql`select id::text from enterprises where comp_no = ${compNo}`,
  );
  return rows.rows[0].id;
}

async function newUser(username: string, email: string): Promise<string> {
  const mobile = String(mobileSeq++);
  const anon = as(t.app);
  expect(
    (await anon.get(`/gateway/admin/sysuserinfo/getRegisterCode?mobileArea=%2B86&mobile=${mobile}`)).statusCode,
  ).toBe(200);
  const res = await anon.post('/gateway/admin/sysuserinfo/userRegister', {
    username,
    mobileArea: '+86',
    mobile,
    email,
    code: lastCode(t.sent, `+86${mobile}`),
    password: PASSWORD,
    password2: PASSWORD,
    agreement: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return login(t.app, username, PASSWORD);
}

/** A new user with a new enterprise: the caller acting as its administrator, and the enterprise. */
async function newCompany(username: string, name: string) {
  const token = await newUser(username, `${username}@example.test`);
  const res = await as(t.app, token).post('/gateway/admin/syscompanyinfo/compRegister', { name, shortName: name });
  expect(res.statusCode, res.body).toBe(200);
  const created = res.json().data as { tenantId: string; compNo: string; inviteCode: string };
  return { ...created, token, caller: as(t.app, token, created.tenantId) };
}

async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): { data: T } }>): Promise<T> {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data;
}

const del = (url: string) =>
  t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${buyerToken}` } });

const supplierCount = async () => {
  const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from suppliers`);
  return rows.rows[0].n;
};

async function buyerList(filter: Record<string, unknown> = {}, caller = buyer) {
  return ok<{ dataList: SupplierListItem[]; totalCount: number }>(
    caller.post('/gateway/srm/suppliers/list', { filter, pageParam: { pageNum: 1, pageSize: 100 } }),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  buyerToken = await login(t.app, 'buyer');
  buyer = as(t.app, buyerToken);
  clerk = as(t.app, await login(t.app, 'buyer.clerk'));
  huaxin = await tenantOf('20260001');
});
afterAll(() => t?.close());

describe('invitation by enterprise number', () => {
  it('invite → accept with registration data → review → joined on both lists', async () => {
    const anhui = await newCompany('anhui.admin', 'Anhui Casting');
    const invited = await ok<{ id: string; inviteState: number }>(
      buyer.post('/gateway/srm/supplier-invitations', { by: 'compNo', compNo: anhui.compNo, receiverName: 'Mr. Fang' }),
    );
    expect(invited.inviteState).toBe(SUPPLIER_INVITE_STATE.IN_PROGRESS);

    // The invited enterprise sees it at once, and a message tells its administrator.
    const incoming = await ok<{ supplierId: string; buyerCompNo: string }[]>(
      anhui.caller.get('/gateway/srm/supplier-invitations/incoming'),
    );
    expect(incoming).toEqual([expect.objectContaining({ supplierId: invited.id, buyerCompNo: '20260001' })]);
    const inbox = await ok<{ dataList: { title: string }[] }>(anhui.caller.get('/gateway/admin/message/myMsg'));
    expect(inbox.dataList.map((m) => m.title)).toContain(
      '华信电子 Huaxin Electronics invites you to become its supplier',
    );

    // Missing required registration data is refused and changes nothing.
    const bad = await anhui.caller.post('/gateway/srm/supplier-invitations/accept', {
      supplierId: invited.id,
      registration: { ...registration, currency: undefined },
    });
    expect(bad.statusCode).toBe(400);

    const accepted = await ok<{ supplierId: string; customerId: string }>(
      anhui.caller.post('/gateway/srm/supplier-invitations/accept', {
        supplierId: invited.id,
        registration,
        contact: { name: 'Fang Li', position: 'Sales', mobile: '13911112222', email: 'fang@anhui.example' },
      }),
    );
    const toReview = await ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${invited.id}`));
    expect(toReview).toMatchObject({
      side: 'buyer',
      inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED,
      chkState: CHK_STATE.PENDING,
      supplierCompNo: anhui.compNo,
      registration: expect.objectContaining({ fullName: registration.fullName }),
    });
    expect(toReview.contacts.filter((c) => c.isPrimary).map((c) => c.name)).toEqual(['Fang Li']);

    const approved = await ok<SupplierDetail>(buyer.post(`/gateway/srm/suppliers/${invited.id}/actions/approve`, {}));
    expect(approved).toMatchObject({
      inviteState: SUPPLIER_INVITE_STATE.JOINED,
      chkState: CHK_STATE.APPROVED,
      relationState: RELATION_STATE.VALID,
      archive: expect.objectContaining({ fullName: registration.fullName, currency: 'CNY' }),
    });
    expect(approved.joinDate).toBeTruthy();
    expect(approved.auditDate).toBeTruthy();

    const told = await ok<{ dataList: { title: string }[] }>(anhui.caller.get('/gateway/admin/message/myMsg'));
    expect(told.dataList.map((m) => m.title)).toContain('华信电子 Huaxin Electronics approved your registration data');
    const toldInChinese = await ok<{ dataList: { title: string; content: string }[] }>(
      anhui.caller.get('/gateway/admin/message/myMsg', { 'accept-language': 'zh-CN' }),
    );
    expect(toldInChinese.dataList[0]).toMatchObject({
      title: '华信电子 Huaxin Electronics 审核通过了贵司的注册资料',
      content: '贵司现已成为 华信电子 Huaxin Electronics 的正式供应商。',
    });
    const buyerInbox = await ok<{ dataList: { title: string; link: string }[] }>(
      buyer.get('/gateway/admin/message/myMsg'),
    );
    expect(buyerInbox.dataList.map((m) => m.link)).toContain(`/supplier/supfile/detail?id=${invited.id}`);
    const joined = await buyerList({ inviteState: SUPPLIER_INVITE_STATE.JOINED });
    expect(joined.dataList.map((s) => s.id)).toContain(invited.id);

    const theirCustomers = await ok<{ dataList: CustomerItem[] }>(anhui.caller.post('/gateway/srm/customers/list', {}));
    expect(theirCustomers.dataList).toEqual([
      expect.objectContaining({
        id: accepted.customerId,
        customerTenantId: huaxin,
        customerCompNo: '20260001',
        relationState: RELATION_STATE.VALID,
        inviteState: SUPPLIER_INVITE_STATE.JOINED,
      }),
    ]);
    // The supplier reads its own archive row, as the supplier side.
    const own = await ok<SupplierDetail>(anhui.caller.get(`/gateway/srm/suppliers/${invited.id}`));
    expect(own.side).toBe('supplier');

    // The operation record tells the story on the buyer's side.
    const record = await ok<{ summary: string }[]>(buyer.get(`/gateway/srm/suppliers/${invited.id}/operations`));
    expect(record.map((r) => r.summary).reverse()).toEqual([
      `invited Anhui Casting (${anhui.compNo}) to become a supplier, receiver Mr. Fang`,
      'Anhui Casting accepted the invitation and submitted its registration data',
      expect.stringMatching(/^approved supplier S\d+ Anhui Casting$/),
    ]);
    const inChinese = await ok<{ summary: string }[]>(
      buyer.get(`/gateway/srm/suppliers/${invited.id}/operations`, { 'accept-language': 'zh-CN' }),
    );
    expect(inChinese.map((r) => r.summary).reverse()).toEqual([
      `邀请 Anhui Casting（${anhui.compNo}）成为供应商，接收人 Mr. Fang`,
      'Anhui Casting 接受了邀请并提交了注册资料',
      expect.stringMatching(/^审核通过了供应商 S\d+ Anhui Casting$/),
    ]);
  });

  it('refuses a bad number, itself, an unknown enterprise and a second relation, changing nothing', async () => {
    const before = await supplierCount();
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ by: 'compNo', compNo: '1234', receiverName: 'X' }, 400, 'VALIDATION_FAILED'],
      [{ by: 'compNo', compNo: '20260002' }, 400, 'VALIDATION_FAILED'],
      [{ by: 'compNo', compNo: '20260001', receiverName: 'X' }, 400, 'PARTNER_IS_SELF'],
      [{ by: 'compNo', compNo: '99999999', receiverName: 'X' }, 400, 'PARTNER_ENTERPRISE_NOT_FOUND'],
      [{ by: 'contact', enterpriseName: 'Nobody Ltd', receiverName: 'X' }, 400, 'VALIDATION_FAILED'],
      [{ by: 'contact', enterpriseName: 'Nobody Ltd', email: 'x@example.test' }, 400, 'VALIDATION_FAILED'],
      [{ by: 'contact', receiverName: 'X', email: 'x@example.test' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await buyer.post('/gateway/srm/supplier-invitations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (code) expect(res.json().errorCode).toBe(code);
    }
    const twice = await newCompany('twice.admin', 'Twice Ltd');
    await ok(
      buyer.post('/gateway/srm/supplier-invitations', { by: 'compNo', compNo: twice.compNo, receiverName: 'A' }),
    );
    const again = await buyer.post('/gateway/srm/supplier-invitations', {
      by: 'compNo',
      compNo: twice.compNo,
      receiverName: 'A',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('SUPPLIER_ALREADY_RELATED');
    expect(await supplierCount()).toBe(before + 1);
  });
});

describe('invitation of a company not on the network', () => {
  it('e-mails a link; the new company registers, accepts and joins', async () => {
    const invited = await ok<{ id: string; linkSent: boolean }>(
      buyer.post('/gateway/srm/supplier-invitations', {
        by: 'contact',
        enterpriseName: 'Ningbo Springs',
        receiverName: 'Ms. Xu',
        email: 'xu@ningbo-springs.example',
      }),
    );
    expect(invited.linkSent).toBe(true);
    const mail = [...t.sent].reverse().find((m) => m.recipient === 'xu@ningbo-springs.example');
    const token = mail?.body.match(/[?&]partnerInvitation=([A-Za-z0-9_-]+)/)?.[1];
    expect(mail?.body).toContain('/profile/index?partnerInvitation=');
    expect(token).toBeTruthy();
    const pending = await ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${invited.id}`));
    expect(pending).toMatchObject({ supplierTenantId: null, inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS });
    expect(pending.pendingInvitation?.email).toBe('xu@ningbo-springs.example');
    // Only the hash is stored.
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from partner_invitations where token_hash = ${token!}`,
    );
    expect(stored.rows[0].n).toBe(0);

    const ningbo = await newCompany('xu.springs', 'Ningbo Springs');
    const preview = await ok<{ buyerCompNo: string; enterpriseName: string }>(
      as(t.app, ningbo.token).post('/gateway/srm/supplier-invitations/preview', { token }),
    );
    expect(preview).toMatchObject({ buyerCompNo: '20260001', enterpriseName: 'Ningbo Springs' });

    await ok(ningbo.caller.post('/gateway/srm/supplier-invitations/accept', { token, registration }));
    const bound = await ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${invited.id}`));
    expect(bound).toMatchObject({
      supplierTenantId: ningbo.tenantId,
      inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED,
      pendingInvitation: null,
    });
    // A token works once.
    const reuse = await ningbo.caller.post('/gateway/srm/supplier-invitations/accept', { token, registration });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().errorCode).toBe('PARTNER_INVITATION_INVALID');

    await ok(buyer.post(`/gateway/srm/suppliers/${invited.id}/actions/approve`, {}));
    const customers = await ok<{ dataList: CustomerItem[] }>(ningbo.caller.post('/gateway/srm/customers/list', {}));
    expect(customers.dataList).toEqual([
      expect.objectContaining({ customerTenantId: huaxin, inviteState: SUPPLIER_INVITE_STATE.JOINED }),
    ]);
  });
});

describe('transitions and two-party rights', () => {
  let supplierId: string;
  let partner: Awaited<ReturnType<typeof newCompany>>;
  let customerId: string;

  beforeAll(async () => {
    partner = await newCompany('rights.admin', 'Rights Metal');
    const invited = await ok<{ id: string }>(
      buyer.post('/gateway/srm/supplier-invitations', { by: 'compNo', compNo: partner.compNo, receiverName: 'R' }),
    );
    supplierId = invited.id;
    customerId = (
      await ok<{ customerId: string }>(
        partner.caller.post('/gateway/srm/supplier-invitations/accept', { supplierId, registration }),
      )
    ).customerId;
  });

  it('reject sends it back with the reason; concurrent reviews give one 200 and one 409', async () => {
    const noReason = await buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/reject`, {});
    expect(noReason.statusCode).toBe(400);
    const rejected = await ok<SupplierDetail>(
      buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/reject`, { auditDescription: 'Bank account missing' }),
    );
    expect(rejected).toMatchObject({
      inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS,
      chkState: CHK_STATE.REJECTED,
      auditDescription: 'Bank account missing',
    });
    const incoming = await ok<{ auditDescription: string }[]>(
      partner.caller.get('/gateway/srm/supplier-invitations/incoming'),
    );
    expect(incoming[0].auditDescription).toBe('Bank account missing');
    // The return reason is addressed to the supplier: its partner view of the archive keeps it.
    const returned = await ok<SupplierDetail>(partner.caller.get(`/gateway/srm/suppliers/${supplierId}`));
    expect(returned).toMatchObject({ side: 'supplier', auditDescription: 'Bank account missing' });
    // While in progress the supplier may keep its registration data.
    await ok(
      partner.caller.put(`/gateway/srm/suppliers/${supplierId}/registration`, {
        version: rejected.version,
        registration: { ...registration, supBankAccount: '6222 0000 1111' },
      }),
    );
    await ok(partner.caller.post('/gateway/srm/supplier-invitations/accept', { supplierId, registration }));

    const [a, b] = await Promise.all([
      buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/approve`, {}),
      buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/approve`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().errorCode).toBe('SUPPLIER_STATE_CHANGED');
    const closed = await partner.caller.put(`/gateway/srm/suppliers/${supplierId}/registration`, {
      version: 1,
      registration,
    });
    expect(closed.json().errorCode).toBe('SUPPLIER_REGISTRATION_CLOSED');
  });

  it('T-03: the supplier cannot write the buyer archive or run buyer actions; the buyer cannot edit customer rows', async () => {
    const detail = await ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${supplierId}`));
    const put = await partner.caller.put(`/gateway/srm/suppliers/${supplierId}`, {
      version: detail.version,
      supCode: 'HACK',
      supName: 'Hacked',
      archive: { ...registration, paymentMethod: 'cash' },
    });
    expect(put.statusCode).toBe(403);
    for (const action of ['blacklist', 'stop', 'invalidate', 'approve']) {
      const res = await partner.caller.post(`/gateway/srm/suppliers/${supplierId}/actions/${action}`, {});
      expect(res.statusCode, action).toBe(403);
    }
    const after = await ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${supplierId}`));
    expect(after).toMatchObject({
      supCode: detail.supCode,
      version: detail.version,
      relationState: RELATION_STATE.VALID,
    });

    // The supplier keeps its own contacts; the buyer sees them.
    const { version } = await ok<SupplierContactsView>(
      partner.caller.get(`/gateway/srm/suppliers/${supplierId}/contacts`),
    );
    await ok(
      partner.caller.put(`/gateway/srm/suppliers/${supplierId}/contacts`, {
        version,
        contacts: [
          { name: 'Wu Gang', position: 'Sales', isPrimary: true, weChatNumber: 'wugang' },
          { name: 'Zhao Min', connectFax: '0551-1234567' },
        ],
      }),
    );
    const contacts = await ok<SupplierContactsView>(buyer.get(`/gateway/srm/suppliers/${supplierId}/contacts`));
    expect(contacts.contacts.map((c) => [c.name, c.isPrimary])).toEqual([
      ['Wu Gang', true],
      ['Zhao Min', false],
    ]);
    const twoPrimaries = await partner.caller.put(`/gateway/srm/suppliers/${supplierId}/contacts`, {
      version: contacts.version,
      contacts: [
        { name: 'A', isPrimary: true },
        { name: 'B', isPrimary: true },
      ],
    });
    expect(twoPrimaries.statusCode).toBe(400);

    // The buyer (an administrator, so holding SL_CUS) finds no such customer row in its own enterprise.
    const customer = await ok<CustomerItem>(partner.caller.get(`/gateway/srm/customers/${customerId}`));
    const buyerEdit = await buyer.put(`/gateway/srm/customers/${customerId}`, {
      version: customer.version,
      poName: 'Overwritten',
    });
    expect(buyerEdit.statusCode).toBe(404);
    const own = await ok<CustomerItem>(
      partner.caller.put(`/gateway/srm/customers/${customerId}`, {
        version: customer.version,
        poCode: 'HX',
        poName: customer.poName,
        poShort: 'Huaxin',
      }),
    );
    expect(own).toMatchObject({ poCode: 'HX', poShort: 'Huaxin' });
    const stale = await partner.caller.put(`/gateway/srm/customers/${customerId}`, {
      version: customer.version,
      poName: 'x',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('R-04: of two editors who read the same contact list, the stale one gets 409 and loses nothing of the other', async () => {
    const url = `/gateway/srm/suppliers/${supplierId}/contacts`;
    const seenByBuyer = await ok<SupplierContactsView>(buyer.get(url));
    const seenBySupplier = await ok<SupplierContactsView>(partner.caller.get(url));
    expect(seenBySupplier.version).toBe(seenByBuyer.version);
    const keep = (list: SupplierContactsView['contacts']) => list.map(({ id: _id, ...c }) => c);

    const first = await ok<SupplierContactsView>(
      partner.caller.put(url, {
        version: seenBySupplier.version,
        contacts: [...keep(seenBySupplier.contacts), { name: 'Qian Li', position: 'Quality' }],
      }),
    );
    expect(first.version).toBe(seenBySupplier.version + 1);
    const second = await buyer.put(url, {
      version: seenByBuyer.version,
      contacts: [{ name: 'Only Buyer Pick', isPrimary: true }],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('CONFLICT');
    const now = await ok<SupplierContactsView>(buyer.get(url));
    expect(now).toEqual(first);
    expect(now.contacts.map((c) => c.name)).toEqual(['Wu Gang', 'Zhao Min', 'Qian Li']);

    // The buyer reloads and saves on top of the supplier's change; the archive edit now needs that version too.
    const merged = await ok<SupplierContactsView>(
      buyer.put(url, { version: now.version, contacts: [...keep(now.contacts), { name: 'Sun Hao' }] }),
    );
    expect(merged.contacts.map((c) => c.name)).toEqual(['Wu Gang', 'Zhao Min', 'Qian Li', 'Sun Hao']);
    const archive = await ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${supplierId}`));
    expect(archive.version).toBe(merged.version);
  });

  it('T-14: the supplier reads the buyer’s archive of it through the partner view only', async () => {
    const detail = await ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${supplierId}`));
    const cls = await ok<{ id: string }>(
      buyer.post('/gateway/srm/supplier-classes', { code: 'PV-SECRET', name: 'ZQX-PV-CLASS strategic' }),
    );
    await ok(
      buyer.put(`/gateway/srm/suppliers/${supplierId}`, {
        version: detail.version,
        supCode: detail.supCode,
        supName: detail.supName,
        supplierClassId: cls.id,
        lifeCycle: 'phaseOut',
        archive: {
          ...registration,
          ERPOfficialCode: 'ZQX-PV-ERP',
          supClass1: 'ZQX-PV-C1',
          customerStatus: 'ZQX-PV-STATUS',
          supPayCondition: 'ZQX-PV-PAY',
        },
      }),
    );
    // An approval note is the buyer's own.
    await t.database.db.execute(
      sql`update suppliers set audit_description = 'ZQX-PV-NOTE' where tenant_id = ${huaxin} and id = ${supplierId}`,
    );
    const asBuyer = await buyer.get(`/gateway/srm/suppliers/${supplierId}`);
    expect(asBuyer.body).toContain('ZQX-PV-ERP');
    expect(asBuyer.body).toContain('ZQX-PV-NOTE');

    const asSupplier = await partner.caller.get(`/gateway/srm/suppliers/${supplierId}`);
    expect(asSupplier.statusCode).toBe(200);
    expect(asSupplier.body).not.toMatch(/ZQX-PV|phaseOut/);
    const view = asSupplier.json().data;
    expect(
      Object.keys(view).filter((k) => !(SUPPLIER_ARCHIVE_PARTNER_FIELDS as readonly string[]).includes(k)),
    ).toEqual([]);
    expect(view).toMatchObject({ side: 'supplier', supCode: detail.supCode, auditDescription: '' });
    const customer = await ok<CustomerDetail>(partner.caller.get(`/gateway/srm/customers/${customerId}`));
    expect(customer).toMatchObject({ supCode: detail.supCode, auditDescription: '' });
  });

  it('T-01: an outsider enterprise sees none of it', async () => {
    const outsider = await newCompany('outsider.partners', 'Outsider Ltd');
    for (const url of [
      `/gateway/srm/suppliers/${supplierId}`,
      `/gateway/srm/suppliers/${supplierId}/contacts`,
      `/gateway/srm/customers/${customerId}`,
    ]) {
      const res = await outsider.caller.get(url);
      expect(res.statusCode, url).toBe(404);
    }
    const act = await outsider.caller.post(`/gateway/srm/suppliers/${supplierId}/actions/blacklist`, {});
    expect(act.statusCode).toBe(404);
    const list = await ok<{ totalCount: number }>(outsider.caller.post('/gateway/srm/suppliers/list', {}));
    expect(list.totalCount).toBe(0);
  });

  it('blacklisted and stopped suppliers cannot be addressed; restore and resume make them addressable again', async () => {
    const check = () => inTenantTx(t.database.db, huaxin, (tx) => assertSupplierAddressable(tx, huaxin, supplierId));
    await expect(check()).resolves.toMatchObject({ id: supplierId, supplierTenantId: partner.tenantId });

    await ok(buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/stop`, {}));
    await expect(check()).rejects.toMatchObject({ errorCode: 'SUPPLIER_BLOCKED' });
    const stopped = await ok<{ dataList: CustomerItem[] }>(partner.caller.post('/gateway/srm/customers/list', {}));
    expect(stopped.dataList[0].relationState).toBe(RELATION_STATE.STOPPED);
    await ok(buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/resume`, {}));
    await expect(check()).resolves.toBeTruthy();

    const blacklisted = await ok<SupplierDetail>(
      buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/blacklist`, {}),
    );
    expect(blacklisted.inviteState).toBe(SUPPLIER_INVITE_STATE.BLACKLIST);
    await expect(check()).rejects.toBeInstanceOf(AppError);
    // Stop is not declared from the blacklist.
    expect((await buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/stop`, {})).statusCode).toBe(409);
    const restored = await ok<SupplierDetail>(buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/restore`, {}));
    expect(restored.inviteState).toBe(SUPPLIER_INVITE_STATE.JOINED);
    await expect(check()).resolves.toBeTruthy();

    await ok(buyer.post(`/gateway/srm/suppliers/${supplierId}/actions/invalidate`, {}));
    await expect(check()).rejects.toMatchObject({ errorCode: 'SUPPLIER_BLOCKED' });
    await expect(
      inTenantTx(t.database.db, huaxin, (tx) => assertSupplierAddressable(tx, huaxin, '123456789')),
    ).rejects.toMatchObject({ errorCode: 'NOT_FOUND' });
  });
});

describe('archive, classes and permissions', () => {
  it('creates an archive by hand with the required fields, edits it with a version, and classes it', async () => {
    const missing = await buyer.post('/gateway/srm/suppliers', {
      supName: 'Hand Made Ltd',
      archive: { fullName: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    const cls = await ok<{ id: string; version: number }>(
      buyer.post('/gateway/srm/supplier-classes', { code: 'CAST', name: 'Castings 铸件', groupControl: true }),
    );
    const dup = await buyer.post('/gateway/srm/supplier-classes', { code: 'CAST', name: 'Again' });
    expect(dup.statusCode).toBe(409);
    const created = await ok<SupplierDetail>(
      buyer.post('/gateway/srm/suppliers', {
        supName: 'Hand Made Ltd',
        supplierClassId: cls.id,
        archive: { ...registration, fullName: 'Hand Made Ltd' },
        contacts: [{ name: 'Lin', isPrimary: true }],
      }),
    );
    expect(created).toMatchObject({
      inviteState: SUPPLIER_INVITE_STATE.NOT_INVITED,
      supplierClassName: 'Castings 铸件',
      primaryContact: 'Lin',
    });
    expect(created.supCode).toMatch(/^S\d{5}$/);
    const edited = await ok<SupplierDetail>(
      buyer.put(`/gateway/srm/suppliers/${created.id}`, {
        version: created.version,
        supCode: created.supCode,
        supName: 'Hand Made Ltd',
        supShort: 'Hand Made',
        supplierClassId: cls.id,
        archive: { ...registration, fullName: 'Hand Made Ltd', ERPOfficialCode: 'V-1001' },
      }),
    );
    expect(edited.archive.ERPOfficialCode).toBe('V-1001');
    const stale = await buyer.put(`/gateway/srm/suppliers/${created.id}`, {
      version: created.version,
      supCode: created.supCode,
      supName: 'Lost update',
      archive: { ...registration },
    });
    expect(stale.statusCode).toBe(409);
    const byClass = await buyerList({ supplierClassId: cls.id });
    expect(byClass.dataList.map((s) => s.id)).toEqual([created.id]);
    const inUse = await del(`/gateway/srm/supplier-classes/${cls.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().errorCode).toBe('SUPPLIER_CLASS_IN_USE');
    const spare = await ok<{ id: string }>(
      buyer.post('/gateway/srm/supplier-classes', { code: 'SPARE', name: 'Spare' }),
    );
    expect((await del(`/gateway/srm/supplier-classes/${spare.id}`)).statusCode).toBe(200);

    // An archive-only supplier is invited later by e-mail: the same row moves to in progress.
    const invited = await ok<{ id: string; inviteState: number }>(
      buyer.post('/gateway/srm/supplier-invitations', {
        by: 'contact',
        supplierId: created.id,
        enterpriseName: 'Hand Made Ltd',
        receiverName: 'Lin',
        mobile: '13912345678',
      }),
    );
    expect(invited).toMatchObject({ id: created.id, inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS });
    expect(t.sent.some((m) => m.channel === 'sms' && m.recipient === '+8613912345678')).toBe(true);
  });

  it('the clerk (PO_SUP, PO_SUP_ARC, no SL_CUS) sees only his own archives and no customer archive', async () => {
    const mine = await ok<SupplierDetail>(
      clerk.post('/gateway/srm/suppliers', { supName: 'Clerk Supplier', archive: { ...registration } }),
    );
    const list = await buyerList({}, clerk);
    expect(list.dataList.map((s) => s.id)).toContain(mine.id);
    const clerkId = (await clerk.get('/gateway/admin/user/info')).json().data.sysUser.userId;
    const others = (
      await t.database.db.execute<{ id: string }>(
        sql`select id::text from suppliers where tenant_id = ${huaxin} and owner_id is distinct from ${clerkId}`,
      )
    ).rows;
    expect(others.length).toBeGreaterThan(0);
    for (const s of others) expect(list.dataList.map((x) => x.id)).not.toContain(s.id);
    expect((await clerk.get(`/gateway/srm/suppliers/${others[0].id}`)).statusCode).toBe(404);
    expect((await clerk.post('/gateway/srm/customers/list', {})).statusCode).toBe(403);
    expect(
      (await clerk.post('/gateway/srm/customers/invite', { compNo: '20260002', inviteCode: '260002' })).statusCode,
    ).toBe(403);
  });
});

describe('customer invitation from the supplier side', () => {
  it('refuses a wrong invite code and throttles guessing; a right one lists the supplier for review', async () => {
    const seller = await newCompany('seller.admin', 'Seller Plastics');
    const buyerCo = await newCompany('buyerco.admin', 'Buyer Co');
    const before = await supplierCount();
    const wrong = await seller.caller.post('/gateway/srm/customers/invite', {
      compNo: buyerCo.compNo,
      inviteCode: '000000' === buyerCo.inviteCode ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('INVITE_CODE_INVALID');
    const self = await seller.caller.post('/gateway/srm/customers/invite', {
      compNo: seller.compNo,
      inviteCode: seller.inviteCode,
    });
    expect(self.json().errorCode).toBe('PARTNER_IS_SELF');

    const ok1 = await ok<CustomerItem>(
      seller.caller.post('/gateway/srm/customers/invite', {
        compNo: buyerCo.compNo,
        inviteCode: buyerCo.inviteCode,
        registration,
      }),
    );
    expect(ok1).toMatchObject({
      customerTenantId: buyerCo.tenantId,
      inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED,
    });
    const theirs = await buyerList({ inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED }, buyerCo.caller);
    expect(theirs.dataList).toEqual([expect.objectContaining({ supplierTenantId: seller.tenantId })]);
    await ok(buyerCo.caller.post(`/gateway/srm/suppliers/${theirs.dataList[0].id}/actions/approve`, {}));
    const again = await seller.caller.post('/gateway/srm/customers/invite', {
      compNo: buyerCo.compNo,
      inviteCode: buyerCo.inviteCode,
    });
    expect(again.json().errorCode).toBe('SUPPLIER_ALREADY_RELATED');

    const target = await newCompany('target.admin', 'Target Co');
    const wrongCode = target.inviteCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await seller.caller.post('/gateway/srm/customers/invite', {
        compNo: target.compNo,
        inviteCode: wrongCode,
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await seller.caller.post('/gateway/srm/customers/invite', {
      compNo: target.compNo,
      inviteCode: target.inviteCode,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeTruthy();
    expect(await supplierCount()).toBe(before + 1);
  });
});

describe('demo seed', () => {
  // A world of its own: the seed runs right after the enterprises exist, before anyone invited anybody.
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(() => fresh?.close());

  it('seeds Huaxin’s suppliers in every state once, with the supplier sides’ customer rows', async () => {
    const t = fresh;
    const buyer = as(t.app, await login(t.app, 'buyer'));
    const ids = async (table: 'users' | 'enterprises', column: string, values: string[]) => {
      const rows = await t.database.db.execute<{ id: string; key: string }>(
        sql`select id::text, ${sql.identifier(column)} as key from ${sql.identifier(table)} where ${sql.identifier(column)} in ${values}`,
      );
      return Object.fromEntries(rows.rows.map((r) => [r.key, r.id]));
    };
    const tenants = await ids('enterprises', 'comp_no', ['20260001', '20260002', '20260003']);
    const people = await ids('users', 'username', ['buyer', 'buyer.clerk', 'supplier', 'supplier2']);
    const world: DemoWorld = {
      tenants: { huaxin: tenants['20260001'], precision: tenants['20260002'], plastics: tenants['20260003'] },
      users: {
        buyer: people.buyer,
        'buyer.clerk': people['buyer.clerk'],
        supplier: people.supplier,
        supplier2: people.supplier2,
      },
    };
    const seeded = await seedSuppliers(t.database.db, world);
    expect(await seedSuppliers(t.database.db, world)).toEqual(seeded);

    const state = async (id: string) => ok<SupplierDetail>(buyer.get(`/gateway/srm/suppliers/${id}`));
    expect(await state(seeded.precision)).toMatchObject({
      inviteState: SUPPLIER_INVITE_STATE.JOINED,
      relationState: RELATION_STATE.VALID,
      supplierClassName: 'Machined parts 机加件',
      primaryContact: '陈志强 Chen Zhiqiang',
    });
    expect(await state(seeded.plastics)).toMatchObject({
      inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED,
      registration: expect.objectContaining({ currency: 'CNY' }),
    });
    expect(await state(seeded.hengtong)).toMatchObject({
      inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS,
      supplierTenantId: null,
      pendingInvitation: expect.objectContaining({ email: 'liuwei@hengtong-pack.example' }),
    });
    expect((await state(seeded.jiulian)).inviteState).toBe(SUPPLIER_INVITE_STATE.BLACKLIST);
    expect((await state(seeded.zhengtai)).relationState).toBe(RELATION_STATE.STOPPED);
    for (const blocked of [seeded.jiulian, seeded.zhengtai]) {
      await expect(
        inTenantTx(t.database.db, world.tenants.huaxin, (tx) =>
          assertSupplierAddressable(tx, world.tenants.huaxin, blocked),
        ),
      ).rejects.toMatchObject({ errorCode: 'SUPPLIER_BLOCKED' });
    }

    const precisionAdmin = as(t.app, await login(t.app, 'supplier'));
    const theirs = await ok<{ dataList: CustomerItem[] }>(precisionAdmin.post('/gateway/srm/customers/list', {}));
    expect(theirs.dataList).toEqual([
      expect.objectContaining({ customerCompNo: '20260001', inviteState: SUPPLIER_INVITE_STATE.JOINED }),
    ]);
    // The seeded review is a real one: the buyer approves Plastics and it joins.
    await ok(buyer.post(`/gateway/srm/suppliers/${seeded.plastics}/actions/approve`, {}));
    expect((await state(seeded.plastics)).inviteState).toBe(SUPPLIER_INVITE_STATE.JOINED);
  });
});
