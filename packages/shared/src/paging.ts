import { z } from 'zod';
import { INT32_MAX, rawTextSchema } from './primitives.ts';

export const MAX_PAGE_SIZE = 100;

export const pageParamSchema = z.object({
  pageNum: z.number().int().min(1).max(INT32_MAX).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const orderParamSchema = z.array(
  z.object({
    fieldName: rawTextSchema(64),
    asc: z.boolean().default(true),
    dateAggregateBy: rawTextSchema(32).optional(),
  }),
);

/** A list filter's statuses: values of the document's status table, at most ten. */
export const statusFilterSchema = (values: Record<string, number>) =>
  z
    .array(
      z
        .number()
        .int()
        .refine((v) => Object.values(values).includes(v), 'invalid'),
    )
    .max(10);

/** Body of every `POST …/list` (ARCHITECTURE §4). */
export const listQuerySchema = <F extends z.ZodTypeAny>(filter: F) =>
  z.object({
    filter: filter.optional(),
    orderParam: orderParamSchema.max(5).optional(),
    pageParam: pageParamSchema.default({ pageNum: 1, pageSize: 20 }),
  });

export interface ListResult<T> {
  dataList: T[];
  totalCount: number;
}
