import { z } from 'zod';
import { CLIENT_ERROR_FIELD_MAX } from './client-errors.ts';
import { rawTextSchema, requiredTextSchema } from './primitives.ts';

export const clientErrorReportSchema = z.object({
  /** `TypeError: x is undefined`, or the rejection's reason as text. */
  message: requiredTextSchema(CLIENT_ERROR_FIELD_MAX.message),
  stack: rawTextSchema(CLIENT_ERROR_FIELD_MAX.stack).optional(),
  /** The component stack of an error boundary. */
  info: rawTextSchema(CLIENT_ERROR_FIELD_MAX.info).optional(),
  /** The page's address when it failed. */
  url: requiredTextSchema(CLIENT_ERROR_FIELD_MAX.url),
  userAgent: rawTextSchema(CLIENT_ERROR_FIELD_MAX.userAgent).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
