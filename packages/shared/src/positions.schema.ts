import { z } from 'zod';
import { DATA_PERMISSION_VALUES, type DataPermission, usesCustomDepartments } from './organization.ts';
import { listQuerySchema } from './paging.ts';
import {
  ALL_PERMISSIONS,
  isPermissionCode,
  PERMISSION_TREE,
  type PermissionCode,
  type PermissionNode,
} from './permissions.ts';
import { INT32_MAX, idSchema, settingsVersionSchema, textSchema, versionSchema } from './primitives.ts';
import { idReplySchema, timestampSchema } from './wire.ts';

/** Group roots every new position starts with (spec §3 permission tree node). */
export const DEFAULT_POSITION_PERMISSIONS: readonly PermissionCode[] = ['PO_SYN', 'SL_SYN', 'CF_SYN'];

const PARENT_CODE = new Map<string, string>();
const recordParents = (nodes: PermissionNode[], parent?: string) => {
  for (const n of nodes) {
    if (parent) PARENT_CODE.set(n.code, parent);
    recordParents(n.children ?? [], n.code);
  }
};
recordParents(PERMISSION_TREE);

/**
 * Known codes plus every ancestor of each, in tree order: a menu entry shows only when its group and
 * module codes are held too, so granting an operation grants the way to reach it.
 */
export function completePermissionCodes(codes: Iterable<string>): PermissionCode[] {
  const chosen = new Set<string>();
  for (const code of codes) {
    for (let c: string | undefined = code; c && isPermissionCode(c) && !chosen.has(c); c = PARENT_CODE.get(c)) {
      chosen.add(c);
    }
  }
  return ALL_PERMISSIONS.filter((c) => chosen.has(c));
}

/** The shared id schema under the name the position modules import. */
export const positionRefIdSchema = idSchema;

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const all = [...head, ...tail];
  // A dotted IPv4 tail (::ffff:10.0.0.1) stands for the last two groups.
  const last = all[all.length - 1] ?? '';
  const v4Tail = last.includes('.');
  if (v4Tail && !isIpv4(last)) return false;
  const hex = v4Tail ? all.slice(0, -1) : all;
  if (!hex.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = hex.length + (v4Tail ? 2 : 0);
  return halves.length === 2 ? count <= 7 : count === 8;
}

/** One entry of a position's allowed addresses: an IPv4 or IPv6 address, optionally with a CIDR prefix. */
export function isIpOrCidr(value: string): boolean {
  const [address = '', bits, extra] = value.trim().split('/');
  if (extra !== undefined) return false;
  const family = isIpv4(address) ? 4 : isIpv6(address) ? 6 : 0;
  if (!family) return false;
  if (bits === undefined) return true;
  return /^(0|[1-9]\d{0,2})$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export const allowedIpSchema = textSchema(64).refine(isIpOrCidr, 'invalid');

const text = textSchema;

/**
 * Fields of a position as the API names them (spec §3): the flags keep the spec's isStation* names;
 * the server maps them to its columns.
 */
export const positionFieldsSchema = z.object({
  code: text(32).min(1, 'required'),
  name: text(64).min(1, 'required'),
  description: text(500).default(''),
  deptId: positionRefIdSchema.nullable().default(null),
  superiorId: positionRefIdSchema.nullable().default(null),
  dataPermission: z
    .number({ message: 'required' })
    .int()
    .refine((v) => DATA_PERMISSION_VALUES.includes(v as DataPermission), 'invalid'),
  customDeptIds: z.array(positionRefIdSchema).max(200).default([]),
  isStationShowPrice: z.boolean().default(true),
  isStationAcrossUser: z.boolean().default(true),
  isStationCheckIp: z.boolean().default(false),
  allowedIps: z.array(allowedIpSchema).max(100).default([]),
  isStationShowSup: z.boolean().default(true),
  permissions: z
    .array(z.string().refine(isPermissionCode, 'invalid'))
    .max(200)
    .default([...DEFAULT_POSITION_PERMISSIONS]),
});

type PositionFields = z.infer<typeof positionFieldsSchema>;

/** Custom departments are required for types 4 and 5; allowed addresses when the IP check is on. */
function refinePosition(p: PositionFields, ctx: z.RefinementCtx) {
  if (usesCustomDepartments(p.dataPermission) && p.customDeptIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['customDeptIds'] });
  }
  if (p.isStationCheckIp && p.allowedIps.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['allowedIps'] });
  }
}

export const positionCreateSchema = positionFieldsSchema.superRefine(refinePosition);
export type PositionCreateInput = z.infer<typeof positionCreateSchema>;

export const positionUpdateSchema = positionFieldsSchema.extend({ version: versionSchema }).superRefine(refinePosition);
export type PositionUpdateInput = z.infer<typeof positionUpdateSchema>;

export const positionListSchema = listQuerySchema(
  z.object({
    /** Matches the authority code or the name. */
    keyword: text(64).optional(),
    dataPermission: z
      .number()
      .int()
      .refine((v) => DATA_PERMISSION_VALUES.includes(v as DataPermission), 'invalid')
      .optional(),
  }),
);
export type PositionListQuery = z.infer<typeof positionListSchema>;

/** The holders are replaced whole: `version` is the position's, as read with the holders being replaced. */
export const positionHoldersSchema = z.object({
  employeeIds: z.array(positionRefIdSchema).max(1000),
  version: versionSchema,
});
export type PositionHoldersInput = z.infer<typeof positionHoldersSchema>;
export const positionSwitchSchema = z.object({ positionId: positionRefIdSchema });

/** A row of POST /gateway/srm/positions/list. */
export const positionRowSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  deptId: idReplySchema.nullable(),
  deptName: z.string().nullable(),
  superiorId: idReplySchema.nullable(),
  superiorName: z.string().nullable(),
  dataPermission: z.number().int(),
  customDeptIds: z.array(idReplySchema),
  isStationShowPrice: z.boolean(),
  isStationAcrossUser: z.boolean(),
  isStationCheckIp: z.boolean(),
  allowedIps: z.array(z.string()),
  isStationShowSup: z.boolean(),
  permissions: z.array(z.string()),
  holderCount: z.number().int(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PositionRow = z.input<typeof positionRowSchema>;

export const positionHolderSchema = z.object({
  id: idReplySchema,
  name: z.string(),
  platformNo: z.string(),
  deptName: z.string().nullable(),
});
export type PositionHolder = z.input<typeof positionHolderSchema>;

/** GET /gateway/srm/positions/:id */
export const positionDetailSchema = positionRowSchema.extend({ holders: z.array(positionHolderSchema) });
export type PositionDetail = z.input<typeof positionDetailSchema>;

/** An entry of the superior select: every position of the enterprise. */
export const positionOptionSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  superiorId: idReplySchema.nullable(),
});

/** A position the caller holds (GET /gateway/srm/positions/mine and user info). */
export const heldPositionSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});
export type HeldPosition = z.input<typeof heldPositionSchema>;

/** GET /gateway/srm/positions/mine: the positions held, the one in force, and the caller's department. */
export const positionContextSchema = z.object({
  positions: z.array(heldPositionSchema),
  activePositionId: idReplySchema.nullable(),
  dept: z.object({ deptId: idReplySchema, deptName: z.string() }).nullable(),
});
export type PositionContext = z.input<typeof positionContextSchema>;

export const activePositionSchema = z.object({ activePositionId: idReplySchema });

/** An employee offered as a position holder or listed on the trading-partner screen. */
export const positionEmployeeOptionSchema = z.object({
  id: idReplySchema,
  name: z.string(),
  platformNo: z.string(),
  deptName: z.string().nullable(),
  status: z.number().int(),
});
export type PositionEmployeeOption = z.input<typeof positionEmployeeOptionSchema>;

/** A node of the permission tree a position's codes are chosen from. */
export const permissionNodeSchema: z.ZodType<PermissionNode> = z.object({
  code: z.string(),
  get children() {
    return z.array(permissionNodeSchema).optional();
  },
});

export const orgSettingsUpdateSchema = z.object({
  privateBusinessData: z.boolean(),
  tradingPartnerRestriction: z.boolean(),
  superiorSeesSubordinates: z.boolean(),
  /** 0 while the enterprise still runs on the defaults (no settings row yet). */
  version: settingsVersionSchema,
});
export type OrgSettingsUpdateInput = z.infer<typeof orgSettingsUpdateSchema>;

export const orgSettingsViewSchema = z.object({
  privateBusinessData: z.boolean(),
  tradingPartnerRestriction: z.boolean(),
  superiorSeesSubordinates: z.boolean(),
  /** 0 while the enterprise still runs on the defaults (no settings row yet). */
  version: z.number().int().nonnegative(),
});
export type OrgSettingsView = z.input<typeof orgSettingsViewSchema>;

export const partnerRestrictionListSchema = z.object({
  keyword: text(64).optional(),
  pageNum: z.coerce.number().int().min(1).max(INT32_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PartnerRestrictionListQuery = z.infer<typeof partnerRestrictionListSchema>;

export const partnerRestrictionRowSchema = positionEmployeeOptionSchema.extend({
  supplierCount: z.number().int(),
  clientCount: z.number().int(),
});
export type PartnerRestrictionRow = z.input<typeof partnerRestrictionRowSchema>;

/** An enterprise named as a trading partner; until the archives of issue 4 exist, by enterprise number. */
export const partnerRestrictionEnterpriseSchema = z.object({
  id: idReplySchema,
  compNo: z.string(),
  name: z.string(),
});
export type PartnerRestrictionEnterprise = z.input<typeof partnerRestrictionEnterpriseSchema>;

export const partnerRestrictionDetailSchema = z.object({
  employee: positionEmployeeOptionSchema,
  supplier: z.array(partnerRestrictionEnterpriseSchema),
  client: z.array(partnerRestrictionEnterpriseSchema),
  /** The employee record's version: the staff screen writes the same partner rows. */
  version: z.number().int(),
});
export type PartnerRestrictionDetail = z.input<typeof partnerRestrictionDetailSchema>;

/** Both lists are replaced whole: `version` is the employee's, as read with the lists being replaced. */
export const partnerRestrictionUpdateSchema = z.object({
  supplier: z.array(positionRefIdSchema).max(500),
  client: z.array(positionRefIdSchema).max(500),
  version: versionSchema,
});
export type PartnerRestrictionUpdateInput = z.infer<typeof partnerRestrictionUpdateSchema>;
