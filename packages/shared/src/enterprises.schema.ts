import { z } from 'zod';
import { SCALES, VALIDITY_TYPES } from './enums.ts';
import { dateSchema, idSchema, textSchema, versionSchema } from './primitives.ts';

export const compNoSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^\d{8}$/, { message: 'compNo' });
export const inviteCodeSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^\d{6}$/, { message: 'inviteCode' });

const text = textSchema;

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
  isDataCentre: z.boolean().default(false),
  subsidiaries: z.array(text(128)).max(100).default([]),
  divisions: z.array(text(128)).max(100).default([]),
  rankTypes: z.array(z.enum(['first', 'middle', 'last'])).default(['first', 'middle', 'last']),
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

export interface EnterpriseInfo extends z.infer<typeof enterpriseFieldsSchema> {
  id: string;
  compNo: string;
  inviteCode: string | null;
  version: number;
  createdAt: string;
  capabilities: Array<z.infer<typeof capabilitySchema> & { id: string; expiryDate: string | null }>;
}

/** Item of GET /gateway/admin/sysuserinfo/myCompPage. */
export interface TenantItem {
  tenantName: string;
  value: string;
  compNo: string;
  userType: number;
  isDefault: boolean;
}
