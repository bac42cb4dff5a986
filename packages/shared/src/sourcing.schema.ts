import { z } from 'zod';
import { emailSchema, isValidMobile, mobileAreaSchema } from './accounts.schema.ts';
import type { MobileArea } from './enums.ts';
import { type OssFileRef, ossFileRefSchema, srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import { PROSPECT_STATE, type ProspectState } from './sourcing.states.ts';

/** Request and reply shapes of the prospect pool and its audits (spec §2 /purchase/sourcing, supplier-audit). */

const text = textSchema;
const requiredText = requiredTextSchema;

const prospectFields = z.object({
  /** The invited enterprise of the later invitation (spec §5: required). */
  name: requiredText(128),
  /** The receiver of the later invitation (spec §5: required). */
  contactName: requiredText(64),
  mobileArea: mobileAreaSchema,
  mobile: z.string().trim().max(11, 'mobile').default(''),
  email: z.union([z.literal(''), emailSchema]).default(''),
  /** The enterprise number when the prospect is already on the network. */
  compNo: z
    .string()
    .trim()
    .regex(/^(\d{8})?$/, 'compNo')
    .default(''),
  socialCreditCode: z
    .string()
    .trim()
    .regex(/^([0-9A-HJ-NPQRTUWXY]{18})?$/, 'invalid')
    .default(''),
  productDescription: text(2000).default(''),
  supplierClassId: srmIdSchema.nullable().default(null),
  /** Names of the qualification documents the prospect must provide before it is approved. */
  requiredQualifications: z.array(requiredText(128)).max(50, 'tooLong').default([]),
  attachments: z.array(ossFileRefSchema).max(20, 'tooLong').default([]),
});

type ProspectShape = z.infer<typeof prospectFields>;

/** Spec §5 invitation: mobile or e-mail, at least one; a mobile must be valid for its area. */
function refineContact(v: Pick<ProspectShape, 'mobile' | 'email' | 'mobileArea'>, ctx: z.RefinementCtx) {
  if (!v.mobile && !v.email) ctx.addIssue({ code: 'custom', message: 'required', path: ['mobile'] });
  if (v.mobile && !isValidMobile(v.mobile, v.mobileArea)) {
    ctx.addIssue({ code: 'custom', message: 'mobile', path: ['mobile'] });
  }
}

export const prospectCreateSchema = prospectFields.superRefine(refineContact);
export type ProspectCreateInput = z.input<typeof prospectCreateSchema>;

export const prospectUpdateSchema = prospectFields.extend({ version: versionSchema }).superRefine(refineContact);
export type ProspectUpdateInput = z.input<typeof prospectUpdateSchema>;

export const prospectListSchema = listQuerySchema(
  z.object({
    /** Matches the code, name, contact or enterprise number. */
    keyword: text(64).optional(),
    auditState: z
      .number()
      .int()
      .refine((v) => Object.values(PROSPECT_STATE).includes(v as ProspectState), 'invalid')
      .optional(),
    supplierClassId: srmIdSchema.optional(),
  }),
);
export type ProspectListQuery = z.input<typeof prospectListSchema>;

export const PROSPECT_AUDIT_RESULTS = ['pass', 'fail'] as const;
export type ProspectAuditResult = (typeof PROSPECT_AUDIT_RESULTS)[number];

export const prospectAuditSchema = z
  .object({
    result: z.enum(PROSPECT_AUDIT_RESULTS, { message: 'required' }),
    score: z.number({ message: 'required' }).int('invalid').min(0, 'invalid').max(100, 'invalid'),
    comment: text(1000).default(''),
    attachments: z.array(ossFileRefSchema).max(10, 'tooLong').default([]),
  })
  // A failed audit tells the purchaser what to improve.
  .refine((v) => v.result === 'pass' || v.comment.length > 0, { message: 'required', path: ['comment'] });
export type ProspectAuditInput = z.input<typeof prospectAuditSchema>;

export interface ProspectAuditRecord {
  id: string;
  result: ProspectAuditResult;
  score: number | null;
  comment: string;
  attachments: OssFileRef[];
  auditorId: string;
  auditorName: string | null;
  auditedAt: string;
}

export interface PotentialSupplier {
  id: string;
  code: string;
  name: string;
  contactName: string;
  mobileArea: MobileArea;
  mobile: string;
  email: string;
  compNo: string;
  socialCreditCode: string;
  productDescription: string;
  supplierClassId: string | null;
  supplierClassName: string | null;
  requiredQualifications: string[];
  attachments: OssFileRef[];
  auditState: ProspectState;
  convertedSupplierId: string | null;
  ownerId: string | null;
  ownerName: string | null;
  /** The latest audit's score, if any. */
  lastScore: number | null;
  lastAuditedAt: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface PotentialSupplierDetail extends PotentialSupplier {
  audits: ProspectAuditRecord[];
}

// ---------------------------------------------------------------------------------------------
// Supplier side: potential customers (spec §2 /opportunity/potentialcustomers)

export const potentialCustomerListSchema = listQuerySchema(
  z.object({
    /** Matches the customer's name or enterprise number. */
    keyword: text(64).optional(),
  }),
);
export type PotentialCustomerListQuery = z.input<typeof potentialCustomerListSchema>;

/** A buyer on the network that invited my enterprise as its supplier and is not my customer yet. */
export interface PotentialCustomer {
  /** The buyer's archive row of the relation (what the invitation is answered on). */
  id: string;
  customerTenantId: string;
  customerName: string;
  compNo: string;
  industry: string;
  scale: string;
  /** SUPPLIER_INVITE_STATE: in progress (waiting for my data) or to be reviewed (waiting for the buyer). */
  inviteState: number;
  chkState: number;
  receiverName: string;
  invitationDate: string | null;
}

export interface PotentialCustomerDetail extends PotentialCustomer {
  fullName: string;
  profile: string;
  divisions: string[];
  /** The buyer's reason when it sent my registration back. */
  auditDescription: string;
}
