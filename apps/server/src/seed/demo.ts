import { MEMBER_STATUS, text, USER_TYPE } from '@concord/shared';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { enterpriseCapabilities, enterprises, memberships, users } from '../db/schema.ts';
import { notifyUsers } from '../modules/messages/messages.service.ts';
import { recordOperation } from '../modules/operation-logs/operation-logs.service.ts';
import { inTenantTx } from '../platform/context.ts';
import { attributeLinkedFiles } from '../platform/file-documents.ts';
import { newId } from '../platform/ids.ts';
import { hashPassword } from '../platform/passwords.ts';
import { seedBasicData } from './basic-data.ts';
import { seedContractOrders, seedContracts } from './contracts.ts';
import { seedDeliveryNotes } from './delivery-notes.ts';
import { seedInquiries } from './inquiries.ts';
import { seedMaterials } from './materials.ts';
import { seedNotices } from './notices.ts';
import { seedOrganization } from './organization.ts';
import { seedPositions } from './positions.ts';
import { seedPurchaseOrders } from './purchase-orders.ts';
import { seedQualifications } from './qualifications.ts';
import { seedReceipts } from './receipts.ts';
import { seedReceivingPlans } from './receiving-plans.ts';
import { seedReconciliations } from './reconciliations.ts';
import { seedSourcing } from './sourcing.ts';
import { seedSuppliers } from './suppliers.ts';
import type { DemoWorld } from './world.ts';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS = [
  {
    username: 'buyer',
    name: '王建华 Wang Jianhua',
    mobile: '13800000001',
    email: 'buyer@huaxin.example',
    role: 'administrator of Huaxin Electronics 华信电子 (buyer)',
  },
  {
    username: 'buyer.clerk',
    name: '李晓梅 Li Xiaomei',
    mobile: '13800000002',
    email: 'clerk@huaxin.example',
    role: 'ordinary user of Huaxin Electronics 华信电子',
  },
  {
    username: 'supplier',
    name: '陈志强 Chen Zhiqiang',
    mobile: '13800000003',
    email: 'sales@szprecision.example',
    role: 'administrator of Shenzhen Precision Parts 深圳精密零件 (supplier)',
  },
  {
    username: 'supplier2',
    name: '周丽 Zhou Li',
    mobile: '13800000004',
    email: 'sales@szplastics.example',
    role: 'administrator of Suzhou Plastics 苏州塑胶 (supplier)',
  },
] as const;

const ENTERPRISES = [
  {
    key: 'huaxin',
    compNo: '20260001',
    inviteCode: '260001',
    name: '华信电子有限公司 Huaxin Electronics Co., Ltd.',
    shortName: '华信电子 Huaxin Electronics',
    profile: 'Contract manufacturer of industrial control boards and power modules; 3 SMT lines in Dongguan.',
    printName: '华信电子有限公司',
    socialCreditCode: '91441900MA4W7K2X3P',
    industry: 'Electronics manufacturing',
    scale: '200-999',
    legalPerson: '王建华',
    bankName: '中国工商银行东莞分行',
    bankAccount: '2010 0213 0920 0188 321',
    contractTerms: 'Payment 60 days after the reconciliation statement is confirmed by both sides.',
    address: '广东省东莞市松山湖高新区工业南路 6 号 华信电子园 3 栋',
    phone: '0769-2289 1000',
    subsidiaries: ['华信电子(香港)有限公司'],
    divisions: ['Power modules', 'Control boards'],
    admin: 'buyer',
    members: ['buyer.clerk'],
  },
  {
    key: 'precision',
    compNo: '20260002',
    inviteCode: '260002',
    name: '深圳精密零件有限公司 Shenzhen Precision Parts Co., Ltd.',
    shortName: '深圳精密零件 Shenzhen Precision Parts',
    profile: 'CNC-machined aluminium housings, heat sinks and brackets.',
    printName: '深圳精密零件有限公司',
    socialCreditCode: '91440300MA5F8LQ21T',
    industry: 'Machining',
    scale: '50-199',
    legalPerson: '陈志强',
    bankName: '招商银行深圳分行',
    bankAccount: '7559 2134 5610 001',
    contractTerms: 'Prices include 13% VAT and delivery to the buyer’s warehouse.',
    address: '广东省深圳市宝安区福永街道凤凰工业区 12 栋',
    phone: '0755-2771 8800',
    subsidiaries: [],
    divisions: ['CNC', 'Surface treatment'],
    admin: 'supplier',
    members: [],
  },
  {
    key: 'plastics',
    compNo: '20260003',
    inviteCode: '260003',
    name: '苏州塑胶制品有限公司 Suzhou Plastics Co., Ltd.',
    shortName: '苏州塑胶 Suzhou Plastics',
    profile: 'Injection-moulded enclosures and connectors.',
    printName: '苏州塑胶制品有限公司',
    socialCreditCode: '91320500MA1N2P8D6K',
    industry: 'Plastics',
    scale: '50-199',
    legalPerson: '周丽',
    bankName: '中国银行苏州分行',
    bankAccount: '5263 6677 8899 002',
    contractTerms: '',
    address: '江苏省苏州市吴中区木渎镇金枫南路 88 号',
    phone: '0512-6651 2300',
    subsidiaries: [],
    divisions: [],
    admin: 'supplier2',
    members: [],
  },
] as const;

/** Seeds the demo world when the database has no user yet. Returns whether it did. */
export async function seedDemoWorld(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds = new Map<string, string>();
  for (const a of DEMO_ACCOUNTS) {
    const id = newId();
    userIds.set(a.username, id);
    await db.insert(users).values({
      id,
      username: a.username,
      name: a.name,
      mobileArea: '+86',
      mobile: a.mobile,
      email: a.email,
      passwordHash,
    });
  }

  const tenantIds = new Map<string, string>();
  for (const e of ENTERPRISES) {
    const tenantId = newId();
    tenantIds.set(e.key, tenantId);
    const adminId = userIds.get(e.admin)!;
    const { key: _key, admin: _admin, members, ...fields } = e;
    await inTenantTx(db, tenantId, async (tx) => {
      await tx.insert(enterprises).values({
        id: tenantId,
        createdBy: adminId,
        ...fields,
        subsidiaries: [...fields.subsidiaries],
        divisions: [...fields.divisions],
      });
      await tx
        .insert(memberships)
        .values({ tenantId, userId: adminId, userType: USER_TYPE.ADMIN, status: MEMBER_STATUS.JOINED });
      for (const m of members) {
        await tx
          .insert(memberships)
          .values({ tenantId, userId: userIds.get(m)!, userType: USER_TYPE.OPERATOR, status: MEMBER_STATUS.JOINED });
      }
      await seedOrganization(tx, { tenantId, key: e.key, adminId, userIds });
      await seedPositions(tx, { tenantId, key: e.key, adminId, userIds });
      await seedBasicData(tx, { tenantId, key: e.key, adminId, userIds });
      await tx.insert(enterpriseCapabilities).values([
        {
          tenantId,
          id: newId(),
          number: 'ISO9001',
          title: 'ISO 9001:2015 quality management',
          remark: 'Certificate CN-QMS-2024-0815',
          validityType: '3',
          expiryDate: '2027-08-14',
          sortOrder: 0,
        },
        {
          tenantId,
          id: newId(),
          number: 'ISO14001',
          title: 'ISO 14001:2015 environmental management',
          remark: '',
          validityType: 'date',
          expiryDate: '2026-12-31',
          sortOrder: 1,
        },
      ]);
      const actor = { tenantId, userId: adminId, username: e.admin, ip: '127.0.0.1' };
      await recordOperation(tx, actor, {
        type: 10,
        module: 'enterprises',
        targetId: tenantId,
        summary: text('enterprises.created', { name: fields.name, compNo: fields.compNo }),
      });
      const everyone = [adminId, ...members.map((m) => userIds.get(m)!)];
      await notifyUsers(tx, {
        tenantId,
        userIds: everyone,
        kind: 'system',
        title: text('enterprises.welcome'),
        content: text('enterprises.welcomeAdvice', { compNo: fields.compNo }),
        link: '/enterpriseinformation',
      });
      await notifyUsers(tx, {
        tenantId,
        userIds: [adminId],
        kind: 'qualification',
        title: text('enterprises.capabilityExpiring', { number: 'ISO 14001', expiryDate: '2026-12-31' }),
        content: text('enterprises.capabilityRenewAdvice'),
        link: '/enterpriseinformation',
      });
      await notifyUsers(tx, {
        tenantId,
        userIds: everyone,
        kind: 'contract',
        title: text('enterprises.agreementShared', { year: 2027 }),
        content: text('enterprises.agreementSharedAdvice', { year: 2027 }),
      });
    });
  }
  const world: DemoWorld = {
    tenants: {
      huaxin: tenantIds.get('huaxin')!,
      precision: tenantIds.get('precision')!,
      plastics: tenantIds.get('plastics')!,
    },
    users: {
      buyer: userIds.get('buyer')!,
      'buyer.clerk': userIds.get('buyer.clerk')!,
      supplier: userIds.get('supplier')!,
      supplier2: userIds.get('supplier2')!,
    },
  };
  await seedPartners(db, world);
  // The demo documents link sample files as if they had been uploaded: they get the rows uploads get.
  await attributeLinkedFiles(db);
  return true;
}

/** Relationships and documents between the enterprises, once every enterprise exists. */
async function seedPartners(db: Db, world: DemoWorld): Promise<void> {
  const suppliers = await seedSuppliers(db, world);
  await seedQualifications(db, world, {
    precision: suppliers.precision,
    classes: { machined: suppliers.classes.machined },
  });
  await seedNotices(db, world);
  await seedSourcing(db, world);
  await seedMaterials(db, world);
  await seedContracts(db, world);
  await seedPurchaseOrders(db, world);
  await seedReceivingPlans(db, world);
  const { sentNoteIds } = await seedDeliveryNotes(db, world);
  await seedReceipts(db, world, sentNoteIds);
  await seedReconciliations(db, world);
  await seedInquiries(db, world);
  await seedContractOrders(db, world);
}
