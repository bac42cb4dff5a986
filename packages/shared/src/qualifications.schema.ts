import { z } from 'zod';
import { srmIdSchema } from './notices.schema.ts';
import { listQuerySchema } from './paging.ts';
import {
  calendarDate,
  dateSchema,
  isId,
  rawTextSchema,
  requiredTextSchema,
  textSchema,
  versionSchema,
} from './primitives.ts';
import { QUALIFICATION_STATUS } from './qualifications.states.ts';
import {
  dayReplySchema,
  documentHistoryEntrySchema,
  documentSideReplySchema,
  idReplySchema,
  maskable,
  oneOfReplySchema,
  timestampSchema,
} from './wire.ts';

/** Request and reply shapes of qualification documents and their requirements (spec §2, §3, §5, §9). */

const text = textSchema;
const requiredText = requiredTextSchema;

/** Spec §9: 1, 3 or 5 years; also long-term and a specified date (spec §3 "fileDqDate may be long-term"). */
export const QUALIFICATION_VALIDITY_TYPES = ['1', '3', '5', 'long', 'date'] as const;
export type QualificationValidityType = (typeof QUALIFICATION_VALIDITY_TYPES)[number];

export const QUALIFICATION_SCOPE_TYPES = ['class', 'supplier', 'material'] as const;
export type QualificationScopeType = (typeof QUALIFICATION_SCOPE_TYPES)[number];

/** Attachments of one document; each must still satisfy the upload limits of spec §5 when uploaded. */
export const QUALIFICATION_MAX_ATTACHMENTS = 10;

function parts(date: string): [number, number, number] | null {
  return date.length === 10 ? calendarDate(date) : null;
}

/** Midnight UTC of a day; unlike Date.UTC, years 0–99 stay themselves. */
function utc(year: number, monthIndex: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, day);
  return d;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The shared date schema under the name the document modules import. */
export const qualificationDateSchema = dateSchema;

export function addCalendarDays(date: string, days: number): string {
  const p = parts(date);
  if (!p) throw new Error(`not a date: ${date}`);
  return iso(utc(p[0], p[1] - 1, p[2] + days));
}

/** The same day `years` later; 29 February becomes 28 February in a common year. */
export function addCalendarYears(date: string, years: number): string {
  const p = parts(date);
  if (!p) throw new Error(`not a date: ${date}`);
  const target = utc(p[0] + years, p[1] - 1, p[2]);
  return target.getUTCMonth() === p[1] - 1 ? iso(target) : iso(utc(p[0] + years, p[1], 0));
}

/**
 * The last valid day of a document: build date plus 1, 3 or 5 years; null for long-term; the given
 * date for a specified one (the supplier's own, else the one the request set).
 */
export function computeFileDqDate(validityType: string, buildDate: string, specified?: string | null): string | null {
  if (validityType === 'long') return null;
  if (validityType === 'date') return specified ?? null;
  return addCalendarYears(buildDate, Number(validityType));
}

/**
 * An upload reference as `/gateway/system/oss/upload` answers it. Only our own download path is
 * accepted: a document's files must have passed the server's type and size checks (spec §5).
 */
export const uploadedFileRefSchema = z.object({
  name: requiredText(255),
  url: rawTextSchema(500).regex(/^\/gateway\/system\/oss\/file\/[0-9a-f]{32}\.(png|jpg|pdf|zip)$/, 'invalid'),
});
export type UploadedFileRef = z.infer<typeof uploadedFileRefSchema>;

const requirementShape = z.object({
  fileName: requiredText(100),
  description: text(500).default(''),
  fileType: text(50).default(''),
  isNecessary: z.boolean().default(true),
  validityType: z.enum(QUALIFICATION_VALIDITY_TYPES, { message: 'required' }).default('1'),
  /** The specified expiry date when validityType is 'date'. */
  validDate: qualificationDateSchema.nullable().default(null),
  /** How many valid files the supplier must attach (at least this many). */
  validQuantity: z.number().int().min(1, 'invalid').max(QUALIFICATION_MAX_ATTACHMENTS, 'invalid').default(1),
  templateFile: uploadedFileRefSchema.nullable().default(null),
});

const dateWhenSpecified = (v: { validityType: string; validDate: string | null }) =>
  v.validityType !== 'date' || !!v.validDate;
const specifiedDate = { message: 'required', path: ['validDate'] };

/** What one requested document asks for; also the fields of a stored requirement. */
export const qualificationItemSchema = requirementShape
  .extend({ requirementId: srmIdSchema.nullable().default(null) })
  .refine(dateWhenSpecified, specifiedDate);
export type QualificationItemInput = z.input<typeof qualificationItemSchema>;

/** A stored material scope names the material number until the material archive exists. */
const scopeIdSchema = z
  .string({ message: 'required' })
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,64}$/, 'invalid');

/** A class or supplier scope names its row by id; only a material scope is a material number. */
const scopeNamesRow = (v: { scopeType: string; scopeId: string }) => v.scopeType === 'material' || isId(v.scopeId);
const scopeRow = { message: 'invalid', path: ['scopeId'] };

export const qualificationRequirementSchema = requirementShape
  .extend({ scopeType: z.enum(QUALIFICATION_SCOPE_TYPES, { message: 'required' }), scopeId: scopeIdSchema })
  .refine(dateWhenSpecified, specifiedDate)
  .refine(scopeNamesRow, scopeRow);
export type QualificationRequirementInput = z.input<typeof qualificationRequirementSchema>;

export const qualificationRequirementUpdateSchema = requirementShape
  .extend({
    scopeType: z.enum(QUALIFICATION_SCOPE_TYPES, { message: 'required' }),
    scopeId: scopeIdSchema,
    version: versionSchema,
  })
  .refine(dateWhenSpecified, specifiedDate)
  .refine(scopeNamesRow, scopeRow);
export type QualificationRequirementUpdateInput = z.input<typeof qualificationRequirementUpdateSchema>;

/**
 * A request: every item goes to every chosen supplier and every supplier of the chosen classes, one
 * document per supplier and item. `send: false` keeps them as drafts.
 */
export const qualificationRequestSchema = z
  .object({
    supplierIds: z.array(srmIdSchema).max(500, 'tooLong').default([]),
    supplierClassIds: z.array(srmIdSchema).max(50, 'tooLong').default([]),
    items: z.array(qualificationItemSchema).min(1, 'required').max(20, 'tooLong'),
    send: z.boolean().default(true),
  })
  .refine((v) => v.supplierIds.length + v.supplierClassIds.length > 0, { message: 'required', path: ['supplierIds'] });
export type QualificationRequestInput = z.input<typeof qualificationRequestSchema>;

/** The buyer edits a draft or withdrawn request. */
export const qualificationUpdateSchema = requirementShape
  .extend({ version: versionSchema })
  .refine(dateWhenSpecified, specifiedDate);
export type QualificationUpdateInput = z.input<typeof qualificationUpdateSchema>;

/**
 * The supplier's answer. The server also checks what the document decides: at least `validQuantity`
 * files, a build date not in the future, and an expiry date after it.
 */
export const qualificationReplySchema = z.object({
  attachments: z.array(uploadedFileRefSchema).min(1, 'required').max(QUALIFICATION_MAX_ATTACHMENTS, 'tooLong'),
  documentCode: requiredText(64),
  buildDate: qualificationDateSchema,
  /** Only for a 'date' validity: the expiry printed on the certificate. */
  fileDqDate: qualificationDateSchema.nullable().optional(),
});
export type QualificationReplyInput = z.input<typeof qualificationReplySchema>;

/** Body of `POST /:id/actions/:action`: the reply for reply/renew, a comment for fail (optional for pass). */
export const qualificationActionSchema = z
  .object({
    comment: text(500).optional(),
    attachments: z.array(uploadedFileRefSchema).max(QUALIFICATION_MAX_ATTACHMENTS, 'tooLong').optional(),
    documentCode: text(64).optional(),
    buildDate: qualificationDateSchema.optional(),
    fileDqDate: qualificationDateSchema.nullable().optional(),
  })
  .default({});
export type QualificationActionInput = z.input<typeof qualificationActionSchema>;

const statusSchema = z
  .number()
  .int()
  .refine((v) => (Object.values(QUALIFICATION_STATUS) as number[]).includes(v), 'invalid');

export const qualificationListSchema = listQuerySchema(
  z.object({
    /** buyer: documents this enterprise requested; supplier: documents its customers requested from it. */
    side: z.enum(['buyer', 'supplier']).default('buyer'),
    supplierId: srmIdSchema.optional(),
    customerTenantId: srmIdSchema.optional(),
    statuses: z.array(statusSchema).max(10).optional(),
    fileName: text(100).optional(),
    /** Range of `fileDqDate` (the due date), both ends included. */
    dueFrom: qualificationDateSchema.optional(),
    dueTo: qualificationDateSchema.optional(),
  }),
);
export type QualificationListQuery = z.input<typeof qualificationListSchema>;

export const qualificationRequirementListSchema = listQuerySchema(
  z.object({
    scopeType: z.enum(QUALIFICATION_SCOPE_TYPES).optional(),
    scopeId: scopeIdSchema.optional(),
    fileName: text(100).optional(),
  }),
);
export type QualificationRequirementListQuery = z.input<typeof qualificationRequirementListSchema>;

export const qualificationRunExpirySchema = z.object({
  /** Demo environments only: run the check as of this day (a faked clock). */
  asOf: qualificationDateSchema.optional(),
});

// ---------------------------------------------------------------------------------------------
// Replies

/** A stored file reference as replies carry it: what was checked on upload is read back as it is. */
const fileRefReplySchema = z.object({ name: z.string(), url: z.string() });

/** A supplier's name in a reply: `***` where the viewer's position hides supplier names. */
const supplierNameReply = maskable(z.string());

const documentFields = {
  id: idReplySchema,
  fileCode: z.string(),
  fileName: z.string(),
  description: z.string(),
  fileType: z.string(),
  isNecessary: z.boolean(),
  validityType: z.enum(QUALIFICATION_VALIDITY_TYPES),
  fileDqDate: dayReplySchema.nullable(),
  validQuantity: z.number().int(),
  status: oneOfReplySchema(QUALIFICATION_STATUS),
  result: z.enum(['pass', 'fail']).nullable(),
  documentCode: z.string(),
  buildDate: dayReplySchema.nullable(),
  submitTime: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
};

export const qualificationListItemSchema = z.object({
  ...documentFields,
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: supplierNameReply,
  /** The customer (buyer) enterprise, on the supplier side. */
  customerTenantId: idReplySchema,
  customerName: z.string(),
  attachmentCount: z.number().int(),
  ownerName: z.string().nullable(),
});
export type QualificationListItem = z.input<typeof qualificationListItemSchema>;

export type QualificationHistoryEntry = z.input<typeof documentHistoryEntrySchema>;

export const qualificationDetailSchema = qualificationListItemSchema.extend({
  /** Which side the caller is on for this document. */
  side: documentSideReplySchema,
  templateFile: fileRefReplySchema.nullable(),
  attachments: z.array(fileRefReplySchema),
  resultComment: z.string(),
  requirementId: idReplySchema.nullable(),
  version: z.number().int(),
  history: z.array(documentHistoryEntrySchema),
});
export type QualificationDetail = z.input<typeof qualificationDetailSchema>;

export const qualificationSkippedSchema = z.object({
  supplierId: idReplySchema,
  supName: supplierNameReply,
  reason: z.enum(['notAddressable', 'notOnNetwork']),
});
export type QualificationSkipped = z.input<typeof qualificationSkippedSchema>;

export const qualificationRequestResultSchema = z.object({
  documentIds: z.array(idReplySchema),
  skipped: z.array(qualificationSkippedSchema),
});
export type QualificationRequestResult = z.input<typeof qualificationRequestResultSchema>;

export const qualificationRequirementReplySchema = z.object({
  id: idReplySchema,
  scopeType: z.enum(QUALIFICATION_SCOPE_TYPES),
  /** The class or supplier id, or the material number. */
  scopeId: z.string(),
  /** The class code and name, or the material number; empty for a supplier scope. */
  scopeName: z.string(),
  /** The supplier's name for a supplier scope (masked like every supplier name, T-06). */
  supName: supplierNameReply,
  fileName: z.string(),
  description: z.string(),
  fileType: z.string(),
  isNecessary: z.boolean(),
  validityType: z.enum(QUALIFICATION_VALIDITY_TYPES),
  validDate: dayReplySchema.nullable(),
  validQuantity: z.number().int(),
  templateFile: fileRefReplySchema.nullable(),
  version: z.number().int(),
  updatedAt: timestampSchema,
});
export type QualificationRequirement = z.input<typeof qualificationRequirementReplySchema>;

export const qualificationOptionsSchema = z.object({
  suppliers: z.array(
    z.object({
      id: idReplySchema,
      supCode: z.string(),
      supName: supplierNameReply,
      supplierClassId: idReplySchema.nullable(),
      onNetwork: z.boolean(),
      /** Blacklisted, invalid or stopped: no new request can go to it. */
      blocked: z.boolean(),
    }),
  ),
  classes: z.array(z.object({ id: idReplySchema, code: z.string(), name: z.string() })),
  customers: z.array(z.object({ tenantId: idReplySchema, name: z.string() })),
  expiringDays: z.number().int(),
});
export type QualificationOptions = z.input<typeof qualificationOptionsSchema>;

export const qualificationExpiryResultSchema = z.object({
  asOf: dayReplySchema,
  expiring: z.number().int(),
  expired: z.number().int(),
  notified: z.number().int(),
});
export type QualificationExpiryResult = z.input<typeof qualificationExpiryResultSchema>;
