import { z } from 'zod';
import { MESSAGE_KINDS } from './enums.ts';
import { INT32_MAX } from './primitives.ts';
import { idReplySchema, pageReplySchema, timestampSchema } from './wire.ts';

export const myMessagesQuerySchema = z.object({
  pageNum: z.coerce.number().int().min(1).max(INT32_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  isRead: z.enum(['true', 'false']).optional(),
  kind: z.enum(MESSAGE_KINDS).optional(),
});

export const messageSettingsSchema = z.object({
  emailEnabled: z.boolean(),
  mutedKinds: z.array(z.enum(MESSAGE_KINDS)).default([]),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

export const messageItemSchema = z.object({
  id: idReplySchema,
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: timestampSchema,
});
export type MessageItem = z.input<typeof messageItemSchema>;

export const messagePageSchema = pageReplySchema(messageItemSchema);

/** The settings reply: the kinds stored are always known ones, since the request validates them. */
export const messageSettingsReplySchema = z.object({
  emailEnabled: z.boolean(),
  mutedKinds: z.array(z.enum(MESSAGE_KINDS)),
});

/** Pushed on the websocket /gateway/admin/ws/info. */
export type RealtimePush =
  | { type: 'message'; id: string; title: string; count: number }
  | { type: 'count'; count: number };
