import { z } from 'zod';
import { emailSchema, isValidMobile, mobileAreaSchema } from './accounts.schema.ts';
import { compNoSchema } from './enterprises.schema.ts';
import { MEMBER_STATUS } from './enums.ts';
import { listQuerySchema } from './paging.ts';
import { dateSchema, idSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import { dayReplySchema, idReplySchema, timestampSchema } from './wire.ts';

/** Request and reply shapes of departments and staff (spec §3 employee and department, §4, §5). */

/** The shared id schema under the name the organization modules import. */
export const organizationIdSchema = idSchema;
const text = textSchema;
const requiredText = requiredTextSchema;

// ---------------------------------------------------------------------------------------------
// Departments

/** Spec §5: department code and name required. The parent is checked against the tree on the server. */
export const departmentFieldsSchema = z.object({
  deptCode: requiredText(32),
  deptName: requiredText(64),
  parentId: idSchema.nullable().default(null),
  sortOrder: z.number().int().min(0).max(99999).default(0),
  stopDd: dateSchema.nullable().default(null),
  roleDescription: text(500).default(''),
});
export type DepartmentInput = z.input<typeof departmentFieldsSchema>;

export const departmentUpdateSchema = departmentFieldsSchema.extend({ version: versionSchema });
export type DepartmentUpdateInput = z.input<typeof departmentUpdateSchema>;

export const departmentListSchema = listQuerySchema(
  z.object({
    /** Matches the department number, code or name. */
    keyword: text(64).optional(),
    parentId: idSchema.optional(),
  }),
);
export type DepartmentListQuery = z.input<typeof departmentListSchema>;

export const departmentSchema = z.object({
  id: idReplySchema,
  deptNo: z.string(),
  deptCode: z.string(),
  deptName: z.string(),
  parentId: idReplySchema.nullable(),
  parentNo: z.string().nullable(),
  parentName: z.string().nullable(),
  sortOrder: z.number().int(),
  stopDd: dayReplySchema.nullable(),
  roleDescription: z.string(),
  /** Employees recorded in this department (not counting sub-departments). */
  employeeCount: z.number().int(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Department = z.input<typeof departmentSchema>;

export interface DepartmentNode extends Department {
  children?: DepartmentNode[];
}
export const departmentNodeSchema: z.ZodType<
  z.output<typeof departmentSchema> & { children?: unknown[] },
  DepartmentNode
> = departmentSchema.extend({
  get children() {
    return z.array(departmentNodeSchema).optional();
  },
});

/** Nests a flat list by parentId, keeping the list's order among siblings; orphans become roots. */
export function buildDepartmentTree<T extends { id: string; parentId: string | null }>(
  rows: readonly T[],
): (T & { children?: (T & { children?: unknown })[] })[] {
  type Node = T & { children?: Node[] };
  const byId = new Map<string, Node>(rows.map((r) => [r.id, { ...r }]));
  const roots: Node[] = [];
  for (const row of rows) {
    const node = byId.get(row.id)!;
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    if (!parent || parent === node) {
      roots.push(node);
      continue;
    }
    parent.children = [...(parent.children ?? []), node];
  }
  return roots;
}

/** The department and everything below it: none of these may become its parent (spec §5). */
export function departmentSubtree(rows: readonly { id: string; parentId: string | null }[], rootId: string) {
  const children = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.parentId) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return seen;
}

// ---------------------------------------------------------------------------------------------
// Staff

export type MemberStatus = (typeof MEMBER_STATUS)[keyof typeof MEMBER_STATUS];
export const MEMBER_STATUS_VALUES = Object.values(MEMBER_STATUS) as MemberStatus[];

/** How long an employee invitation stays open. */
export const INVITATION_TTL_DAYS = 7;

const optionalEmail = textSchema(254)
  .toLowerCase()
  .refine((v) => v === '' || emailSchema.safeParse(v).success, 'email')
  .default('');

/** An invitation reaches someone by mobile or e-mail: at least one of them (spec §5). */
export const hasContact = (v: { mobile?: string; email?: string }) => !!v.mobile?.trim() || !!v.email?.trim();

export const inviteEmployeeSchema = z
  .object({
    name: text(64).default(''),
    mobileArea: mobileAreaSchema,
    mobile: text(11).default(''),
    email: optionalEmail,
    deptId: idSchema.nullable().default(null),
    erpCode: text(32).default(''),
    erpName: text(64).default(''),
    remarks: text(500).default(''),
  })
  .refine(hasContact, { message: 'required', path: ['mobile'] })
  .refine((v) => !v.mobile || isValidMobile(v.mobile, v.mobileArea), { message: 'mobile', path: ['mobile'] });
export type InviteEmployeeInput = z.input<typeof inviteEmployeeSchema>;

/** Trading-partner permissions of one employee (spec §3): the partner by enterprise number. */
export const employeePartnerInputSchema = z.object({
  compNo: compNoSchema,
  supplier: z.boolean(),
  client: z.boolean(),
});

export const employeeUpdateSchema = z.object({
  version: versionSchema,
  erpCode: text(32).default(''),
  erpName: text(64).default(''),
  deptId: idSchema.nullable().default(null),
  remarks: text(500).default(''),
  positionIds: z.array(idSchema).max(50).default([]),
  partners: z.array(employeePartnerInputSchema).max(500).default([]),
});
export type EmployeeUpdateInput = z.input<typeof employeeUpdateSchema>;

export const employeeListSchema = listQuerySchema(
  z.object({
    /** Matches the name, the ERP name or the platform number. */
    name: text(64).optional(),
    /** Matches the mobile number or the e-mail address. */
    mobile: text(254).optional(),
    status: z
      .number()
      .int()
      .refine((s) => MEMBER_STATUS_VALUES.includes(s as MemberStatus), 'invalid')
      .optional(),
    /** The department and its sub-departments. */
    deptId: idSchema.optional(),
  }),
);
export type EmployeeListQuery = z.input<typeof employeeListSchema>;

/**
 * Staff status changes (spec §4 invitation statuses), declared once: the server applies them with a
 * check on the current status and the client builds its buttons from the same table. NOT_JOINED is an
 * IN_PROGRESS invitation whose link expired.
 */
export const EMPLOYEE_ACTIONS = {
  resend: {
    from: [
      MEMBER_STATUS.IN_PROGRESS,
      MEMBER_STATUS.NOT_JOINED,
      MEMBER_STATUS.INVALID,
      MEMBER_STATUS.QUIT,
      MEMBER_STATUS.RESIGNATION_UNBINDING,
    ],
    to: MEMBER_STATUS.IN_PROGRESS,
  },
  revoke: { from: [MEMBER_STATUS.IN_PROGRESS, MEMBER_STATUS.NOT_JOINED], to: MEMBER_STATUS.INVALID },
  quit: { from: [MEMBER_STATUS.JOINED], to: MEMBER_STATUS.QUIT },
  unbind: { from: [MEMBER_STATUS.JOINED, MEMBER_STATUS.QUIT], to: MEMBER_STATUS.RESIGNATION_UNBINDING },
} as const satisfies Record<string, { from: readonly MemberStatus[]; to: MemberStatus }>;
export type EmployeeAction = keyof typeof EMPLOYEE_ACTIONS;
export const EMPLOYEE_ACTION_NAMES = Object.keys(EMPLOYEE_ACTIONS) as EmployeeAction[];
/** Every staff action needs the staff-management permission. */
export const EMPLOYEE_ACTION_PERMISSION = 'CF_EMP_MGT_01';

export const canApplyEmployeeAction = (action: EmployeeAction, status: number) =>
  (EMPLOYEE_ACTIONS[action].from as readonly number[]).includes(status);

export const employeeLeaveSchema = z.object({
  /** Resignation unbinding: the account is also unlinked from the employee record. */
  unbind: z.boolean().default(false),
});

export const acceptInvitationSchema = z
  .object({
    token: textSchema(100).min(20, 'invalid').optional(),
    invitationId: idSchema.optional(),
  })
  .refine((v) => !!v.token !== !!v.invitationId, { message: 'required', path: ['token'] });
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

export const invitationPreviewSchema = z.object({ token: textSchema(100).min(20, 'invalid') });

export const employeeItemSchema = z.object({
  id: idReplySchema,
  userId: idReplySchema.nullable(),
  name: z.string(),
  mobileArea: z.string(),
  mobile: z.string(),
  email: z.string(),
  erpCode: z.string(),
  erpName: z.string(),
  deptId: idReplySchema.nullable(),
  deptCode: z.string().nullable(),
  deptName: z.string().nullable(),
  /** The platform account (user name) of a joined employee: read-only. */
  platformNo: z.string(),
  remarks: z.string(),
  /** MEMBER_STATUS, with NOT_JOINED for an invitation whose link expired. */
  status: z.number().int(),
  isAdmin: z.boolean(),
  positionNames: z.array(z.string()),
  invitationExpiresAt: timestampSchema.nullable(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type EmployeeItem = z.input<typeof employeeItemSchema>;

export const employeePartnerSchema = z.object({
  partnerTenantId: idReplySchema,
  compNo: z.string(),
  name: z.string(),
  supplier: z.boolean(),
  client: z.boolean(),
});
export type EmployeePartner = z.input<typeof employeePartnerSchema>;

export const employeeDetailSchema = employeeItemSchema.extend({
  positions: z.array(z.object({ id: idReplySchema, code: z.string(), name: z.string() })),
  partners: z.array(employeePartnerSchema),
});
export type EmployeeDetail = z.input<typeof employeeDetailSchema>;

/** An open invitation as its invitee sees it. */
export const myInvitationSchema = z.object({
  id: idReplySchema,
  enterpriseId: idReplySchema,
  enterpriseName: z.string(),
  compNo: z.string(),
  expiresAt: timestampSchema,
  createdAt: timestampSchema,
});
export type MyInvitation = z.input<typeof myInvitationSchema>;
