import { z } from 'zod';
import { emailSchema, isValidMobile, mobileAreaSchema } from './accounts.schema.ts';
import { MOBILE_AREAS } from './enums.ts';
import { ossFileRefReplySchema, ossFileRefSchema, srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import { requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import { PROSPECT_STATE, type ProspectState } from './sourcing.states.ts';
import { idReplySchema, oneOfReplySchema, pageReplySchema, timestampSchema } from './wire.ts';

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

export const prospectAuditRecordSchema = z.object({
  id: idReplySchema,
  result: z.enum(PROSPECT_AUDIT_RESULTS),
  score: z.number().int().nullable(),
  comment: z.string(),
  attachments: z.array(ossFileRefReplySchema),
  auditorId: idReplySchema,
  auditorName: z.string().nullable(),
  auditedAt: timestampSchema,
});
export type ProspectAuditRecord = z.input<typeof prospectAuditRecordSchema>;

export const potentialSupplierSchema = z.object({
  id: idReplySchema,
  code: z.string(),
  name: z.string(),
  contactName: z.string(),
  mobileArea: z.enum(MOBILE_AREAS),
  mobile: z.string(),
  email: z.string(),
  compNo: z.string(),
  socialCreditCode: z.string(),
  productDescription: z.string(),
  supplierClassId: idReplySchema.nullable(),
  supplierClassName: z.string().nullable(),
  requiredQualifications: z.array(z.string()),
  attachments: z.array(ossFileRefReplySchema),
  auditState: oneOfReplySchema(PROSPECT_STATE),
  convertedSupplierId: idReplySchema.nullable(),
  ownerId: idReplySchema.nullable(),
  ownerName: z.string().nullable(),
  /** The latest audit's score, if any. */
  lastScore: z.number().int().nullable(),
  lastAuditedAt: timestampSchema.nullable(),
  version: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type PotentialSupplier = z.input<typeof potentialSupplierSchema>;

export const potentialSupplierPageSchema = pageReplySchema(potentialSupplierSchema);

export const potentialSupplierDetailSchema = potentialSupplierSchema.extend({
  audits: z.array(prospectAuditRecordSchema),
});
export type PotentialSupplierDetail = z.input<typeof potentialSupplierDetailSchema>;

/** A supplier class a prospect may be filed under. */
export const prospectClassOptionSchema = z.object({ id: idReplySchema, code: z.string(), name: z.string() });

/** A converted prospect and the supplier archive row its invitation made. */
export const prospectConversionSchema = z.object({
  prospect: potentialSupplierDetailSchema,
  supplierId: idReplySchema,
});

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
export const potentialCustomerSchema = z.object({
  /** The buyer's archive row of the relation (what the invitation is answered on). */
  id: idReplySchema,
  customerTenantId: idReplySchema,
  customerName: z.string(),
  compNo: z.string(),
  industry: z.string(),
  scale: z.string(),
  /** SUPPLIER_INVITE_STATE: in progress (waiting for my data) or to be reviewed (waiting for the buyer). */
  inviteState: z.number().int(),
  chkState: z.number().int(),
  receiverName: z.string(),
  invitationDate: timestampSchema.nullable(),
});
export type PotentialCustomer = z.input<typeof potentialCustomerSchema>;

export const potentialCustomerPageSchema = pageReplySchema(potentialCustomerSchema);

export const potentialCustomerDetailSchema = potentialCustomerSchema.extend({
  fullName: z.string(),
  profile: z.string(),
  divisions: z.array(z.string()),
  /** The buyer's reason when it sent my registration back. */
  auditDescription: z.string(),
});
export type PotentialCustomerDetail = z.input<typeof potentialCustomerDetailSchema>;
