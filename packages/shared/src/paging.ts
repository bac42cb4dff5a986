import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

export const pageParamSchema = z.object({
  pageNum: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const orderParamSchema = z.array(
  z.object({ fieldName: z.string().max(64), asc: z.boolean().default(true), dateAggregateBy: z.string().optional() }),
);

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
