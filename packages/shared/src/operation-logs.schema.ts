import { z } from 'zod';
import { canonicalTimeZone } from './enterprises.schema.ts';
import { OPERATION_TYPE } from './enums.ts';
import { listQuerySchema, orderParamSchema } from './paging.ts';
import { dateTimeSchema, textSchema } from './primitives.ts';
import { idReplySchema, oneOfReplySchema, timestampSchema } from './wire.ts';

/** Request and reply shapes of the operation log (spec §2 /logs). */

const OPERATION_CODES = new Set<number>(Object.values(OPERATION_TYPE));

export const operationLogFilterSchema = z.object({
  /** Part of the user name, case-insensitive. */
  username: textSchema(64).optional(),
  operationType: z
    .number()
    .int()
    .refine((v) => OPERATION_CODES.has(v), 'invalid')
    .optional(),
  module: textSchema(64).optional(),
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
});
export type OperationLogFilter = z.infer<typeof operationLogFilterSchema>;

export const operationLogListSchema = listQuerySchema(operationLogFilterSchema);
export type OperationLogListQuery = z.infer<typeof operationLogListSchema>;

export const operationLogExportSchema = z.object({
  filter: operationLogFilterSchema.optional(),
  orderParam: orderParamSchema.max(5).optional(),
  /** IANA zone the times are written in; the enterprise's when absent. */
  timeZone: textSchema(64)
    .refine((v) => canonicalTimeZone(v) !== null, 'invalid')
    .optional(),
});
export type OperationLogExportQuery = z.infer<typeof operationLogExportSchema>;

/** One entry as the list shows it, its summary rendered for the reader. */
export const operationLogSchema = z.object({
  id: idReplySchema,
  userId: idReplySchema.nullable(),
  username: z.string(),
  operationType: oneOfReplySchema(OPERATION_TYPE),
  module: z.string(),
  targetId: z.string().nullable(),
  summary: z.string(),
  ip: z.string().nullable(),
  createdAt: timestampSchema,
});
export type OperationLog = z.input<typeof operationLogSchema>;
