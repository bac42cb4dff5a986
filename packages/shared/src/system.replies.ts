import { z } from 'zod';
import { idReplySchema, timestampSchema } from './wire.ts';

/** The health check: what a load balancer or an operator reads. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
});
export type Health = z.input<typeof healthSchema>;

/** Liveness: the process answers; a restart is due only when this fails. */
export const liveSchema = z.object({ status: z.literal('ok'), version: z.string() });

/** Readiness: the database answers and every migration of this version is applied. */
export const readySchema = z.object({
  status: z.enum(['ok', 'degraded']),
  db: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending']),
  version: z.string(),
});
export const readyDownSchema = z.object({ code: z.literal(1), msg: z.string(), data: readySchema });

/** The health check's 503: the usual envelope, saying the database is down. */
export const healthDownSchema = z.object({ code: z.literal(1), msg: z.string(), data: healthSchema });

/** A message the development outbox kept instead of sending it. */
export const outboxItemSchema = z.object({
  id: idReplySchema,
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: timestampSchema,
});
export type OutboxItem = z.input<typeof outboxItemSchema>;

/** A stored upload: `url` is what a document saves to link it. */
export const uploadedFileSchema = z.object({
  url: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type UploadedFile = z.input<typeof uploadedFileSchema>;
