import { INVITATION_TTL_DAYS, MEMBER_STATUS } from '@concord/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { departments, employeeInvitations, employees, memberships } from '../db/schema.ts';
import { recordJoinedEmployee } from '../modules/employees/employees.service.ts';
import { newId } from '../platform/ids.ts';
import { newToken } from '../platform/tokens.ts';

export interface SeedEnterprise {
  tenantId: string;
  /** 'huaxin' (the buyer), 'precision' or 'plastics' (suppliers). */
  key: string;
  adminId: string;
  /** Demo user ids by username. */
  userIds: ReadonlyMap<string, string>;
}

export interface SeededOrganization {
  /** Department ids by department code (e.g. huaxin: GO, PUR, PUR-1, PUR-2, QC, WH, FIN). */
  deptIds: Record<string, string>;
  /** Employee record ids of the enterprise's demo members, by username. */
  employeeIds: Record<string, string>;
}

interface DeptSeed {
  code: string;
  name: string;
  parent?: string;
  role?: string;
}

interface MemberSeed {
  username: string;
  dept: string;
  erpCode: string;
  erpName: string;
  remarks?: string;
}

/** Colleagues invited but not (yet) on the platform, so the staff list shows the invitation statuses. */
interface InviteeSeed {
  name: string;
  mobile?: string;
  email?: string;
  dept: string;
  erpCode: string;
  erpName: string;
  state: 'open' | 'expired' | 'revoked' | 'unbound';
  remarks?: string;
}

interface OrgSeed {
  departments: DeptSeed[];
  members: MemberSeed[];
  invitees: InviteeSeed[];
}

const ORGANIZATIONS: Record<string, OrgSeed> = {
  huaxin: {
    departments: [
      { code: 'GO', name: '总经办 General Office', role: 'Company management, approvals and supplier strategy' },
      {
        code: 'PUR',
        name: '采购部 Purchasing',
        parent: 'GO',
        role: 'Sourcing, purchase orders and supplier management',
      },
      { code: 'PUR-1', name: '采购一组 Sourcing team 1', parent: 'PUR', role: 'Electronic components' },
      { code: 'PUR-2', name: '采购二组 Sourcing team 2', parent: 'PUR', role: 'Mechanical parts and packaging' },
      { code: 'QC', name: '质量部 Quality', parent: 'GO', role: 'Incoming inspection and supplier audits' },
      { code: 'WH', name: '仓储部 Warehouse', parent: 'GO', role: 'Receiving, storage and issuing' },
      { code: 'FIN', name: '财务部 Finance', parent: 'GO', role: 'Reconciliation and payment' },
    ],
    members: [
      { username: 'buyer', dept: 'GO', erpCode: 'E0001', erpName: '王建华', remarks: 'Enterprise administrator' },
      { username: 'buyer.clerk', dept: 'PUR-1', erpCode: 'E0102', erpName: '李晓梅', remarks: 'Buyer, components' },
    ],
    invitees: [
      {
        name: '张伟 Zhang Wei',
        email: 'zhang.wei@huaxin.example',
        dept: 'QC',
        erpCode: 'E0301',
        erpName: '张伟',
        state: 'open',
        remarks: 'Incoming quality engineer',
      },
      { name: '刘洋 Liu Yang', mobile: '13800000011', dept: 'WH', erpCode: 'E0402', erpName: '刘洋', state: 'expired' },
      {
        name: '赵敏 Zhao Min',
        email: 'zhao.min@huaxin.example',
        dept: 'FIN',
        erpCode: 'E0501',
        erpName: '赵敏',
        state: 'revoked',
      },
      {
        name: '孙磊 Sun Lei',
        mobile: '13800000012',
        dept: 'PUR-2',
        erpCode: 'E0105',
        erpName: '孙磊',
        state: 'unbound',
        remarks: 'Left in 2025; account unbound',
      },
    ],
  },
  precision: {
    departments: [
      { code: 'GM', name: '总经理室 General Management' },
      { code: 'SALES', name: '销售部 Sales', parent: 'GM', role: 'Customer orders and deliveries' },
      { code: 'PROD', name: '生产部 Production', parent: 'GM' },
      { code: 'CNC', name: 'CNC 车间 CNC workshop', parent: 'PROD' },
      { code: 'QC', name: '品质部 Quality', parent: 'GM' },
    ],
    members: [{ username: 'supplier', dept: 'SALES', erpCode: 'S001', erpName: '陈志强' }],
    invitees: [],
  },
  plastics: {
    departments: [
      { code: 'SALES', name: '销售部 Sales', role: 'Customer orders and deliveries' },
      { code: 'MOULD', name: '注塑车间 Moulding workshop' },
      { code: 'QC', name: '品管部 Quality control' },
    ],
    members: [{ username: 'supplier2', dept: 'SALES', erpCode: 'P001', erpName: '周丽' }],
    invitees: [],
  },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDaysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

async function seedInvitee(tx: Tx, e: SeedEnterprise, deptId: string, p: InviteeSeed): Promise<void> {
  const id = newId();
  const status = {
    open: MEMBER_STATUS.IN_PROGRESS,
    expired: MEMBER_STATUS.IN_PROGRESS,
    revoked: MEMBER_STATUS.INVALID,
    unbound: MEMBER_STATUS.RESIGNATION_UNBINDING,
  }[p.state];
  await tx.insert(employees).values({
    tenantId: e.tenantId,
    id,
    name: p.name,
    mobileArea: '+86',
    mobile: p.mobile ?? '',
    email: p.email ?? '',
    erpCode: p.erpCode,
    erpName: p.erpName,
    deptId,
    remarks: p.remarks ?? '',
    status,
    invitedBy: e.adminId,
  });
  if (p.state === 'unbound') return;
  // Nobody holds these tokens: the invitee finds the invitation by their e-mail or mobile after registering.
  const sentDaysAgo = p.state === 'expired' ? INVITATION_TTL_DAYS + 2 : 1;
  await tx.insert(employeeInvitations).values({
    id: newId(),
    enterpriseId: e.tenantId,
    employeeId: id,
    mobile: p.mobile ? `+86${p.mobile}` : '',
    email: p.email ?? '',
    tokenHash: newToken().hash,
    createdAt: isoDaysFromNow(-sentDaysAgo),
    expiresAt: isoDaysFromNow(INVITATION_TTL_DAYS - sentDaysAgo),
    revokedAt: p.state === 'revoked' ? isoDaysFromNow(0) : null,
  });
}

/**
 * The enterprise's department tree, employee records for its demo members (department and ERP
 * code), and for Huaxin a few invited colleagues in every invitation status but "quit".
 */
export async function seedOrganization(tx: Tx, e: SeedEnterprise): Promise<SeededOrganization> {
  const org = ORGANIZATIONS[e.key] ?? { departments: [], members: [], invitees: [] };
  const deptIds: Record<string, string> = {};
  for (const [i, d] of org.departments.entries()) {
    deptIds[d.code] = newId();
    await tx.insert(departments).values({
      tenantId: e.tenantId,
      id: deptIds[d.code],
      deptNo: `D${String(i + 1).padStart(4, '0')}`,
      deptCode: d.code,
      deptName: d.name,
      parentId: d.parent ? deptIds[d.parent] : null,
      sortOrder: i,
      roleDescription: d.role ?? '',
    });
  }

  const employeeIds: Record<string, string> = {};
  for (const [username, userId] of e.userIds) {
    const [joined] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.tenantId, e.tenantId), eq(memberships.userId, userId)))
      .limit(1);
    if (!joined) continue;
    const id = await recordJoinedEmployee(tx, e.tenantId, userId);
    employeeIds[username] = id;
    const member = org.members.find((m) => m.username === username);
    if (member) {
      await tx
        .update(employees)
        .set({
          deptId: deptIds[member.dept],
          erpCode: member.erpCode,
          erpName: member.erpName,
          remarks: member.remarks ?? '',
        })
        .where(and(eq(employees.tenantId, e.tenantId), eq(employees.id, id)));
    }
  }

  for (const p of org.invitees) await seedInvitee(tx, e, deptIds[p.dept]!, p);
  return { deptIds, employeeIds };
}
