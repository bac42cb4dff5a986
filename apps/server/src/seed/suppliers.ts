import {
  CHK_STATE,
  MEMBER_STATUS,
  OPERATION_TYPE,
  PARTNER_INVITATION_TTL_DAYS,
  RELATION_STATE,
  SUPPLIER_INVITE_STATE,
  type SupplierArchive,
  type SupplierContact,
  type SupplierRegistration,
  SYNC_STATE,
  type TextRef,
  text,
  USER_TYPE,
} from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  customers,
  employees,
  enterprises,
  memberships,
  partnerInvitations,
  supplierClasses,
  supplierContacts,
  suppliers,
  users,
} from '../db/schema.ts';
import { recordOperation } from '../modules/operation-logs/operation-logs.service.ts';
import { SUPPLIERS_MODULE, supplierActionSummary } from '../modules/suppliers/suppliers.service.ts';
import { inTenantTx, switchTenant } from '../platform/context.ts';
import { newId } from '../platform/ids.ts';
import { newToken, randomDigits } from '../platform/tokens.ts';
import type { DemoWorld } from './world.ts';

/** Huaxin's supplier archive ids by demo key, and its supplier classes, for the seeds that follow. */
export interface SeededSuppliers {
  /** Shenzhen Precision: joined, relation valid, class "Machined parts". */
  precision: string;
  /** Suzhou Plastics: accepted and submitted its registration data, to be reviewed. */
  plastics: string;
  /** Dongguan Hengtong Packaging: not on the network, invited by e-mail, in progress. */
  hengtong: string;
  /** Foshan Jiulian Hardware: archive only, blacklisted. */
  jiulian: string;
  /** Ningbo Zhengtai Electronics: joined, relation stopped. */
  zhengtai: string;
  classes: { machined: string; plastic: string; packaging: string; electronic: string };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A dormant demo enterprise that Huaxin stopped working with; its administrator cannot sign in. */
const ZHENGTAI = {
  compNo: '20269001',
  name: '宁波正泰电子有限公司 Ningbo Zhengtai Electronics Co., Ltd.',
  shortName: '宁波正泰电子 Ningbo Zhengtai',
  profile: 'Wire harnesses and small transformers.',
  socialCreditCode: '91330200MA2H3K4L5M',
  industry: 'Electronics',
  scale: '50-199',
  legalPerson: '孙海',
  address: '浙江省宁波市北仑区新碶街道明州路 21 号',
  phone: '0574-8683 5500',
};

const PRECISION_REGISTRATION: SupplierRegistration = {
  fullName: '深圳精密零件有限公司 Shenzhen Precision Parts Co., Ltd.',
  enterpriseAbbreviation: '深圳精密零件',
  supBusinessType: 'manufacturer',
  natureOfCompany: 'private',
  currency: 'CNY',
  paymentMethod: 'bankTransfer',
  socialCreditCode: '91440300MA5F8LQ21T',
  registeredCapital: '5,000,000 CNY',
  registeredLegalPerson: '陈志强',
  natureOfBusiness: 'CNC machining, anodizing',
  productDescription: 'CNC-machined aluminium housings, heat sinks and brackets.',
  businessAddress: '深圳市宝安区福永街道凤凰工业区 12 栋',
  addressProvince: '广东省 Guangdong',
  addressCity: '深圳市 Shenzhen',
  supConnectPhone: '0755-2771 8800',
  bankName: '招商银行深圳分行',
  supBankAccount: '7559 2134 5610 001',
  supTaxType: 'VAT general taxpayer 一般纳税人',
};

const PLASTICS_REGISTRATION: SupplierRegistration = {
  fullName: '苏州塑胶制品有限公司 Suzhou Plastics Co., Ltd.',
  enterpriseAbbreviation: '苏州塑胶',
  supBusinessType: 'manufacturer',
  natureOfCompany: 'jointVenture',
  currency: 'CNY',
  paymentMethod: 'acceptanceBill',
  socialCreditCode: '91320500MA1N2P8D6K',
  registeredCapital: '12,000,000 CNY',
  registeredLegalPerson: '周丽',
  natureOfBusiness: 'Injection moulding',
  productDescription: 'Injection-moulded enclosures and connectors.',
  businessAddress: '苏州工业园区星龙街 88 号',
  addressProvince: '江苏省 Jiangsu',
  addressCity: '苏州市 Suzhou',
  supConnectPhone: '0512-6288 1200',
  bankName: '中国银行苏州分行',
  supBankAccount: '5263 6677 8899 002',
  supTaxType: 'VAT general taxpayer 一般纳税人',
};

const archiveOf = (r: SupplierRegistration, extra: Partial<SupplierArchive> = {}): SupplierArchive => ({
  ...r,
  ERPOfficialCode: '',
  validType: '',
  belongArea: '',
  povincialCity: '',
  supTaxCategory: '',
  supPayCondition: '',
  supClass1: '',
  supClass2: '',
  supClass3: '',
  customerStatus: '',
  ...extra,
});

type ContactSeed = Omit<SupplierContact, 'id'>;
const contact = (c: Partial<ContactSeed> & { name: string }): ContactSeed => ({
  position: '',
  mobile: '',
  email: '',
  weChatNumber: '',
  connectFax: '',
  isPrimary: false,
  ...c,
});

async function ensureZhengtai(db: Db): Promise<string> {
  const [existing] = await db
    .select({ id: enterprises.id })
    .from(enterprises)
    .where(eq(enterprises.compNo, ZHENGTAI.compNo));
  if (existing) return existing.id;
  const tenantId = newId();
  const adminId = newId();
  // No password: the account exists so the enterprise has an administrator, not to be signed in with.
  await db.insert(users).values({ id: adminId, username: 'zhengtai.admin', name: '孙海 Sun Hai', mobileArea: '+86' });
  await inTenantTx(db, tenantId, async (tx) => {
    await tx.insert(enterprises).values({ id: tenantId, createdBy: adminId, inviteCode: randomDigits(6), ...ZHENGTAI });
    await tx
      .insert(memberships)
      .values({ tenantId, userId: adminId, userType: USER_TYPE.ADMIN, status: MEMBER_STATUS.JOINED });
  });
  return tenantId;
}

interface RelationSeed {
  id: string;
  supCode: string;
  supName: string;
  supShort: string;
  supplierTenantId: string | null;
  supplierClassId: string | null;
  inviteState: number;
  chkState: number;
  relationState: number;
  syncState?: number;
  lifeCycle: string;
  receiverName: string;
  adminMobile?: string;
  contactEmail?: string;
  archive: Partial<SupplierArchive>;
  registration?: Partial<SupplierRegistration>;
  invitedDaysAgo: number | null;
  joinedDaysAgo?: number;
  auditDescription?: string;
  ownerId: string;
  deptId: string | null;
  contacts: ContactSeed[];
  history: TextRef[];
}

async function insertRelation(tx: Tx, huaxin: string, actor: { userId: string; username: string }, r: RelationSeed) {
  const { contacts, history, invitedDaysAgo, joinedDaysAgo, ...fields } = r;
  await tx.insert(suppliers).values({
    tenantId: huaxin,
    ...fields,
    registration: fields.registration ?? {},
    syncState: fields.syncState ?? SYNC_STATE.NOT_SYNCHRONIZED,
    auditDescription: fields.auditDescription ?? '',
    invitationDate: invitedDaysAgo === null ? null : daysAgo(invitedDaysAgo),
    auditDate: joinedDaysAgo === undefined ? null : daysAgo(joinedDaysAgo),
    joinDate: joinedDaysAgo === undefined ? null : daysAgo(joinedDaysAgo),
  });
  if (contacts.length) {
    await tx.insert(supplierContacts).values(
      contacts.map((c) => ({
        tenantId: huaxin,
        supplierTenantId: r.supplierTenantId,
        id: newId(),
        supplierId: r.id,
        ...c,
      })),
    );
  }
  for (const summary of history) {
    await recordOperation(
      tx,
      { tenantId: huaxin, userId: actor.userId, username: actor.username, ip: '127.0.0.1' },
      { type: OPERATION_TYPE.UPDATE, module: SUPPLIERS_MODULE, targetId: r.id, summary },
    );
  }
}

/**
 * Huaxin's suppliers in the states a new user should see at once: Shenzhen Precision joined (valid),
 * Suzhou Plastics waiting for review, a company invited by e-mail, a blacklisted archive, and a
 * supplier whose relation is stopped; supplier classes, contacts with one primary each, and the
 * customer rows on the supplier side of every accepted relation. Seeds once: a second call returns
 * what the first made.
 */
export async function seedSuppliers(db: Db, world: DemoWorld): Promise<SeededSuppliers> {
  const huaxin = world.tenants.huaxin;
  const buyer = world.users.buyer;
  const clerk = world.users['buyer.clerk'];
  const zhengtaiTenant = await ensureZhengtai(db);

  const already = await inTenantTx(db, huaxin, (tx) =>
    tx
      .select({ id: suppliers.id, supCode: suppliers.supCode })
      .from(suppliers)
      .where(and(eq(suppliers.tenantId, huaxin), eq(suppliers.supplierTenantId, world.tenants.precision))),
  );
  if (already.length) return readSeeded(db, huaxin);

  return inTenantTx(db, huaxin, async (tx) => {
    const deptOf = async (userId: string) => {
      const [e] = await tx
        .select({ deptId: employees.deptId })
        .from(employees)
        .where(and(eq(employees.tenantId, huaxin), eq(employees.userId, userId)))
        .limit(1);
      return e?.deptId ?? null;
    };
    const clerkDept = await deptOf(clerk);
    const buyerDept = await deptOf(buyer);

    const classes = {
      machined: newId(),
      plastic: newId(),
      packaging: newId(),
      electronic: newId(),
    };
    await tx.insert(supplierClasses).values([
      { tenantId: huaxin, id: classes.machined, code: 'MACH', name: 'Machined parts 机加件', buyerUserId: clerk },
      { tenantId: huaxin, id: classes.plastic, code: 'PLAS', name: 'Plastic parts 塑胶件', buyerUserId: clerk },
      {
        tenantId: huaxin,
        id: classes.packaging,
        code: 'PACK',
        name: 'Packaging 包装材料',
        buyerUserId: buyer,
        groupControl: true,
      },
      { tenantId: huaxin, id: classes.electronic, code: 'ELEC', name: 'Electronic parts 电子料', buyerUserId: buyer },
    ]);

    const ids = { precision: newId(), plastics: newId(), hengtong: newId(), jiulian: newId(), zhengtai: newId() };
    const asBuyer = { userId: buyer, username: 'buyer' };

    await insertRelation(tx, huaxin, asBuyer, {
      id: ids.precision,
      supCode: 'S00001',
      supName: '深圳精密零件有限公司 Shenzhen Precision Parts Co., Ltd.',
      supShort: '深圳精密零件 Shenzhen Precision Parts',
      supplierTenantId: world.tenants.precision,
      supplierClassId: classes.machined,
      inviteState: SUPPLIER_INVITE_STATE.JOINED,
      chkState: CHK_STATE.APPROVED,
      relationState: RELATION_STATE.VALID,
      syncState: SYNC_STATE.SYNCHRONIZED,
      lifeCycle: 'formal',
      receiverName: '陈志强 Chen Zhiqiang',
      adminMobile: '13800000003',
      contactEmail: 'sales@szprecision.example',
      archive: archiveOf(PRECISION_REGISTRATION, {
        ERPOfficialCode: 'V10023',
        validType: 'long-term',
        belongArea: 'South China 华南',
        povincialCity: 'Guangdong Shenzhen',
        supTaxCategory: '13%',
        supPayCondition: '60 days after reconciliation 对账后 60 天',
        supClass1: 'Metal 金属件',
        supClass2: 'Aluminium 铝件',
        customerStatus: 'Strategic 战略供应商',
      }),
      registration: PRECISION_REGISTRATION,
      invitedDaysAgo: 120,
      joinedDaysAgo: 115,
      ownerId: clerk,
      deptId: clerkDept,
      contacts: [
        contact({
          name: '陈志强 Chen Zhiqiang',
          position: 'Sales manager 销售经理',
          mobile: '13800000003',
          email: 'sales@szprecision.example',
          weChatNumber: 'chenzq_szp',
          connectFax: '0755-2771 8801',
          isPrimary: true,
        }),
        contact({ name: '黄敏 Huang Min', position: 'Quality engineer 质量工程师', mobile: '13800000013' }),
      ],
      history: [
        text('suppliers.invitedByNumber', {
          supName: '深圳精密零件有限公司 Shenzhen Precision Parts Co., Ltd.',
          compNo: '20260002',
          receiver: '陈志强 Chen Zhiqiang',
        }),
        supplierActionSummary(
          'approve',
          { supCode: 'S00001', supName: '深圳精密零件有限公司 Shenzhen Precision Parts Co., Ltd.' },
          'Registration complete 注册资料齐全',
        ),
      ],
    });

    await insertRelation(tx, huaxin, asBuyer, {
      id: ids.plastics,
      supCode: 'S00002',
      supName: '苏州塑胶制品有限公司 Suzhou Plastics Co., Ltd.',
      supShort: '苏州塑胶 Suzhou Plastics',
      supplierTenantId: world.tenants.plastics,
      supplierClassId: classes.plastic,
      inviteState: SUPPLIER_INVITE_STATE.TO_BE_REVIEWED,
      chkState: CHK_STATE.PENDING,
      relationState: RELATION_STATE.INVALID,
      lifeCycle: 'introduction',
      receiverName: '周丽 Zhou Li',
      adminMobile: '13800000004',
      contactEmail: 'sales@szplastics.example',
      archive: {},
      registration: PLASTICS_REGISTRATION,
      invitedDaysAgo: 6,
      ownerId: clerk,
      deptId: clerkDept,
      contacts: [
        contact({
          name: '周丽 Zhou Li',
          position: 'General manager 总经理',
          mobile: '13800000004',
          email: 'sales@szplastics.example',
          isPrimary: true,
        }),
      ],
      history: [
        text('suppliers.invitedByNumber', {
          supName: '苏州塑胶制品有限公司 Suzhou Plastics Co., Ltd.',
          compNo: '20260003',
          receiver: '周丽 Zhou Li',
        }),
        text('suppliers.invitationAccepted', { supName: '苏州塑胶制品有限公司 Suzhou Plastics Co., Ltd.' }),
      ],
    });

    await insertRelation(tx, huaxin, asBuyer, {
      id: ids.hengtong,
      supCode: 'S00003',
      supName: '东莞恒通包装有限公司 Dongguan Hengtong Packaging',
      supShort: '',
      supplierTenantId: null,
      supplierClassId: classes.packaging,
      inviteState: SUPPLIER_INVITE_STATE.IN_PROGRESS,
      chkState: CHK_STATE.PENDING,
      relationState: RELATION_STATE.INVALID,
      lifeCycle: 'introduction',
      receiverName: '刘伟 Liu Wei',
      contactEmail: 'liuwei@hengtong-pack.example',
      archive: {},
      invitedDaysAgo: 2,
      ownerId: buyer,
      deptId: buyerDept,
      contacts: [contact({ name: '刘伟 Liu Wei', email: 'liuwei@hengtong-pack.example', isPrimary: true })],
      history: [
        text('suppliers.invitedByContact', {
          supName: '东莞恒通包装有限公司 Dongguan Hengtong Packaging',
          contact: 'liuwei@hengtong-pack.example',
          receiver: '刘伟 Liu Wei',
        }),
      ],
    });
    // Only a hash is kept; nobody holds the token, the invitation just shows as pending.
    await tx.insert(partnerInvitations).values({
      id: newId(),
      enterpriseId: huaxin,
      supplierId: ids.hengtong,
      email: 'liuwei@hengtong-pack.example',
      tokenHash: newToken().hash,
      expiresAt: new Date(Date.now() + (PARTNER_INVITATION_TTL_DAYS - 2) * 86_400_000).toISOString(),
      createdAt: daysAgo(2),
    });

    await insertRelation(tx, huaxin, asBuyer, {
      id: ids.jiulian,
      supCode: 'S00004',
      supName: '佛山旧联五金厂 Foshan Jiulian Hardware',
      supShort: '佛山旧联五金',
      supplierTenantId: null,
      supplierClassId: classes.machined,
      inviteState: SUPPLIER_INVITE_STATE.BLACKLIST,
      chkState: CHK_STATE.PENDING,
      relationState: RELATION_STATE.INVALID,
      syncState: SYNC_STATE.SYNCHRONIZED,
      lifeCycle: 'phaseOut',
      receiverName: '何强 He Qiang',
      adminMobile: '13800000021',
      archive: archiveOf(
        {
          fullName: '佛山市旧联五金制品厂 Foshan Jiulian Hardware Works',
          enterpriseAbbreviation: '佛山旧联五金',
          supBusinessType: 'manufacturer',
          natureOfCompany: 'individual',
          currency: 'CNY',
          paymentMethod: 'cash',
          socialCreditCode: '',
          registeredCapital: '',
          registeredLegalPerson: '何强',
          natureOfBusiness: 'Stamping',
          productDescription: 'Stamped steel brackets.',
          businessAddress: '佛山市南海区里水镇',
          addressProvince: '广东省 Guangdong',
          addressCity: '佛山市 Foshan',
          supConnectPhone: '',
          bankName: '',
          supBankAccount: '',
          supTaxType: 'Small-scale taxpayer 小规模纳税人',
        },
        { ERPOfficialCode: 'V10007' },
      ),
      invitedDaysAgo: null,
      auditDescription:
        'Three late deliveries and a falsified inspection report in 2026 Q1 2026 年一季度三次延期交货并伪造检验报告',
      ownerId: buyer,
      deptId: buyerDept,
      contacts: [contact({ name: '何强 He Qiang', position: 'Owner 厂长', mobile: '13800000021', isPrimary: true })],
      history: [
        supplierActionSummary(
          'blacklist',
          { supCode: 'S00004', supName: '佛山旧联五金厂 Foshan Jiulian Hardware' },
          'Three late deliveries and a falsified inspection report in 2026 Q1 2026 年一季度三次延期交货并伪造检验报告',
        ),
      ],
    });

    await insertRelation(tx, huaxin, asBuyer, {
      id: ids.zhengtai,
      supCode: 'S00005',
      supName: ZHENGTAI.name,
      supShort: ZHENGTAI.shortName,
      supplierTenantId: zhengtaiTenant,
      supplierClassId: classes.electronic,
      inviteState: SUPPLIER_INVITE_STATE.JOINED,
      chkState: CHK_STATE.APPROVED,
      relationState: RELATION_STATE.STOPPED,
      syncState: SYNC_STATE.SYNCHRONIZED,
      lifeCycle: 'phaseOut',
      receiverName: '孙海 Sun Hai',
      archive: archiveOf(
        {
          fullName: ZHENGTAI.name,
          enterpriseAbbreviation: '宁波正泰电子',
          supBusinessType: 'manufacturer',
          natureOfCompany: 'private',
          currency: 'CNY',
          paymentMethod: 'bankTransfer',
          socialCreditCode: ZHENGTAI.socialCreditCode,
          registeredCapital: '3,000,000 CNY',
          registeredLegalPerson: ZHENGTAI.legalPerson,
          natureOfBusiness: 'Wire harness assembly',
          productDescription: ZHENGTAI.profile,
          businessAddress: '宁波市北仑区',
          addressProvince: '浙江省 Zhejiang',
          addressCity: '宁波市 Ningbo',
          supConnectPhone: '0574-8689 0000',
          bankName: '宁波银行',
          supBankAccount: '5101 2200 0033',
          supTaxType: 'VAT general taxpayer 一般纳税人',
        },
        { ERPOfficialCode: 'V10011' },
      ),
      invitedDaysAgo: 400,
      joinedDaysAgo: 395,
      auditDescription: 'Relation stopped while the harness line moves to a new plant 线束产线搬迁期间暂停合作',
      ownerId: buyer,
      deptId: buyerDept,
      contacts: [contact({ name: '孙海 Sun Hai', position: 'General manager 总经理', isPrimary: true })],
      history: [
        supplierActionSummary(
          'stop',
          { supCode: 'S00005', supName: ZHENGTAI.name },
          'Relation stopped while the harness line moves to a new plant 线束产线搬迁期间暂停合作',
        ),
      ],
    });

    const [huaxinEnterprise] = await tx.select().from(enterprises).where(eq(enterprises.id, huaxin));
    const customerRows = [
      { tenantId: world.tenants.precision, relationId: ids.precision, ownerId: world.users.supplier, poCode: 'HX-001' },
      { tenantId: world.tenants.plastics, relationId: ids.plastics, ownerId: world.users.supplier2, poCode: 'C00001' },
      { tenantId: zhengtaiTenant, relationId: ids.zhengtai, ownerId: null, poCode: 'C00001' },
    ];
    for (const c of customerRows) {
      await switchTenant(tx, c.tenantId);
      await tx.insert(customers).values({
        id: newId(),
        customerTenantId: huaxin,
        poName: huaxinEnterprise.name,
        poShort: huaxinEnterprise.shortName,
        ...c,
      });
    }
    await switchTenant(tx, huaxin);
    return { ...ids, classes };
  });
}

async function readSeeded(db: Db, huaxin: string): Promise<SeededSuppliers> {
  return inTenantTx(db, huaxin, async (tx) => {
    const rows = await tx
      .select({ id: suppliers.id, supCode: suppliers.supCode })
      .from(suppliers)
      .where(eq(suppliers.tenantId, huaxin));
    const classRows = await tx
      .select({ id: supplierClasses.id, code: supplierClasses.code })
      .from(supplierClasses)
      .where(eq(supplierClasses.tenantId, huaxin));
    const byCode = (code: string) => rows.find((r) => r.supCode === code)!.id;
    const classByCode = (code: string) => classRows.find((r) => r.code === code)!.id;
    return {
      precision: byCode('S00001'),
      plastics: byCode('S00002'),
      hengtong: byCode('S00003'),
      jiulian: byCode('S00004'),
      zhengtai: byCode('S00005'),
      classes: {
        machined: classByCode('MACH'),
        plastic: classByCode('PLAS'),
        packaging: classByCode('PACK'),
        electronic: classByCode('ELEC'),
      },
    };
  });
}
