import { OPERATION_TYPE, PROSPECT_STATE, type ProspectState } from '@concord/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { employees, potentialSuppliers, supplierAudits, supplierClasses } from '../db/schema.ts';
import { recordOperation } from '../modules/operation-logs/operation-logs.service.ts';
import { prospectCreatedSummary, prospectStepSummary } from '../modules/sourcing/sourcing.service.ts';
import { inTenantTx } from '../platform/context.ts';
import { newId } from '../platform/ids.ts';
import type { DemoWorld } from './world.ts';

interface ProspectSeed {
  code: string;
  name: string;
  contactName: string;
  mobile: string;
  email: string;
  socialCreditCode: string;
  productDescription: string;
  requiredQualifications: string[];
  state: ProspectState;
  audit?: { result: 'pass' | 'fail'; score: number; comment: string; daysAgo: number };
}

const PROSPECTS: ProspectSeed[] = [
  {
    code: 'PS00001',
    name: '东莞精密模具有限公司 Dongguan Precision Moulds Co., Ltd.',
    contactName: '黄伟 Huang Wei',
    mobile: '13912340001',
    email: 'sales@dgmoulds.example',
    socialCreditCode: '91441900MA51XK7Q2R',
    productDescription: 'Injection moulds for PC/ABS enclosures, 4–16 cavities.',
    requiredQualifications: ['ISO 9001 certificate', 'Business licence'],
    state: PROSPECT_STATE.NEW,
  },
  {
    code: 'PS00002',
    name: '宁波铜端子科技有限公司 Ningbo Copper Terminals Co., Ltd.',
    contactName: '林芳 Lin Fang',
    mobile: '13912340002',
    email: 'lin.fang@nbterminals.example',
    socialCreditCode: '91330200MA2H3T4Y5U',
    productDescription: 'Stamped and tin-plated copper terminals for power modules.',
    requiredQualifications: ['ISO 9001 certificate', 'RoHS test report', 'Business licence'],
    state: PROSPECT_STATE.APPROVED,
    audit: {
      result: 'pass',
      score: 86,
      comment: 'On-site audit passed: stable plating line, SPC in place. Follow up on the RoHS report renewal.',
      daysAgo: 5,
    },
  },
  {
    code: 'PS00003',
    name: '厦门线束有限公司 Xiamen Cable Assemblies Co., Ltd.',
    contactName: '郑强 Zheng Qiang',
    mobile: '13912340003',
    email: '',
    socialCreditCode: '',
    productDescription: 'Wire harnesses and cable assemblies.',
    requiredQualifications: ['ISO 9001 certificate', 'UL certificate'],
    state: PROSPECT_STATE.REJECTED,
    audit: {
      result: 'fail',
      score: 52,
      comment: 'No incoming inspection records and no UL certificate; re-audit after corrective actions.',
      daysAgo: 8,
    },
  },
  {
    code: 'PS00004',
    name: '昆山散热器有限公司 Kunshan Heat Sinks Co., Ltd.',
    contactName: '吴敏 Wu Min',
    mobile: '13912340004',
    email: 'wu.min@ksheatsinks.example',
    socialCreditCode: '',
    productDescription: 'Extruded aluminium heat sinks with anodising.',
    requiredQualifications: ['ISO 9001 certificate'],
    state: PROSPECT_STATE.UNDER_AUDIT,
  },
];

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/**
 * Huaxin's prospect pool: one new, one approved and one rejected after an audit, and one waiting in
 * the audit queue so /purchase/supplier-audit is not empty on first sight.
 */
export async function seedSourcing(db: Db, world: DemoWorld): Promise<void> {
  const huaxin = world.tenants.huaxin;
  const buyer = world.users.buyer;
  await inTenantTx(db, huaxin, async (tx) => {
    const [employee] = await tx
      .select({ deptId: employees.deptId })
      .from(employees)
      .where(and(eq(employees.tenantId, huaxin), eq(employees.userId, buyer)))
      .limit(1);
    const [firstClass] = await tx
      .select({ id: supplierClasses.id })
      .from(supplierClasses)
      .where(eq(supplierClasses.tenantId, huaxin))
      .orderBy(asc(supplierClasses.code))
      .limit(1);
    const actor = { tenantId: huaxin, userId: buyer, username: 'buyer', ip: '127.0.0.1' };
    for (const [i, p] of PROSPECTS.entries()) {
      const id = newId();
      await tx.insert(potentialSuppliers).values({
        tenantId: huaxin,
        id,
        code: p.code,
        name: p.name,
        contactName: p.contactName,
        mobile: p.mobile,
        email: p.email,
        socialCreditCode: p.socialCreditCode,
        productDescription: p.productDescription,
        supplierClassId: firstClass?.id ?? null,
        requiredQualifications: p.requiredQualifications,
        auditState: p.state,
        ownerId: buyer,
        deptId: employee?.deptId ?? null,
        createdAt: daysAgo(12 - i),
      });
      await recordOperation(tx, actor, {
        type: OPERATION_TYPE.ADD,
        module: 'potential-suppliers',
        targetId: id,
        summary: prospectCreatedSummary(p.code, p.name),
      });
      if (p.audit) {
        await tx.insert(supplierAudits).values({
          tenantId: huaxin,
          id: newId(),
          potentialSupplierId: id,
          result: p.audit.result,
          score: p.audit.score,
          comment: p.audit.comment,
          auditorId: buyer,
          auditedAt: daysAgo(p.audit.daysAgo),
        });
        await recordOperation(tx, actor, {
          type: OPERATION_TYPE.UPDATE,
          module: 'potential-suppliers',
          targetId: id,
          summary: prospectStepSummary(p.audit.result, p),
        });
      }
    }
  });
}
