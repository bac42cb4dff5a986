import { z } from 'zod';
import {
  NOTICE_RECIPIENT_STATUS,
  NOTICE_STATUS,
  type NoticeRecipientStatus,
  type NoticeStatus,
} from './notices.states.ts';
import { listQuerySchema } from './paging.ts';
import { idSchema, rawTextSchema, requiredTextSchema, textSchema, versionSchema } from './primitives.ts';

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

/** The buyer's list row. */
export interface NoticeListItem {
  id: string;
  noticeNo: string;
  title: string;
  status: NoticeStatus;
  needReply: boolean;
  publishedAt: string | null;
  ownerName: string | null;
  recipientCount: number;
  readCount: number;
  repliedCount: number;
  createdAt: string;
  updatedAt: string;
}

/** The supplier's list row: one notice a customer sent to it and the state of its copy. */
export interface ReceivedNoticeListItem {
  id: string;
  recipientId: string;
  noticeNo: string;
  title: string;
  customerTenantId: string;
  customerName: string;
  noticeStatus: NoticeStatus;
  needReply: boolean;
  publishedAt: string | null;
  status: NoticeRecipientStatus;
  readAt: string | null;
  repliedAt: string | null;
}

export interface NoticeRecipientRow {
  id: string;
  supplierId: string;
  supCode: string;
  supName: string;
  /** Null while the supplier is not on the network: it gets the notice by e-mail only. */
  supplierTenantId: string | null;
  delivery: 'platform' | 'email';
  status: NoticeRecipientStatus;
  readAt: string | null;
  reply: string;
  replyAttachments: OssFileRef[];
  repliedAt: string | null;
  version: number;
}

export interface NoticeContent {
  id: string;
  noticeNo: string;
  title: string;
  /** Sanitized HTML. */
  content: string;
  attachments: OssFileRef[];
  needReply: boolean;
  status: NoticeStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface NoticeClassRef {
  id: string;
  code: string;
  name: string;
}

export interface NoticeBuyerDetail extends NoticeContent {
  side: 'buyer';
  supplierClasses: NoticeClassRef[];
  ownerName: string | null;
  version: number;
  recipients: NoticeRecipientRow[];
}

export interface NoticeSupplierDetail extends NoticeContent {
  side: 'supplier';
  customerTenantId: string;
  customerName: string;
  recipient: NoticeRecipientRow;
}

export type NoticeDetail = NoticeBuyerDetail | NoticeSupplierDetail;

/** Why a chosen supplier got no copy of the notice. */
export type NoticeSkipReason = 'noEmail' | 'notAddressable';

export interface NoticeSkippedRecipient {
  supplierId: string;
  supName: string;
  reason: NoticeSkipReason;
}

/** Create and update answer the notice and the suppliers that were left out, with the reason. */
export interface NoticeSaveResult {
  notice: NoticeBuyerDetail;
  skipped: NoticeSkippedRecipient[];
}

/** What the notice form offers as recipients. */
export interface NoticeRecipientOptions {
  suppliers: {
    id: string;
    supCode: string;
    supName: string;
    supplierClassId: string | null;
    /** On the network: reads the notice in Concord; otherwise only by e-mail. */
    onNetwork: boolean;
    hasEmail: boolean;
  }[];
  classes: (NoticeClassRef & { supplierCount: number })[];
}
