import { z } from 'zod';
import { RANK_TYPES, SCALES, VALIDITY_TYPES } from './enums.ts';
import { dateSchema, idSchema, textSchema, versionSchema } from './primitives.ts';
import { dayReplySchema, idReplySchema, timestampSchema } from './wire.ts';

export const compNoSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^\d{8}$/, { message: 'compNo' });
export const inviteCodeSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^\d{6}$/, { message: 'inviteCode' });

const text = textSchema;

/** The zone of an enterprise nobody has set one for, and of the server's own days (TIME_ZONE). */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Letters and slashes only: Intl would also take an offset (`+08:00`), which PostgreSQL reads inverted. */
const ZONE_NAME = /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/;

/** An IANA zone name as the runtime spells it (`asia/shanghai` → `Asia/Shanghai`), or null if unknown. */
export function canonicalTimeZone(zone: string): string | null {
  if (!ZONE_NAME.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * On the detail of a two-party document: the buyer's zone, which its dates and deadlines belong to, so
 * a supplier counting days in another zone reads them with the zone named.
 */
export const buyerTimeZoneReply = { buyerTimeZone: z.string() };

/** An enterprise's time zone: its days, deadlines and document numbers are counted in it. */
export const timeZoneSchema = z
  .string({ message: 'required' })
  .trim()
  .refine((v) => canonicalTimeZone(v) !== null, 'invalid')
  .transform((v) => canonicalTimeZone(v)!);

/** Enterprise info fields of spec §3 that a user may edit. */
export const enterpriseFieldsSchema = z.object({
  name: text(128).min(1, 'required'),
  shortName: text(64).min(1, 'required'),
  profile: text(2000).default(''),
  printName: text(128).default(''),
  socialCreditCode: z
    .string()
    .trim()
    .regex(/^([0-9A-HJ-NPQRTUWXY]{18})?$/, 'invalid')
    .default(''),
  industry: text(64).default(''),
  scale: z.enum([...SCALES, ''] as const, { message: 'invalid' }).default(''),
  legalPerson: text(64).default(''),
  bankName: text(128).default(''),
  bankAccount: text(64).default(''),
  contractTerms: text(5000).default(''),
  /** Going past a contract's quantity or amount cap warns instead of refusing. Absent: unchanged (off when new). */
  contractCapWarning: z.boolean().optional(),
  /** Printed under the name on the enterprise's documents (the order PDF). */
  address: text(255).default(''),
  phone: text(32).default(''),
  isDataCentre: z.boolean().default(false),
  subsidiaries: z.array(text(128)).max(100).default([]),
  divisions: z.array(text(128)).max(100).default([]),
  rankTypes: z.array(z.enum(['first', 'middle', 'last'])).default(['first', 'middle', 'last']),
  /** Absent: a new enterprise takes the server's TIME_ZONE, an edit keeps the zone it had. */
  timeZone: timeZoneSchema.optional(),
});

export const compRegisterSchema = enterpriseFieldsSchema;
export type CompRegisterInput = z.infer<typeof compRegisterSchema>;

export const attachmentSchema = z.object({ name: text(255).min(1), url: text(500).min(1) });

export const capabilitySchema = z
  .object({
    id: idSchema.optional(),
    number: text(64).min(1, 'required'),
    title: text(128).min(1, 'required'),
    remark: text(500).default(''),
    validityType: z.enum(VALIDITY_TYPES, { message: 'required' }),
    expiryDate: dateSchema.nullable().optional(),
    attachments: z.array(attachmentSchema).max(10).default([]),
  })
  .refine((c) => c.validityType !== 'date' || !!c.expiryDate, { message: 'required', path: ['expiryDate'] });

export const enterpriseUpdateSchema = enterpriseFieldsSchema.extend({
  version: versionSchema,
  capabilities: z.array(capabilitySchema).max(100).default([]),
});
export type EnterpriseUpdateInput = z.infer<typeof enterpriseUpdateSchema>;

export const acceptInviteSchema = z.object({ sysCompNo: compNoSchema, empInviteCode: inviteCodeSchema });

export const capabilityReplySchema = z.object({
  id: idReplySchema,
  number: z.string(),
  title: z.string(),
  remark: z.string(),
  validityType: z.enum(VALIDITY_TYPES),
  expiryDate: dayReplySchema.nullable(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })),
});

/** GET /gateway/srm/enterprise: the fields of spec §3; the invite code only for administrators. */
export const enterpriseInfoSchema = z.object({
  id: idReplySchema,
  compNo: z.string(),
  inviteCode: z.string().nullable(),
  version: z.number().int(),
  createdAt: timestampSchema,
  name: z.string(),
  shortName: z.string(),
  profile: z.string(),
  printName: z.string(),
  socialCreditCode: z.string(),
  industry: z.string(),
  scale: z.enum([...SCALES, '']),
  legalPerson: z.string(),
  bankName: z.string(),
  bankAccount: z.string(),
  contractTerms: z.string(),
  contractCapWarning: z.boolean(),
  address: z.string(),
  phone: z.string(),
  isDataCentre: z.boolean(),
  subsidiaries: z.array(z.string()),
  divisions: z.array(z.string()),
  rankTypes: z.array(z.enum(RANK_TYPES)),
  timeZone: z.string(),
  capabilities: z.array(capabilityReplySchema),
});
export type EnterpriseInfo = z.input<typeof enterpriseInfoSchema>;

/** compRegister: the new enterprise, whose administrator the caller now is. */
export const registeredEnterpriseSchema = z.object({
  tenantId: idReplySchema,
  compNo: z.string(),
  inviteCode: z.string(),
});

/** What someone about to join by enterprise number sees of the enterprise. */
export const enterpriseForInviteSchema = z.object({ name: z.string(), shortName: z.string() });

/** Joining an enterprise (invite code or invitation): which one, and as whom. */
export const joinedEnterpriseSchema = z.object({ tenantId: idReplySchema, username: z.string() });

export const inviteCodeReplySchema = z.object({ inviteCode: z.string() });

/** Item of GET /gateway/admin/sysuserinfo/myCompPage. */
export const tenantItemSchema = z.object({
  tenantName: z.string(),
  value: idReplySchema,
  compNo: z.string(),
  userType: z.number().int(),
  isDefault: z.boolean(),
});
export type TenantItem = z.input<typeof tenantItemSchema>;
