import { z } from 'zod';
import { buyerTimeZoneReply } from './enterprises.schema.ts';
import { NOTICE_RECIPIENT_STATUS, NOTICE_STATUS } from './notices.states.ts';
import { listQuerySchema } from './paging.ts';
import { idSchema, rawTextSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';
import { idReplySchema, oneOfReplySchema, pageReplySchema, timestampSchema } from './wire.ts';

/** Request and reply shapes of notices to suppliers (spec §2 supnotificate, newannounce, custnotificate). */

/** The shared id schema under the name the document modules import. */
export const srmIdSchema = idSchema;

const text = textSchema;
const requiredText = requiredTextSchema;

/**
 * A file reference as the upload route answers it. Only our own download path or a web address is
 * accepted, so a stored link can never be a `javascript:` URL that runs when someone clicks it.
 */
export const ossFileRefSchema = z.object({
  name: requiredText(255),
  url: rawTextSchema(500)
    .trim()
    .regex(/^(\/gateway\/system\/oss\/file\/[A-Za-z0-9._-]+|https?:\/\/[^\s"'<>]+)$/, 'invalid'),
});
export type OssFileRef = z.infer<typeof ossFileRefSchema>;

/** Rich text is sanitized on the server; this only bounds its size. */
export const NOTICE_CONTENT_MAX = 100_000;

const noticeFields = z.object({
  title: requiredText(200),
  content: rawTextSchema(NOTICE_CONTENT_MAX).default(''),
  attachments: z.array(ossFileRefSchema).max(20, 'tooLong').default([]),
  needReply: z.boolean().default(false),
  /** Suppliers chosen one by one. */
  supplierIds: z.array(srmIdSchema).max(500, 'tooLong').default([]),
  /** Supplier classes: every supplier of the class becomes a recipient. */
  supplierClassIds: z.array(srmIdSchema).max(50, 'tooLong').default([]),
});

const hasRecipients = (v: { supplierIds: string[]; supplierClassIds: string[] }) =>
  v.supplierIds.length + v.supplierClassIds.length > 0;

export const noticeCreateSchema = noticeFields.refine(hasRecipients, { message: 'required', path: ['supplierIds'] });
export type NoticeCreateInput = z.input<typeof noticeCreateSchema>;

/** The recipients of an update are checked after the notice is found, so a foreign id answers 404 first. */
export const noticeUpdateSchema = noticeFields.extend({ version: versionSchema });
export type NoticeUpdateInput = z.input<typeof noticeUpdateSchema>;

const statusOf = <T extends Record<string, number>>(values: T) =>
  z
    .number()
    .int()
    .refine((v) => Object.values(values).includes(v), 'invalid');

export const noticeListSchema = listQuerySchema(
  z.object({
    /** buyer: the notices this enterprise sent; supplier: the notices its customers sent to it. */
    side: z.enum(['buyer', 'supplier']).default('buyer'),
    /** Matches the notice number or title. */
    keyword: text(64).optional(),
    status: statusOf(NOTICE_STATUS).optional(),
    /** Supplier side: the state of my copy (unread, read, replied…). */
    recipientStatus: statusOf(NOTICE_RECIPIENT_STATUS).optional(),
  }),
);
export type NoticeListQuery = z.input<typeof noticeListSchema>;

/** Only a reply carries a body; the other steps may send none. */
export const noticeRecipientActionSchema = z
  .object({
    reply: text(2000).optional(),
    attachments: z.array(ossFileRefSchema).max(10, 'tooLong').optional(),
  })
  .nullish();
export type NoticeRecipientActionInput = z.input<typeof noticeRecipientActionSchema>;

/** A reply needs words; the attachments are optional. */
export const noticeReplySchema = z.object({
  reply: requiredText(2000),
  attachments: z.array(ossFileRefSchema).max(10, 'tooLong').default([]),
});

/** A stored file reference: checked when it was saved, sent back as it is. */
export const ossFileRefReplySchema = z.object({ name: z.string(), url: z.string() });

const noticeStatusSchema = oneOfReplySchema(NOTICE_STATUS);
const recipientStatusSchema = oneOfReplySchema(NOTICE_RECIPIENT_STATUS);

/** The buyer's list row. */
export const noticeListItemSchema = z.object({
  id: idReplySchema,
  noticeNo: z.string(),
  title: z.string(),
  status: noticeStatusSchema,
  needReply: z.boolean(),
  publishedAt: timestampSchema.nullable(),
  ownerName: z.string().nullable(),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  repliedCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type NoticeListItem = z.input<typeof noticeListItemSchema>;

/** The supplier's list row: one notice a customer sent to it and the state of its copy. */
export const receivedNoticeListItemSchema = z.object({
  id: idReplySchema,
  recipientId: idReplySchema,
  noticeNo: z.string(),
  title: z.string(),
  customerTenantId: idReplySchema,
  customerName: z.string(),
  noticeStatus: noticeStatusSchema,
  needReply: z.boolean(),
  publishedAt: timestampSchema.nullable(),
  status: recipientStatusSchema,
  readAt: timestampSchema.nullable(),
  repliedAt: timestampSchema.nullable(),
});
export type ReceivedNoticeListItem = z.input<typeof receivedNoticeListItemSchema>;

/** One route lists either side's notices, as the filter's `side` asks. */
export const noticePageSchema = z.union([
  pageReplySchema(noticeListItemSchema),
  pageReplySchema(receivedNoticeListItemSchema),
]);

export const noticeRecipientRowSchema = z.object({
  id: idReplySchema,
  supplierId: idReplySchema,
  supCode: z.string(),
  supName: z.string(),
  /** Null while the supplier is not on the network: it gets the notice by e-mail only. */
  supplierTenantId: idReplySchema.nullable(),
  delivery: z.enum(['platform', 'email']),
  status: recipientStatusSchema,
  readAt: timestampSchema.nullable(),
  reply: z.string(),
  replyAttachments: z.array(ossFileRefReplySchema),
  repliedAt: timestampSchema.nullable(),
  version: z.number().int(),
});
export type NoticeRecipientRow = z.input<typeof noticeRecipientRowSchema>;

const noticeContentSchema = z.object({
  id: idReplySchema,
  noticeNo: z.string(),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  attachments: z.array(ossFileRefReplySchema),
  needReply: z.boolean(),
  status: noticeStatusSchema,
  publishedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type NoticeContent = z.input<typeof noticeContentSchema>;

const noticeClassRefSchema = z.object({ id: idReplySchema, code: z.string(), name: z.string() });
export type NoticeClassRef = z.input<typeof noticeClassRefSchema>;

export const noticeBuyerDetailSchema = noticeContentSchema.extend({
  side: z.literal('buyer'),
  ...buyerTimeZoneReply,
  supplierClasses: z.array(noticeClassRefSchema),
  ownerName: z.string().nullable(),
  version: z.number().int(),
  recipients: z.array(noticeRecipientRowSchema),
});
export type NoticeBuyerDetail = z.input<typeof noticeBuyerDetailSchema>;

export const noticeSupplierDetailSchema = noticeContentSchema.extend({
  side: z.literal('supplier'),
  ...buyerTimeZoneReply,
  customerTenantId: idReplySchema,
  customerName: z.string(),
  recipient: noticeRecipientRowSchema,
});
export type NoticeSupplierDetail = z.input<typeof noticeSupplierDetailSchema>;

/** One route opens either side's view of a notice. */
export const noticeDetailSchema = z.discriminatedUnion('side', [noticeBuyerDetailSchema, noticeSupplierDetailSchema]);
export type NoticeDetail = z.input<typeof noticeDetailSchema>;

const noticeSkippedRecipientSchema = z.object({
  supplierId: idReplySchema,
  supName: z.string(),
  /** Why the supplier got no copy of the notice. */
  reason: z.enum(['noEmail', 'notAddressable']),
});
export type NoticeSkippedRecipient = z.input<typeof noticeSkippedRecipientSchema>;
export type NoticeSkipReason = NoticeSkippedRecipient['reason'];

/** Create and update answer the notice and the suppliers that were left out, with the reason. */
export const noticeSaveResultSchema = z.object({
  notice: noticeBuyerDetailSchema,
  skipped: z.array(noticeSkippedRecipientSchema),
});
export type NoticeSaveResult = z.input<typeof noticeSaveResultSchema>;

/** A step of the notice, and how many suppliers not on the network it was e-mailed to. */
export const noticeActionResultSchema = z.object({
  notice: noticeBuyerDetailSchema,
  emailed: z.number().int().nonnegative(),
});
export type NoticeActionResult = z.input<typeof noticeActionResultSchema>;

/** What the notice form offers as recipients. */
export const noticeRecipientOptionsSchema = z.object({
  suppliers: z.array(
    z.object({
      id: idReplySchema,
      supCode: z.string(),
      supName: z.string(),
      supplierClassId: idReplySchema.nullable(),
      /** On the network: reads the notice in Concord; otherwise only by e-mail. */
      onNetwork: z.boolean(),
      hasEmail: z.boolean(),
    }),
  ),
  classes: z.array(noticeClassRefSchema.extend({ supplierCount: z.number().int() })),
});
export type NoticeRecipientOptions = z.input<typeof noticeRecipientOptionsSchema>;
