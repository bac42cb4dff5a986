import { z } from 'zod';
import { MESSAGE_KINDS } from './enums.ts';
import { INT32_MAX } from './primitives.ts';

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

export interface MessageItem {
  id: string;
  kind: string;
  title: string;
  content: string;
  link: string | null;
  isRead: boolean;
  createdAt: string;
}

/** Pushed on the websocket /gateway/admin/ws/info. */
export type RealtimePush =
  | { type: 'message'; id: string; title: string; count: number }
  | { type: 'count'; count: number };
