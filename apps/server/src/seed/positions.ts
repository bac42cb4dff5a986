import { DATA_PERMISSION, PERMISSION_TREE } from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { departments, employeePositions, employees, orgSettings, positions } from '../db/schema.ts';
import { newId } from '../platform/ids.ts';
import type { SeedEnterprise } from './organization.ts';

/** Every code of the purchase group: the manager runs purchasing except the ERP link. */
const PURCHASE_CODES = (PERMISSION_TREE.find((n) => n.code === 'PO_SYN')?.children ?? [])
  .flatMap((n) => [n.code, ...(n.children ?? []).map((c) => c.code)])
  .filter((code) => code !== 'SRM_ERP');

async function departmentId(tx: Tx, tenantId: string, deptCode: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.deptCode, deptCode)))
    .limit(1);
  return row?.id ?? null;
}

async function employeeId(tx: Tx, tenantId: string, userId: string | undefined): Promise<string | null> {
  if (!userId) return null;
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.tenantId, tenantId), eq(employees.userId, userId)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Huaxin's positions (spec §3): a purchasing manager over a purchasing clerk who sees only his own
 * documents and no prices, and a quality inspector. buyer.clerk holds both clerk and inspector so
 * switching positions can be tried at once; the clerk position is the active one.
 */
export async function seedPositions(tx: Tx, e: SeedEnterprise): Promise<void> {
  await tx.insert(orgSettings).values({ tenantId: e.tenantId }).onConflictDoNothing();
  if (e.key !== 'huaxin') return;

  const purchasing = await departmentId(tx, e.tenantId, 'PUR');
  const quality = await departmentId(tx, e.tenantId, 'QC');
  const manager = newId();
  const clerk = newId();
  const inspector = newId();
  await tx.insert(positions).values([
    {
      tenantId: e.tenantId,
      id: manager,
      code: 'PUR-MGR',
      name: '采购经理 Purchasing manager',
      description: 'Approves purchase orders and changes, manages suppliers and sourcing for the department.',
      deptId: purchasing,
      dataPermission: DATA_PERMISSION.ONLY_DEPT_AND_CHILD,
      showPrice: true,
      showSupplier: true,
      permissions: ['PO_SYN', ...PURCHASE_CODES, 'SL_SYN', 'CF_SYN', 'CF_LOG'],
    },
    {
      tenantId: e.tenantId,
      id: clerk,
      code: 'PUR-CLK',
      name: '采购员 Purchasing clerk',
      description: 'Places and follows up purchase orders and receiving plans with the assigned suppliers.',
      deptId: purchasing,
      superiorId: manager,
      dataPermission: DATA_PERMISSION.ONLY_USER,
      showPrice: false,
      showSupplier: true,
      permissions: [
        'PO_SYN',
        'PO_SUP',
        'PO_SUP_ARC',
        'CG_TG_XT',
        'CG_TG_SURE',
        'CHAN_SU',
        'RE_PLA',
        'RE_PLA_SU',
        'RE_MAN',
        'RE_IPT',
        'PU_BI',
        'PO_REP',
        'SL_SYN',
        'CF_SYN',
        'CF_LOG',
      ],
    },
    {
      tenantId: e.tenantId,
      id: inspector,
      code: 'QC-INS',
      name: '质检员 Quality inspector',
      description: 'Inspects incoming goods against delivery notices and records the results.',
      deptId: quality,
      dataPermission: DATA_PERMISSION.ONLY_DEPT,
      showPrice: false,
      showSupplier: true,
      permissions: ['PO_SYN', 'PO_SUP', 'PO_SUP_RZ', 'RE_MAN', 'RE_IPT', 'SL_SYN', 'CF_SYN'],
    },
  ]);

  const clerkEmployee = await employeeId(tx, e.tenantId, e.userIds.get('buyer.clerk'));
  if (clerkEmployee) {
    await tx
      .insert(employeePositions)
      .values([
        { tenantId: e.tenantId, employeeId: clerkEmployee, positionId: clerk },
        { tenantId: e.tenantId, employeeId: clerkEmployee, positionId: inspector },
      ])
      .onConflictDoNothing();
    await tx
      .update(employees)
      .set({ activePositionId: clerk })
      .where(and(eq(employees.tenantId, e.tenantId), eq(employees.id, clerkEmployee)));
  }
  const adminEmployee = await employeeId(tx, e.tenantId, e.adminId);
  if (adminEmployee) {
    await tx
      .insert(employeePositions)
      .values({ tenantId: e.tenantId, employeeId: adminEmployee, positionId: manager })
      .onConflictDoNothing();
  }
}
